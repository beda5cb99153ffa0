import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import { addVirtualAuthenticator } from './support/passkeys.ts';

// The demo clips may still be being made when the run starts.
test.describe.configure({ timeout: 180_000 });

// A paid demo series: episodes past 10 are locked.
const LOCKED_TITLE = 'Fourth Quarter Comeback';

async function lockedEpisode(page: Page, episodeNumber: number) {
  const all = (await (await page.request.get('/api/series')).json()) as { id: number; title: string }[];
  const series = all.find((s) => s.title === LOCKED_TITLE)!;
  const episodes = (await (await page.request.get(`/api/series/${series.id}/episodes`)).json()) as {
    id: number;
    episodeNumber: number;
  }[];
  return episodes.find((e) => e.episodeNumber === episodeNumber)!;
}

const balanceOf = async (page: Page) => {
  const viewer = (await (await page.request.get('/api/user')).json()) as { coins: number; bonuses: number };
  return viewer.coins + viewer.bonuses;
};

test('a signed-in account buys VIP on the payment page, comes back, a locked episode plays; Manage cancels it', async ({
  gatedPage: page,
}) => {
  await addVirtualAuthenticator(page);
  const locked = await lockedEpisode(page, 30);

  await page.goto('/profile');
  const vip = page.getByTestId('vip-pass');
  await expect(vip).toContainText('$19.99 a week');
  // Real money here: not the preview's free pass.
  await expect(vip).not.toContainText('Preview');
  await expect(vip.getByRole('button', { name: 'Get VIP' })).toHaveCount(0);
  await vip.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Passkey added' })).toBeVisible();

  await vip.getByRole('button', { name: 'Get VIP' }).click();
  await page.waitForURL(/\/pay\/cs_test_/);
  await expect(page.getByTestId('amount')).toHaveText('19.99 USD');
  await page.getByRole('button', { name: /^Pay/ }).click();

  await page.waitForURL(/\/profile\?vip=paid/);
  const until = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(new Date(Date.now() + 7 * 24 * 3600_000));
  // Stripe's events may come after the buyer does: the profile waits for them (a first start may also be slow).
  await expect(vip.getByTestId('vip-until')).toHaveText(`VIP until ${until}`, { timeout: 30_000 });
  await expect(vip.getByRole('button', { name: 'Manage' })).toBeVisible();
  await expect(vip.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await page.getByTestId('account-button').click();
  await expect(page.getByTestId('account-vip')).toHaveText(`VIP until ${until}`);
  await page.keyboard.press('Escape');

  // The pass opens the locked episode's media; on a fresh start the demo clips may still be being made.
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
  await page.waitForFunction(
    () => {
      const video = document.querySelector<HTMLVideoElement>('video[data-active="true"]');
      return video !== null && !video.paused && video.currentTime > 0.5;
    },
    undefined,
    { timeout: 30_000 },
  );
  await expect(page.getByRole('heading', { name: 'Episode 30 is locked' })).toHaveCount(0);
  expect(await balanceOf(page)).toBe(before);

  // Manage: Stripe's customer portal, where the subscription is cancelled; back on the profile, the pass has ended.
  await page.goto('/profile');
  await vip.getByRole('button', { name: 'Manage' }).click();
  await page.waitForURL(/\/portal\/bps_test_/);
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await page.waitForURL(/\/profile$/);
  await expect(vip.getByRole('button', { name: 'Get VIP' })).toBeVisible();
  await page.goto(`/watch/${locked.id}`);
  await expect(page.getByRole('heading', { name: 'Episode 30 is locked' })).toBeVisible();
});
