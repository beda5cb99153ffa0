import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import {
  adminApi,
  clearCarousel,
  expectToast,
  getJson,
  openDashboard,
  recordApiCalls,
  restoreCuration,
  snapshotCuration,
  type CarouselJson,
  type CurationSnapshot,
  type SeriesJson,
} from './support/admin.ts';

// The carousel tab on a phone: the dashboard has to be usable there too.
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

const carouselInOrder = async () =>
  (await getJson<CarouselJson[]>(api, '/api/carousel')).sort((a, b) => a.displayOrder - b.displayOrder);

const itemTitles = (page: Page) => page.getByTestId('carousel-item').getByTestId('item-title').allTextContents();

test('carousel: add appends, move reorders (kept after reload), remove deletes', async ({ gatedPage: page }) => {
  const start = await carouselInOrder();
  expect(start.length).toBeGreaterThanOrEqual(2);
  await openDashboard(page, 'carousel');
  await expect(page.getByRole('heading', { name: `Current Carousel (${start.length} items)` })).toBeVisible();
  expect(await itemTitles(page)).toEqual(start.map((item) => item.series.title));
  await expect(page.getByTestId('carousel-item').first()).toContainText(`#${start[0]!.displayOrder}`);

  // Ends are disabled.
  const first = start[0]!.series.title;
  const last = start.at(-1)!.series.title;
  await expect(page.getByRole('button', { name: `Move ${first} up` })).toBeDisabled();
  await expect(page.getByRole('button', { name: `Move ${last} down` })).toBeDisabled();
  await expect(page.getByRole('button', { name: `Move ${first} down` })).toBeEnabled();

  // Only series not in the carousel are offered.
  const inCarousel = new Set(start.map((item) => item.seriesId));
  const offered = await page
    .getByTestId('carousel-candidate')
    .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-series-id'))));
  expect(offered.length).toBeGreaterThan(0);
  for (const id of offered) expect(inCarousel.has(id)).toBe(false);

  // Add: appended at N + 1.
  const calls = recordApiCalls(page);
  const candidate = page.getByTestId('carousel-candidate').first();
  const addedTitle = (await candidate.getByTestId('item-title').textContent())!;
  await page.getByRole('button', { name: `Add ${addedTitle} to the carousel` }).click();
  await expectToast(page, 'Added to carousel');
  await expect(page.getByRole('heading', { name: `Current Carousel (${start.length + 1} items)` })).toBeVisible();
  const post = calls.find((c) => c.method === 'POST' && c.path === '/api/carousel');
  expect(JSON.parse(post!.body!)).toMatchObject({ displayOrder: start.length + 1, isActive: true });
  const afterAdd = await carouselInOrder();
  expect(afterAdd.at(-1)!.series.title).toBe(addedTitle);
  expect(await itemTitles(page)).toEqual(afterAdd.map((item) => item.series.title));
  await expect(
    page.locator(`[data-testid="carousel-candidate"][data-series-id="${afterAdd.at(-1)!.seriesId}"]`),
  ).toHaveCount(0);

  // Move the new last item up: the whole list is sent with 1-based positions.
  await page.getByRole('button', { name: `Move ${addedTitle} up` }).click();
  await expectToast(page, 'Carousel reordered');
  const reorder = calls.find((c) => c.method === 'PUT' && c.path === '/api/carousel/reorder');
  const sent = JSON.parse(reorder!.body!) as { items: { id: number; displayOrder: number }[] };
  expect(sent.items.map((i) => i.displayOrder)).toEqual(afterAdd.map((_, i) => i + 1));
  const expected = afterAdd.map((item) => item.series.title);
  [expected[expected.length - 2], expected[expected.length - 1]] = [expected.at(-1)!, expected.at(-2)!];
  expect((await carouselInOrder()).map((item) => item.series.title)).toEqual(expected);
  await expect.poll(() => itemTitles(page)).toEqual(expected);

  await page.reload();
  await expect(page.getByRole('tab', { name: 'Hero Carousel' })).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => itemTitles(page)).toEqual(expected);

  // Remove.
  await page.getByRole('button', { name: `Remove ${addedTitle} from the carousel` }).click();
  await expectToast(page, 'Removed from carousel');
  await expect(page.getByRole('heading', { name: `Current Carousel (${start.length} items)` })).toBeVisible();
  expect((await carouselInOrder()).map((item) => item.series.title)).not.toContain(addedTitle);
  await expect.poll(() => itemTitles(page)).toEqual(expected.filter((title) => title !== addedTitle));
});

test('carousel: the empty text, and the full text when every series is in it', async ({ gatedPage: page }) => {
  await clearCarousel(api);
  await openDashboard(page, 'carousel');
  await expect(page.getByText('No carousel items yet. Add series above to get started.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Current Carousel (0 items)' })).toBeVisible();

  for (const s of await getJson<SeriesJson[]>(api, '/api/series')) {
    expect((await api.post('/api/carousel', { data: { seriesId: s.id, isActive: true } })).status()).toBe(201);
  }
  await page.reload();
  await expect(page.getByText('All series are already in the carousel')).toBeVisible();
  await expect(page.getByTestId('carousel-candidate')).toHaveCount(0);
});
