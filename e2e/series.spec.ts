import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import { adminApi } from './support/admin.ts';

interface SeriesJson {
  id: number;
  title: string;
  genre: string;
  tags: string[];
  description: string;
  rating: number;
  likes: number;
  isFree: boolean;
  episodeCost: number;
}
interface EpisodeJson {
  id: number;
  episodeNumber: number;
  duration: number;
}
interface UserJson {
  coins: number;
  bonuses: number;
}

// Demo series that no other spec touches.
const DETAIL_TITLE = 'The Cartographer of Lost Kingdoms';
const UNLOCK_TITLE = 'Orbit of the Glass Moon';
const FREE_SERIES_TITLE = 'The Treehouse Detectives';

async function seriesByTitle(api: APIRequestContext, title: string) {
  const all = (await (await api.get('/api/series')).json()) as SeriesJson[];
  const found = all.find((s) => s.title === title);
  expect(found, `demo series "${title}"`).toBeDefined();
  return found!;
}

async function episodesOf(api: APIRequestContext, seriesId: number) {
  return (await (await api.get(`/api/series/${seriesId}/episodes`)).json()) as EpisodeJson[];
}

async function balance(api: APIRequestContext) {
  const user = (await (await api.get('/api/user/user-1')).json()) as UserJson;
  return user.coins + user.bonuses;
}

const en = (n: number) => new Intl.NumberFormat('en').format(n);

