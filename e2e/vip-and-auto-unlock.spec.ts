import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import { addVirtualAuthenticator } from './support/passkeys.ts';

// The demo clips may still be being made when the run starts.
test.describe.configure({ timeout: 180_000 });

interface SeriesJson {
  id: number;
  title: string;
  isFree: boolean;
  episodeCost: number;
}
interface EpisodeJson {
  id: number;
  episodeNumber: number;
  videoUrl: string;
}
interface Viewer {
  coins: number;
  bonuses: number;
}

// A paid demo series: episodes past 10 are locked.
const LOCKED_TITLE = 'Fourth Quarter Comeback';

async function lockedSeries(api: APIRequestContext) {
  const all = (await (await api.get('/api/series')).json()) as SeriesJson[];
  const series = all.find((s) => s.title === LOCKED_TITLE)!;
  expect(series.isFree).toBe(false);
  const episodes = (await (await api.get(`/api/series/${series.id}/episodes`)).json()) as EpisodeJson[];
  return { series, byNumber: (n: number) => episodes.find((e) => e.episodeNumber === n)! };
}

const ACTIVE = 'video[data-active="true"]';

/** The feed's video on screen plays this episode and has played past `seconds`. */
async function playing(page: Page, episode: EpisodeJson, seconds = 0.3) {
  await expect(page).toHaveURL(`/watch/${episode.id}`);
  await page.waitForFunction(
    ({ selector, url, seconds }) => {
      const video = document.querySelector<HTMLVideoElement>(selector);
      return (
        video !== null &&
        video.closest('[data-testid="player"]') !== null &&
        new URL(video.currentSrc, location.href).pathname.startsWith(url) &&
        !video.paused &&
        video.currentTime > seconds
      );
    },
    // A locked episode plays through a token address that ends in the same folder.
    { selector: ACTIVE, url: '/media/', seconds },
    { timeout: 30_000 },
  );
}

const balanceOf = async (page: Page) => {
  const viewer = (await (await page.request.get('/api/user')).json()) as Viewer;
  return viewer.coins + viewer.bonuses;
};

test('a signed-in account gets the VIP pass, a locked episode plays, and Cancel locks it again', async ({
  gatedPage: page,
}) => {
  await addVirtualAuthenticator(page);
  const { byNumber } = await lockedSeries(page.request);
  const locked = byNumber(30);

  await page.goto('/profile');
  const vip = page.getByTestId('vip-pass');
  await expect(vip).toContainText('$19.99 a week');
  await expect(vip).toContainText('Preview: free for 7 days, no charge');
  // A guest is asked to add a passkey or sign in first; the pass is not offered yet.
  await expect(vip).toContainText('Add a passkey or sign in first');
  await expect(vip.getByRole('button', { name: 'Get VIP' })).toHaveCount(0);
  await vip.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Passkey added' })).toBeVisible();

  await vip.getByRole('button', { name: 'Get VIP' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your VIP pass is on' })).toBeVisible();
  const until = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date(Date.now() + 7 * 24 * 3600_000));
  await expect(vip.getByTestId('vip-until')).toHaveText(`VIP until ${until}`);
  await expect(vip).toContainText('Cancelling ends your free preview pass now.');
  await page.getByTestId('account-button').click();
  await expect(page.getByTestId('account-vip')).toHaveText(`VIP until ${until}`);
  await page.keyboard.press('Escape');

  // The pass opens the locked episode's media (its address with a token); on a fresh start the demo clips may still
  // be being made, so the test waits for the file before it watches.
  const playback = await page.request.get(`/api/episodes/${locked.id}/playback`);
  expect(playback.status()).toBe(200);
  const { videoUrl } = (await playback.json()) as { videoUrl: string };
  await expect
    .poll(async () => (await page.request.get(videoUrl, { headers: { range: 'bytes=0-1' } })).status(), {
      timeout: 120_000,
    })
    .toBeLessThan(300);

  const before = await balanceOf(page);
  await page.goto(`/watch/${locked.id}`);
  await playing(page, locked, 0.5);
  await expect(page.getByRole('heading', { name: 'Episode 30 is locked' })).toHaveCount(0);
  expect(await balanceOf(page)).toBe(before);

  await page.goto('/profile');
  await vip.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your VIP pass has ended' })).toBeVisible();
  await expect(vip.getByRole('button', { name: 'Get VIP' })).toBeVisible();
  await page.goto(`/watch/${locked.id}`);
  await expect(page.getByRole('heading', { name: 'Episode 30 is locked' })).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);
});

test('auto-unlock, once turned on, unlocks the next episode as it starts, and Undo gives the coins back', async ({
  gatedPage: page,
}) => {
  const { series, byNumber } = await lockedSeries(page.request);
  expect(
    (await page.request.post('/api/user/user-1/purchase-tokens', { data: { packageId: 'package-1' } })).status(),
  ).toBe(200);

  await page.goto('/profile');
  const toggle = page.getByRole('switch', { name: 'Unlock the next episode automatically' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await page.reload();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  const before = await balanceOf(page);

  // The end of the last free episode: the player moves on to episode 11 and unlocks it by itself.
  await page.goto(`/watch/${byNumber(10).id}`);
  await playing(page, byNumber(10));
  await page.evaluate((selector) => {
    const video = document.querySelector<HTMLVideoElement>(selector)!;
    video.currentTime = video.duration - 0.5;
    void video.play();
  }, ACTIVE);
  const notice = page.getByTestId('auto-unlock-notice');
  await expect(notice).toContainText(`Unlocked episode 11 for ${series.episodeCost} coins`, { timeout: 15_000 });
  // Undo is offered for 10 s: tapped at once, before anything else is looked at.
  await notice.getByRole('button', { name: 'Undo' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Episode 11 is locked again: your coins are back' }),
  ).toBeVisible();
  expect(await balanceOf(page)).toBe(before);
  await expect(page).toHaveURL(`/watch/${byNumber(10).id}`);
  await expect(page.getByRole('dialog', { name: 'Unlock Episode 11' })).toBeVisible();
  const unlocks = (await (
    await page.request.get(`/api/user/user-1/unlocked-episodes?seriesId=${series.id}`)
  ).json()) as unknown[];
  expect(unlocks).toEqual([]);
  const ledger = (await (await page.request.get('/api/user/user-1/transactions')).json()) as { kind: string }[];
  expect(ledger.slice(0, 2).map((entry) => entry.kind)).toEqual(['undo', 'unlock']);
});
