import type { Page } from '@playwright/test';
import { test, expect, appStarted } from './support/fixtures.ts';
import { E2E } from './support/env.ts';
import { addVirtualAuthenticator } from './support/passkeys.ts';

interface Entry {
  kind: string;
  coinsDelta: number;
  bonusesDelta: number;
}

/** This browser's invitation rows in its ledger, as the API gives them. */
async function invitationRows(page: Page) {
  const ledger = (await (await page.request.get('/api/user/user-1/transactions')).json()) as Entry[];
  return ledger.filter((entry) => entry.kind === 'invitation').map((entry) => entry.bonusesDelta);
}

const viewerIdOf = async (page: Page) => ((await (await page.request.get('/api/user')).json()) as { id: string }).id;

/** "Add a passkey" on the profile: this browser's guest becomes an account, signed in. */
async function saveAccount(page: Page) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Add a passkey' }).first().click();
  await expect(page.getByRole('status').filter({ hasText: 'Passkey added' })).toBeVisible();
}

async function logOut(page: Page) {
  await page.getByTestId('account-button').click();
  await page.getByTestId('account-menu').getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByTestId('login-button')).toBeVisible();
}

async function signInWithPasskey(page: Page) {
  await page.goto('/');
  await page.getByTestId('login-button').click();
  const dialog = page.getByRole('dialog', { name: 'Login to Cliffhanger' });
  await dialog.getByRole('button', { name: 'Continue with a passkey' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('account-button')).toBeVisible();
}

test('a friend who opens the link before the gate and saves an account with a passkey: both ledgers rewarded once; self-invites and replays refused', async ({
  gatedPage: host,
  browser,
}) => {
  // The inviter saves their account and finds their link on the rewards page.
  await addVirtualAuthenticator(host);
  await saveAccount(host);
  const hostId = await viewerIdOf(host);
  await host.goto('/rewards');
  const task = host.getByTestId('invite-task');
  await expect(task.getByRole('button', { name: 'Share' })).toBeVisible();
  await expect(task.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expect(host.getByTestId('invite-friends')).toHaveText('Friends invited: 0');
  const link = await host.getByTestId('invite-link').inputValue();
  const path = new URL(link).pathname;
  expect(path).toMatch(/^\/i\/[A-Za-z0-9_-]{12}$/);
  expect(link).not.toContain(hostId);

  // The friend, in a browser of their own, opens the link before passing the gate: the gate, then the app.
  const context = await browser.newContext({ baseURL: E2E.baseUrl, viewport: { width: 390, height: 844 } });
  const friend = await context.newPage();
  await addVirtualAuthenticator(friend);
  await friend.goto(path);
  await appStarted(friend);
  expect(new URL(friend.url()).pathname).toBe('/');
  await friend.getByPlaceholder('Enter access code').fill(E2E.accessCodes[0]);
  await friend.getByRole('button', { name: 'Enter MVP' }).click();
  await expect(friend.getByTestId('hero-carousel')).toBeVisible();
  await saveAccount(friend);
  const friendId = await viewerIdOf(friend);
  expect(friendId).not.toBe(hostId);

  expect(await invitationRows(friend)).toEqual([50]);
  expect(await invitationRows(host)).toEqual([50]);
  await host.reload();
  await expect(host.getByTestId('invite-friends')).toHaveText('Friends invited: 1');
  await expect(host.getByTestId('invite-earned')).toHaveText('Bonuses earned: 50');
  // The ledger page shows the row, in words.
  await friend.goto('/dashboard');
  await expect(friend.locator('[data-kind="invitation"]')).toHaveCount(1);
  await expect(friend.locator('[data-kind="invitation"]')).toContainText('Invitation');
  await expect(friend.locator('[data-kind="invitation"]')).toContainText('+50 bonuses');

  // Replays: the friend opens the link again, logs out and signs back in with the same passkey: nothing more.
  await friend.goto(path);
  await logOut(friend);
  await friend.goto(path);
  await signInWithPasskey(friend);
  expect(await viewerIdOf(friend)).toBe(friendId);
  expect(await invitationRows(friend)).toEqual([50]);

  // Self-invites: the inviter opens their own link, then logs out and comes back by it with their own passkey.
  await host.goto(path);
  await logOut(host);
  await host.goto(path);
  await signInWithPasskey(host);
  expect(await viewerIdOf(host)).toBe(hostId);
  expect(await invitationRows(host)).toEqual([50]);
  await host.goto('/rewards');
  await expect(host.getByTestId('invite-friends')).toHaveText('Friends invited: 1');
  await context.close();
});