test('the detail page shows poster, facts, pricing, runtime and 50 episode slots with their lock state', async ({
  gatedPage: page,
}) => {
  const series = await seriesByTitle(page.request, DETAIL_TITLE);
  expect(series.isFree).toBe(false);
  const episodes = await episodesOf(page.request, series.id);

  await page.goto(`/series/${series.id}`);
  await expect(page.getByRole('heading', { level: 1, name: series.title })).toBeVisible();
  await expect(page.getByRole('img', { name: series.title, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: series.genre, exact: true })).toHaveAttribute(
    'href',
    `/discover?genre=${encodeURIComponent(series.genre)}`,
  );
  for (const tag of series.tags) await expect(page.getByText(`#${tag}`)).toBeVisible();
  await expect(page.getByText(series.description).first()).toBeVisible();

  await expect(page.getByTestId('series-rating')).toHaveText(`${(series.rating / 10).toFixed(1)}/10`);
  await expect(page.getByTestId('series-rating-count')).toHaveText(`(${en(series.rating * 1000)} ratings)`);
  const likes = series.likes > 1000 ? `${Math.round(series.likes / 100) / 10}K` : en(series.likes);
  await expect(page.getByTestId('series-likes')).toHaveText(likes);
  await expect(page.getByTestId('series-pricing')).toHaveText(
    `Episodes 1–10 free, then ${series.episodeCost} coins each`,
  );
  const minutes = Math.round(episodes.reduce((sum, e) => sum + e.duration, 0) / 60);
  await expect(page.getByTestId('series-runtime')).toContainText(`${episodes.length} episodes`);
  if (minutes > 0 && minutes < 60) await expect(page.getByTestId('series-runtime')).toContainText(`${minutes} min`);

  const slots = page.getByTestId('episode-grid').getByRole('button');
  await expect(slots).toHaveCount(50);
  await expect(page.getByRole('button', { name: 'Episode 1, free' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Episode 10, free' })).toBeVisible();
  await expect(page.getByRole('button', { name: `Episode 11, locked, ${series.episodeCost} coins` })).toBeVisible();
  const beyond = episodes.length + 1;
  if (beyond <= 50) await expect(page.getByRole('button', { name: `Episode ${beyond}, coming soon` })).toBeDisabled();

  // A free episode opens its watch page.
  await page.getByRole('button', { name: 'Episode 2, free' }).click();
  await expect(page).toHaveURL(`/watch/${episodes.find((e) => e.episodeNumber === 2)!.id}`);
});

test('a free series says so and every episode is free', async ({ gatedPage: page }) => {
  const series = await seriesByTitle(page.request, FREE_SERIES_TITLE);
  expect(series.isFree).toBe(true);
  await page.goto(`/series/${series.id}`);
  await expect(page.getByTestId('series-pricing')).toHaveText('All episodes free');
  await expect(page.locator('[data-access="locked"]')).toHaveCount(0);
});

test('an unknown series shows a not-found message', async ({ gatedPage: page }) => {
  await page.goto('/series/987654');
  await expect(page.getByRole('heading', { name: 'Series not found' })).toBeVisible();
  await page.goto('/series/not-a-number');
  await expect(page.getByRole('heading', { name: 'Series not found' })).toBeVisible();
});

test('share copies the link when the browser has no share sheet', async ({ gatedPage: page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.addInitScript(() => {
    // Desktop Chromium may or may not offer a share sheet; this test is about the fallback.
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
  });
  const series = await seriesByTitle(page.request, DETAIL_TITLE);
  await page.goto(`/series/${series.id}`);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByTestId('toast')).toContainText('Link copied!');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
});

test.describe('unlocking an episode', () => {
  let restoreCost: (() => Promise<void>) | undefined;
  test.afterEach(async () => {
    await restoreCost?.();
  });

  test('too few coins: Not Enough Coins and the shortfall; after a top up the unlock succeeds and the episode opens', async ({
    gatedPage: page,
  }) => {
    const series = await seriesByTitle(page.request, UNLOCK_TITLE);
    expect(series.isFree).toBe(false);
    const episodes = await episodesOf(page.request, series.id);
    const target = episodes.find((e) => e.episodeNumber === 14)!;
    const unlocked = (await (
      await page.request.get(`/api/user/user-1/unlocked-episodes?seriesId=${series.id}`)
    ).json()) as {
      episodeNumber: number;
    }[];
    expect(unlocked.some((u) => u.episodeNumber === 14)).toBe(false);

    // Make this series cost 120 coins more than the viewer's balance (through the operator API), which makes the
    // shortfall known exactly.
    const admin = await adminApi();
    const start = await balance(page.request);
    const cost = start + 120;
    expect((await admin.put(`/api/series/${series.id}`, { data: { episodeCost: cost } })).ok()).toBe(true);
    restoreCost = async () => {
      await admin.put(`/api/series/${series.id}`, { data: { episodeCost: series.episodeCost } });
      await admin.dispose();
    };

    await page.goto(`/series/${series.id}`);
    await page.getByRole('button', { name: `Episode 14, locked, ${en(cost)} coins` }).click();
    const dialog = page.getByRole('dialog', { name: 'Unlock Episode 14' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('unlock-cost')).toHaveText(`${en(cost)} coins`);
    await expect(dialog.getByTestId('unlock-balance')).toHaveText(`${en(start)} coins`);
    await expect(dialog.getByRole('button', { name: 'Not Enough Coins' })).toBeDisabled();
    await expect(dialog.getByText('You need 120 more coins')).toBeVisible();

    // Top Up from the dialog: buy 500 coins, and the unlock dialog comes back with Unlock enabled.
    await dialog.getByRole('button', { name: 'Top Up' }).click();
    const topUp = page.getByRole('dialog', { name: 'Top Up Coins' });
    await expect(topUp).toBeVisible();
    await topUp.locator('[data-package-id="package-1"]').click();
    await topUp.getByRole('button', { name: 'Purchase', exact: true }).click();
    await expect(page.getByTestId('toast')).toContainText('Purchase Successful!');
    await expect(topUp).toBeHidden();
    expect(await balance(page.request)).toBe(start + 500);

    const again = page.getByRole('dialog', { name: 'Unlock Episode 14' });
    await expect(again.getByTestId('unlock-balance')).toHaveText(`${en(start + 500)} coins`);
    await expect(again.getByText(/more coins/)).toHaveCount(0);
    const unlock = again.getByRole('button', { name: 'Unlock', exact: true });
    await expect(unlock).toBeEnabled();
    await unlock.click();

    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Episode Unlocked!');
    await expect(toast).toContainText('Episode 14 is now available to watch');
    await expect(again).toBeHidden();
    expect(await balance(page.request)).toBe(start + 500 - cost);

    // The slot is unlocked now, and opens the episode, which plays.
    await page.getByRole('button', { name: 'Episode 14, unlocked' }).click();
    await expect(page).toHaveURL(`/watch/${target.id}`);
    await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0.5, undefined, {
      timeout: 45_000,
    });

    // And the dashboard lists it under Episodes Unlocked, linking to the episode.
    await page.goto('/dashboard');
    await page.getByRole('tab', { name: 'Episodes Unlocked' }).click();
    const row = page
      .getByTestId('unlocked-episodes')
      .getByRole('link', { name: new RegExp(`${series.title}.*Episode 14`) });
    await expect(row).toHaveAttribute('href', `/watch/${target.id}`);
  });

  test('a failed unlock says Unlock Failed', async ({ gatedPage: page }) => {
    const series = await seriesByTitle(page.request, UNLOCK_TITLE);
    const admin = await adminApi();
    // The dialog thinks the balance covers it, but the server charges more than the viewer has.
    const bought = await page.request.post('/api/user/user-1/purchase-tokens', { data: { packageId: 'package-1' } });
    expect(bought.ok()).toBe(true);
    const start = await balance(page.request);
    expect((await admin.put(`/api/series/${series.id}`, { data: { episodeCost: 1 } })).ok()).toBe(true);
    restoreCost = async () => {
      await admin.put(`/api/series/${series.id}`, { data: { episodeCost: series.episodeCost } });
      await admin.dispose();
    };
    await page.goto(`/series/${series.id}`);
    await page.getByRole('button', { name: 'Episode 15, locked, 1 coin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Unlock Episode 15' });
    await expect(dialog.getByRole('button', { name: 'Unlock', exact: true })).toBeEnabled();
    expect((await admin.put(`/api/series/${series.id}`, { data: { episodeCost: start + 1000 } })).ok()).toBe(true);
    await dialog.getByRole('button', { name: 'Unlock', exact: true }).click();

    const failure = page.getByRole('alert').filter({ hasText: 'Unlock Failed' });
    await expect(failure).toBeVisible();
    await expect(failure).toContainText('Not enough coins or episode already unlocked');
    expect(await balance(page.request)).toBe(start);
  });
});
