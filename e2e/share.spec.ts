import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';

interface SeriesJson {
  id: number;
  title: string;
  description: string;
}

// A demo series that no other spec changes.
const TITLE = 'The Cartographer of Lost Kingdoms';

async function demoSeries(page: Page) {
  const all = (await (await page.request.get('/api/series')).json()) as SeriesJson[];
  const found = all.find((series) => series.title === TITLE);
  expect(found, `demo series "${TITLE}"`).toBeDefined();
  const episodes = (await (await page.request.get(`/api/series/${found!.id}/episodes`)).json()) as { id: number }[];
  return { series: found!, firstEpisode: episodes[0]!.id };
}

/** A browser without the Web Share API (desktop Firefox, Chromium on Linux). */
const withoutShareSheet = (page: Page) =>
  page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
  });

/** A browser with one: the share sheet is a stand-in that notes what it was given. */
const withShareSheet = (page: Page) =>
  page.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.defineProperty(window, 'sharedLinks', { value: shared });
    Object.defineProperty(navigator, 'share', {
      value: async (data: ShareData) => {
        shared.push(data);
      },
      configurable: true,
    });
  });

const sharedLinks = (page: Page) =>
  page.evaluate(() => (window as unknown as { sharedLinks: ShareData[] }).sharedLinks);

test.describe('Share on a series page', () => {
  test('opens the share sheet with the series and its address', async ({ gatedPage: page }) => {
    await withShareSheet(page);
    const { series } = await demoSeries(page);
    await page.goto(`/series/${series.id}`);
    await page.getByRole('main').getByRole('button', { name: 'Share', exact: true }).click();
    await expect.poll(() => sharedLinks(page)).toHaveLength(1);
    const [shared] = await sharedLinks(page);
    expect(shared).toEqual({
      title: series.title,
      text: series.description,
      url: new URL(`/series/${series.id}`, page.url()).href,
    });
    await expect(page.getByTestId('toast')).toHaveCount(0);
  });

  test('is "Copy link" without a share sheet, and copies the address', async ({ gatedPage: page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await withoutShareSheet(page);
    const { series } = await demoSeries(page);
    await page.goto(`/series/${series.id}`);
    await expect(page.getByRole('main').getByRole('button', { name: 'Share', exact: true })).toHaveCount(0);
    await page.getByRole('main').getByRole('button', { name: 'Copy link', exact: true }).click();
    await expect(page.getByTestId('toast')).toContainText('Link copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      new URL(`/series/${series.id}`, page.url()).href,
    );
  });
});

test.describe('Share on the player', () => {
  test('opens the share sheet with the episode’s address', async ({ gatedPage: page }) => {
    await withShareSheet(page);
    const { series, firstEpisode } = await demoSeries(page);
    await page.goto(`/watch/${firstEpisode}`);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect.poll(() => sharedLinks(page)).toHaveLength(1);
    const [shared] = await sharedLinks(page);
    expect(shared).toEqual({ title: series.title, url: new URL(`/watch/${firstEpisode}`, page.url()).href });
  });

  test('is "Copy link" without a share sheet', async ({ gatedPage: page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await withoutShareSheet(page);
    const { firstEpisode } = await demoSeries(page);
    await page.goto(`/watch/${firstEpisode}`);
    await page.getByRole('button', { name: 'Copy link', exact: true }).click();
    await expect(page.getByTestId('toast')).toContainText('Link copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      new URL(`/watch/${firstEpisode}`, page.url()).href,
    );
  });

  test('speaks the viewer’s language', async ({ gatedPage: page }) => {
    await withoutShareSheet(page);
    await page.addInitScript(() => localStorage.setItem('cliffhanger.language', 'arabic'));
    const { firstEpisode } = await demoSeries(page);
    await page.goto(`/watch/${firstEpisode}`);
    await expect(page.getByRole('button', { name: 'نسخ الرابط', exact: true })).toBeVisible();
  });
});
