import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import { adminApi, createSeriesViaApi } from './support/admin.ts';
import { watchCatalogueReplies } from './support/catalogue.ts';

// The header search and discover search on the server: what a person types finds what they mean, whatever the
// size of the catalogue (this spec also runs against 10,000 series: playwright.scale.config.ts).
const stamp = Date.now().toString(36);
const TITLES = {
  latin: `Café Lumière ${stamp}`,
  arabic: `قلب المدينة ${stamp}`,
  japanese: `月の約束 ${stamp}`,
  thai: `รักแรกพบ ${stamp}`,
};

let api: APIRequestContext;
const made: number[] = [];

test.beforeAll(async () => {
  api = await adminApi();
  for (const title of Object.values(TITLES)) made.push((await createSeriesViaApi(api, title)).id);
});

test.afterAll(async () => {
  for (const id of made) await api.delete(`/api/series/${id}`);
  await api.dispose();
});

const results = (page: Page) => page.getByRole('main').getByTestId('series-card');
const discoverBox = (page: Page) => page.getByRole('main').getByPlaceholder('Search dramas, genres...');

test('the header search finds a title without its accents, in another case, and with a typo', async ({
  gatedPage: page,
}) => {
  const replies = watchCatalogueReplies(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  const header = page.getByRole('banner').getByRole('searchbox', { name: 'Search' });
  await header.fill(`CAFE LUMIERE ${stamp}`);
  await header.press('Enter');
  await expect(page).toHaveURL(/\/discover\?q=CAFE/);
  await expect(results(page).first()).toHaveAccessibleName(new RegExp(TITLES.latin));

  await discoverBox(page).fill(`cafe lumire ${stamp}`);
  await expect(page.getByRole('main').getByRole('link', { name: TITLES.latin })).toBeVisible();
  await replies.expectNoCatalogueDownload();
});

test('finds Arabic, Japanese and Thai titles by a part of them', async ({ gatedPage: page }) => {
  for (const [title, part] of [
    [TITLES.arabic, `المدينة ${stamp}`],
    [TITLES.japanese, `約束 ${stamp}`],
    [TITLES.thai, `แรกพบ ${stamp}`],
  ] as const) {
    await page.goto(`/discover?q=${encodeURIComponent(part)}`);
    await expect(results(page).first()).toHaveAccessibleName(new RegExp(title));
  }
});

test('a search matching many series pages as the viewer scrolls, without repeats', async ({ gatedPage: page }) => {
  const replies = watchCatalogueReplies(page);
  const first = (await (await page.request.get('/api/series/search?q=a&limit=1')).json()) as { total: number };
  expect(first.total).toBeGreaterThan(0);
  await page.goto('/discover?q=a');
  await expect(page.getByRole('status')).toHaveText(`${first.total.toLocaleString('en-US')} series`);
  const cards = results(page);
  await expect(cards).toHaveCount(Math.min(24, first.total));
  if (first.total > 24) {
    await cards.last().scrollIntoViewIfNeeded();
    await expect(cards).toHaveCount(Math.min(48, first.total));
  }
  const hrefs = await cards.evaluateAll((all) => all.map((card) => card.getAttribute('href')));
  expect(new Set(hrefs).size).toBe(hrefs.length);
  await replies.expectNoCatalogueDownload();
});
