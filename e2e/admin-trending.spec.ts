import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import {
  adminApi,
  clearTrending,
  expectToast,
  getJson,
  openDashboard,
  recordApiCalls,
  restoreCuration,
  snapshotCuration,
  type CurationSnapshot,
  type TrendingJson,
} from './support/admin.ts';

test.use({ viewport: { width: 1280, height: 800 } });

let api: APIRequestContext;
let seeded: CurationSnapshot;

test.beforeAll(async () => {
  api = await adminApi();
  seeded = await snapshotCuration(api);
});

test.afterAll(async () => {
  await restoreCuration(api, seeded);
  await api.dispose();
});

const trendingByRank = async () =>
  (await getJson<TrendingJson[]>(api, '/api/trending')).sort((a, b) => a.rank - b.rank);

const itemTitles = (page: Page) => page.getByTestId('trending-item').getByTestId('item-title').allTextContents();

/** Bring the list to exactly seven items, whatever an earlier test left. */
async function fillToSeven() {
  const items = await trendingByRank();
  const taken = new Set(items.map((i) => i.rank));
  const trendingIds = new Set(items.map((i) => i.seriesId));
  const spare = (await getJson<{ id: number }[]>(api, '/api/series')).filter((s) => !trendingIds.has(s.id));
  for (let rank = 1; rank <= 7; rank++) {
    if (taken.has(rank)) continue;
    const res = await api.post('/api/trending', { data: { seriesId: spare.shift()!.id, rank, isActive: true } });
    expect(res.status(), await res.text()).toBe(201);
  }
}

test('trending: at 7 items the add section is gone; remove frees a rank; add at a free rank', async ({
  gatedPage: page,
}) => {
  await fillToSeven();
  await openDashboard(page, 'trending');
  await expect(page.getByText('at most 7 items')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Current Trending Items (7 of 7)' })).toBeVisible();
  const start = await trendingByRank();
  expect(await itemTitles(page)).toEqual(start.map((i) => i.series.title));
  // The 8th is refused in the UI: no candidates and no rank dropdowns.
  await expect(page.getByTestId('trending-full')).toBeVisible();
  await expect(page.getByTestId('trending-candidate')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: /^Rank \(1-7\)/ })).toHaveCount(0);

  // Remove the item at rank 3.
  const third = start.find((i) => i.rank === 3)!;
  await page.getByRole('button', { name: `Remove ${third.series.title} from Trending Now` }).click();
  await expectToast(page, 'Removed from trending');
  await expect(page.getByRole('heading', { name: 'Current Trending Items (6 of 7)' })).toBeVisible();
  expect((await trendingByRank()).map((i) => i.id)).not.toContain(third.id);

  // The add section is back; each dropdown offers only the free rank.
  const candidate = page.getByTestId('trending-candidate').first();
  await expect(candidate).toBeVisible();
  const title = (await candidate.getByTestId('item-title').textContent())!;
  const rank = page.getByRole('combobox', { name: `Rank (1-7) for ${title}` });
  await expect(rank.locator('option')).toHaveText(['Rank (1-7)', 'Rank 3']);
  const add = page.getByRole('button', { name: `Add ${title} to Trending Now` });
  await expect(add).toBeDisabled();
  await rank.selectOption('3');
  const calls = recordApiCalls(page);
  await add.click();
  await expectToast(page, 'Added to trending');
  await expect(page.getByRole('heading', { name: 'Current Trending Items (7 of 7)' })).toBeVisible();
  const post = JSON.parse(calls.find((c) => c.method === 'POST' && c.path === '/api/trending')!.body!);
  expect(post).toMatchObject({ rank: 3, isActive: true });
  expect(post.matchPercentage).toBeGreaterThanOrEqual(85);
  expect(post.matchPercentage).toBeLessThanOrEqual(99);
  const added = (await trendingByRank()).find((i) => i.series.title === title)!;
  expect(added.rank).toBe(3);
  await expect(page.getByTestId('trending-item').nth(2)).toContainText(title);
  await expect(page.getByTestId('trending-item').nth(2)).toContainText(`${added.matchPercentage}% match`);
  await expect(page.getByTestId('trending-full')).toBeVisible();
});

