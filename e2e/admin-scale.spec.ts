import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import { adminApi, createSeriesViaApi, getJson, openDashboard, type SeriesJson } from './support/admin.ts';

// A catalogue of a thousand more series: the dashboard pages them, so the page stays small and quick.
test.use({ viewport: { width: 1280, height: 800 } });

const EXTRA = 1000;
let api: APIRequestContext;
const made: number[] = [];

test.beforeAll(async () => {
  test.setTimeout(240_000);
  api = await adminApi();
  // Letters only, so the only digits a search for "#0777" meets are the series' numbers.
  const stamp = [...String(Date.now())].map((digit) => String.fromCharCode(97 + Number(digit))).join('');
  for (let start = 0; start < EXTRA; start += 20) {
    const batch = Array.from({ length: Math.min(20, EXTRA - start) }, (_, i) =>
      createSeriesViaApi(api, `E2E Bulk ${stamp} #${String(start + i + 1).padStart(4, '0')}`),
    );
    made.push(...(await Promise.all(batch)).map((s) => s.id));
  }
});

test.afterAll(async () => {
  test.setTimeout(240_000);
  for (let start = 0; start < made.length; start += 20) {
    await Promise.all(made.slice(start, start + 20).map((id) => api.delete(`/api/series/${id}`)));
  }
  await api.dispose();
});

test('a thousand series: 25 rows a page, quick search, every page reachable', async ({ gatedPage: page }) => {
  const total = (await getJson<SeriesJson[]>(api, '/api/series')).length;
  expect(total).toBeGreaterThanOrEqual(EXTRA);
  await openDashboard(page);
  await expect(page.getByTestId('stat-total-series')).toContainText(total.toLocaleString('en-US'));
  await expect(page.getByTestId('series-row')).toHaveCount(25);
  expect(await page.locator('tr').count()).toBeLessThanOrEqual(26);
  await expect(page.getByText(`Showing 1–25 of ${total.toLocaleString('en-US')}`)).toBeVisible();
  const pages = Math.ceil(total / 25);
  await expect(page.getByText(`Page 1 of ${pages}`)).toBeVisible();

  // The server searches: the exact title first, then its near neighbours (#0770…#0779, a typo away), quickly.
  const search = page.getByLabel('Search series');
  const started = Date.now();
  await search.fill('#0777');
  await expect(page.getByTestId('series-row').first()).toContainText('#0777');
  expect(Date.now() - started).toBeLessThan(3000);
  await expect(page.getByTestId('series-row').last()).toContainText(/#0(77\d|077)\b/);
  await expect.poll(() => page.getByTestId('series-row').count()).toBeLessThanOrEqual(10);
  await search.fill('');

  // The last page holds the remainder.
  for (let i = 1; i < pages; i++) await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(`Page ${pages} of ${pages}`)).toBeVisible();
  await expect(page.getByTestId('series-row')).toHaveCount(total - (pages - 1) * 25);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  // The pickers of the curation tabs page too.
  await page.getByRole('tab', { name: 'Hero Carousel' }).click();
  await expect(page.getByTestId('carousel-candidate')).toHaveCount(8);
});
