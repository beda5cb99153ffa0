import type { Page } from '@playwright/test';
import { test, expect, passAccessGate } from './support/fixtures.ts';

interface Viewer {
  id: string;
  coins: number;
  bonuses: number;
}
interface SeriesJson {
  id: number;
  isFree: boolean;
  episodeCost: number;
  totalEpisodes: number;
}

const viewerOf = async (page: Page) => (await (await page.request.get('/api/user')).json()) as Viewer;

/** This browser's guest buys 500 coins and unlocks a paid episode, through the API as the app calls it. */
async function buyAndUnlock(page: Page) {
  const bought = await page.request.post('/api/user/user-1/purchase-tokens', { data: { packageId: 'package-1' } });
  expect(bought.status()).toBe(200);
  const all = (await (await page.request.get('/api/series')).json()) as SeriesJson[];
  const paid = all.find((s) => !s.isFree && s.episodeCost > 0 && s.totalEpisodes >= 12)!;
  const unlocked = await page.request.post('/api/user/user-1/unlock-episode', {
    data: { seriesId: paid.id, episodeNumber: 12 },
  });
  expect(unlocked.status()).toBe(201);
  return { seriesId: paid.id, episodeNumber: 12 };
}

async function signInWithPasskey(page: Page) {
  await page.goto('/');
  await page.getByTestId('login-button').click();
  const dialog = page.getByRole('dialog', { name: 'Login to Cliffhanger' });
  await dialog.getByRole('button', { name: 'Continue with a passkey' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Welcome!' })).toContainText('Signed in with a passkey');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('account-button')).toBeVisible();
}

test('a passkey keeps a guest’s coins and unlocks; a second guest’s coins are added, in the ledger', async ({
  gatedPage: page,
}) => {
  // Chromium's virtual authenticator: a platform passkey that answers without a person.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await page.goto('/profile');
  const guest = await viewerOf(page);
  const unlock = await buyAndUnlock(page);
  const before = await viewerOf(page);
  expect(before.coins + before.bonuses).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Passkey added' })).toBeVisible();
  const passkeys = page.getByTestId('passkey');
  await expect(passkeys).toHaveCount(1);
  await expect(page.getByTestId('device')).toHaveCount(1);
  await expect(page.getByTestId('device')).toContainText('This device');
  // The guest became the account: the same viewer, now signed in.
  expect((await viewerOf(page)).id).toBe(guest.id);

  // Cookies gone: a new, empty guest.
  await page.context().clearCookies();
  await passAccessGate(page);
  await page.goto('/');
  const stranger = await viewerOf(page);
  expect(stranger.id).not.toBe(guest.id);

  await signInWithPasskey(page);
  const back = await viewerOf(page);
  expect(back).toMatchObject({ id: guest.id, coins: before.coins, bonuses: before.bonuses });
  const unlocks = (await (
    await page.request.get(`/api/user/user-1/unlocked-episodes?seriesId=${unlock.seriesId}`)
  ).json()) as { episodeNumber: number }[];
  expect(unlocks.map((u) => u.episodeNumber)).toContain(unlock.episodeNumber);

  // Log out: a new empty guest on this browser, who buys coins and signs in to the same account.
  await page.getByTestId('account-button').click();
  await page.getByTestId('account-menu').getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Logged out' })).toBeVisible();
  await expect(page.getByTestId('login-button')).toBeVisible();
  const second = await viewerOf(page);
  expect(second.id).not.toBe(guest.id);
  const bought = await page.request.post('/api/user/user-1/purchase-tokens', { data: { packageId: 'package-2' } });
  expect(bought.status()).toBe(200);
  const secondBalance = await viewerOf(page);

  await signInWithPasskey(page);
  const summed = await viewerOf(page);
  expect(summed.id).toBe(guest.id);
  expect(summed.coins).toBe(before.coins + secondBalance.coins);
  expect(summed.bonuses).toBe(before.bonuses + secondBalance.bonuses);
  const ledger = (await (await page.request.get('/api/user/user-1/transactions')).json()) as {
    kind: string;
    coinsDelta: number;
    bonusesDelta: number;
  }[];
  expect(ledger.filter((entry) => entry.kind === 'transfer')).toEqual([
    expect.objectContaining({ coinsDelta: secondBalance.coins, bonusesDelta: secondBalance.bonuses }),
  ]);
  expect(ledger.reduce((sum, entry) => sum + entry.coinsDelta, 0)).toBe(summed.coins);
  // The browser whose cookies were cleared is still signed in for the server until signed out from here; the
  // session that logged out is gone.
  await page.goto('/profile');
  await expect(page.getByTestId('device')).toHaveCount(2);
});