test('trending: Match % saves 1-99 on Enter or blur and ignores 0 and 100', async ({ gatedPage: page }) => {
  await fillToSeven();
  await openDashboard(page, 'trending');
  const item = (await trendingByRank())[0]!;
  const target = item.matchPercentage === 90 ? 91 : 90;
  const input = page.getByRole('spinbutton', { name: `Match % for ${item.series.title}` });
  await expect(input).toHaveValue(String(item.matchPercentage));
  const calls = recordApiCalls(page);
  const puts = () => calls.filter((c) => c.method === 'PUT' && c.path === `/api/trending/${item.id}`);

  await input.fill('0');
  await input.press('Enter');
  await expect(input).toHaveValue(String(item.matchPercentage));
  await input.fill('100');
  await input.blur();
  await expect(input).toHaveValue(String(item.matchPercentage));
  await page.waitForTimeout(300);
  expect(puts()).toEqual([]);
  expect((await trendingByRank())[0]!.matchPercentage).toBe(item.matchPercentage);

  await input.fill(String(target));
  await input.press('Enter');
  await expectToast(page, 'Trending updated');
  await expect(page.getByTestId('trending-item').first()).toContainText(`${target}% match`);
  expect(puts().map((c) => JSON.parse(c.body!))).toEqual([{ matchPercentage: target }]);
  expect((await trendingByRank())[0]!.matchPercentage).toBe(target);

  // Blur saves too.
  const blurInput = page.getByRole('spinbutton', { name: `Match % for ${item.series.title}` });
  await blurInput.fill('12');
  await blurInput.blur();
  await expectToast(page, 'Trending updated');
  await expect(page.getByTestId('trending-item').first()).toContainText('12% match');
  expect((await trendingByRank())[0]!.matchPercentage).toBe(12);
});

test('trending: move up/down swaps the ranks of neighbours, kept after reload', async ({ gatedPage: page }) => {
  await fillToSeven();
  await openDashboard(page, 'trending');
  const start = await trendingByRank();
  const [a, b] = [start[0]!, start[1]!];
  await expect(page.getByRole('button', { name: `Move ${a.series.title} up` })).toBeDisabled();
  await expect(page.getByRole('button', { name: `Move ${start.at(-1)!.series.title} down` })).toBeDisabled();

  const calls = recordApiCalls(page);
  await page.getByRole('button', { name: `Move ${a.series.title} down` }).click();
  await expectToast(page, 'Trending reordered');
  const sent = JSON.parse(calls.find((c) => c.method === 'PUT' && c.path === '/api/trending/reorder')!.body!) as {
    items: { id: number; rank: number }[];
  };
  expect(sent.items).toHaveLength(start.length);
  expect(sent.items).toContainEqual({ id: a.id, rank: b.rank });
  expect(sent.items).toContainEqual({ id: b.id, rank: a.rank });

  const after = await trendingByRank();
  expect(after.map((i) => i.id)).toEqual([b.id, a.id, ...start.slice(2).map((i) => i.id)]);
  await page.reload();
  await expect.poll(() => itemTitles(page)).toEqual(after.map((i) => i.series.title));
  await expect(page.getByTestId('trending-item').first()).toContainText(`#${a.rank}`);
});

test('trending: the empty text', async ({ gatedPage: page }) => {
  await clearTrending(api);
  await openDashboard(page, 'trending');
  await expect(page.getByText('No trending items yet. Add some series to get started!')).toBeVisible();
  await expect(
    page
      .getByRole('combobox', { name: /^Rank \(1-7\) for / })
      .first()
      .locator('option'),
  ).toHaveText(['Rank (1-7)', 'Rank 1', 'Rank 2', 'Rank 3', 'Rank 4', 'Rank 5', 'Rank 6', 'Rank 7']);
});
