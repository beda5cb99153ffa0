import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { test, expect, appStarted, passAccessGate } from './support/fixtures.ts';
import { E2E } from './support/env.ts';
import { addVirtualAuthenticator } from './support/passkeys.ts';
import { spawnServer, waitHealthy, exited, type ServerProcess } from '#server/testing/server-process.ts';
import { startTestIssuer, TEST_CLIENT, type TestIssuer } from '#server/testing/oidc-issuer.ts';

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
  await addVirtualAuthenticator(page);

  await page.goto('/profile');
  const guest = await viewerOf(page);
  const unlock = await buyAndUnlock(page);
  const before = await viewerOf(page);
  expect(before.coins + before.bonuses).toBeGreaterThan(0);

  await page.getByTestId('add-passkey').click();
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

test('download my data; delete the account: the passkey no longer signs in, and its data is on no per-viewer route', async ({
  gatedPage: page,
}) => {
  await addVirtualAuthenticator(page);
  await page.goto('/profile');
  const unlock = await buyAndUnlock(page);
  const all = (await (await page.request.get('/api/series')).json()) as SeriesJson[];
  expect((await page.request.post(`/api/user/user-1/like/${all[0]!.id}`)).status()).toBeLessThan(300);
  expect((await page.request.post(`/api/user/user-1/bookmark/${all[0]!.id}`)).status()).toBeLessThan(300);
  const account = await viewerOf(page);
  await page.getByTestId('add-passkey').click();
  await expect(page.getByRole('status').filter({ hasText: 'Passkey added' })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('cliffhanger-my-data.json');
  const data = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as {
    profile: { id: string; balance: { coins: number; bonuses: number }; passkeys: unknown[] };
    ledger: { kind: string }[];
    unlocks: { seriesId: number; episodeNumber: number }[];
    likes: number[];
    saves: number[];
    progress: unknown[];
  };
  expect(data.profile).toMatchObject({ id: account.id, balance: { coins: account.coins, bonuses: account.bonuses } });
  expect(data.profile.passkeys).toHaveLength(1);
  expect(data.ledger.map((entry) => entry.kind)).toEqual(expect.arrayContaining(['purchase', 'unlock']));
  expect(data.unlocks).toEqual([expect.objectContaining(unlock)]);
  expect(data.likes).toEqual([all[0]!.id]);
  expect(data.saves).toEqual([all[0]!.id]);
  expect(data).toHaveProperty('progress');

  await page.getByRole('button', { name: 'Delete account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(confirm).toContainText(
    `your balance of ${account.coins} coins and ${account.bonuses} bonuses, your unlocked episodes, likes, saves and watch progress, your passkeys and sign-in methods`,
  );
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Account deleted' })).toBeVisible();
  await expect(page.getByTestId('login-button')).toBeVisible();
  await expect(page.getByTestId('passkey')).toHaveCount(0);

  // A new, empty guest here: nothing of the account on any per-viewer route.
  const guest = await viewerOf(page);
  expect(guest.id).not.toBe(account.id);
  for (const url of [
    '/api/user/user-1/unlocked-episodes',
    '/api/user/user-1/liked',
    '/api/user/user-1/bookmarked',
    '/api/user/user-1/progress',
    '/api/user/user-1/transactions',
  ]) {
    expect(await (await page.request.get(url)).json(), url).toEqual([]);
  }
  expect((await page.request.get(`/api/user/${account.id}`)).status()).toBe(404);
  await expect(page.getByTestId('stat-unlocked')).toHaveText('0');

  // The passkey is still in the authenticator, but it signs in to nothing.
  await page.goto('/');
  await page.getByTestId('login-button').click();
  const dialog = page.getByRole('dialog', { name: 'Login to Cliffhanger' });
  await dialog.getByRole('button', { name: 'Continue with a passkey' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'not saved to any account' })).toBeVisible();
  expect((await viewerOf(page)).id).toBe(guest.id);
  expect(((await (await page.request.get('/api/account')).json()) as { signedIn: boolean }).signedIn).toBe(false);
});

test.describe('the Google button, against a real OpenID provider', () => {
  // A server of its own (the suite's has no provider configured), signing in with Google at a test issuer.
  // Ports follow the suite's: the app at E2E_PORT + 3 (PostgreSQL + 1000), the issuer at E2E_PORT + 4.
  const port = E2E.port + 3;
  const base = `http://localhost:${port}`;
  const callback = `${base}/api/auth/google/callback`;
  let issuer: TestIssuer;
  let server: ServerProcess;
  let dataDir: string;

  test.describe.configure({ timeout: 180_000 });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    issuer = await startTestIssuer([callback], { port: E2E.port + 4 });
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-e2e-oidc-'));
    fs.chmodSync(dataDir, 0o755);
    server = spawnServer({
      port,
      pgPort: port + 1000,
      dataDir,
      env: {
        ACCESS_CODES: E2E.accessCodes.join(','),
        CLIENT_DIR: process.env.E2E_CLIENT_DIR ?? 'dist/client',
        API_RATE_LIMIT: '100000',
        AUTH_RATE_LIMIT: '1000',
        VIEWER_CREATION_RATE_LIMIT: '100000',
        TRANSCODE_CONCURRENCY: '0',
        AUTH_GOOGLE_CLIENT_ID: TEST_CLIENT.id,
        AUTH_GOOGLE_CLIENT_SECRET: TEST_CLIENT.secret,
        AUTH_GOOGLE_ISSUER: issuer.url,
      },
    });
    await waitHealthy(server, 170_000);
  });

  test.afterAll(async () => {
    server?.child.kill('SIGTERM');
    if (server) await exited(server.child);
    await issuer?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function guestPage(browser: Browser) {
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    const granted = await page.request.post('/api/access', { data: { code: E2E.accessCodes[0] } });
    expect(granted.status()).toBe(200);
    await page.addInitScript(() => localStorage.setItem('cliffhanger.access', 'granted'));
    await page.goto('/profile');
    await appStarted(page);
    return page;
  }

  /** Presses "Connect With Google" and signs in as `login` at the issuer's own page. */
  async function connectWithGoogle(page: Page, login: string) {
    await page.getByRole('button', { name: 'Log in' }).first().click();
    await page
      .getByRole('dialog', { name: 'Login to Cliffhanger' })
      .getByRole('button', { name: 'Connect With Google' })
      .click();
    await page.waitForURL(`${issuer.url}/**`);
    await page.getByPlaceholder('Enter any login').fill(login);
    await page.getByPlaceholder('and password').fill('any password');
    await page.getByRole('button', { name: 'Sign-in' }).click();
  }

  /**
   * The answer the issuer sends back to the app, held before the app sees it: the login form's post is made here
   * (a route sees only the first request of a chain of redirects) and its redirects followed up to the app's door.
   */
  async function heldCallback(page: Page, act: () => Promise<void>): Promise<URL> {
    let held: URL | undefined;
    const isLoginPost = (url: URL) => url.origin === issuer.url && url.pathname.startsWith('/interaction/');
    await page.route(isLoginPost, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      let answer = await route.fetch({ maxRedirects: 0 });
      let location = new URL(answer.headers().location!, issuer.url);
      while (location.origin === issuer.url) {
        answer = await page.request.get(location.href, { maxRedirects: 0 });
        location = new URL(answer.headers().location!, location);
      }
      held = location;
      await route.fulfill({ status: 200, contentType: 'text/plain', body: 'held by the test' });
    });
    await act();
    await expect.poll(() => held).toBeDefined();
    await page.unroute(isLoginPost);
    return held!;
  }

  test('the button goes to the provider, which signs the viewer in and sends them back with their coins', async ({
    browser,
  }) => {
    const page = await guestPage(browser);
    const guest = await viewerOf(page);
    expect(
      (await page.request.post('/api/user/user-1/purchase-tokens', { data: { packageId: 'package-1' } })).status(),
    ).toBe(200);

    const answered = page.waitForRequest((request) => request.url().startsWith(`${callback}?`));
    await connectWithGoogle(page, 'erin');
    const back = new URL((await answered).url());
    expect(back.searchParams.get('state')).toBeTruthy();
    await page.waitForURL(`${base}/profile**`);
    await appStarted(page);
    await expect(page).toHaveURL(`${base}/profile`);
    await expect(page.getByRole('status').filter({ hasText: 'Welcome!' })).toContainText('Google');
    await expect(page.getByTestId('profile-username')).toHaveText('Person erin');
    await expect(page.getByTestId('profile-email')).toHaveText('erin@people.test');
    expect(await viewerOf(page)).toMatchObject({ id: guest.id, coins: 500 });
    await page.getByTestId('account-button').click();
    await expect(page.getByTestId('account-menu')).toContainText('Person erin');
    await expect(page.getByTestId('account-preview')).toHaveCount(0);

    // The same answer again: refused, readably, and this browser is still the one account.
    const replay = await page.goto(back.href);
    expect(replay?.status()).toBe(400);
    await expect(page.locator('body')).toContainText('This sign-in has expired, was already used');
    expect((await viewerOf(page)).id).toBe(guest.id);
    await page.context().close();
  });

  test('a tampered state, a replayed code and a wrong nonce are refused; nobody is signed in', async ({ browser }) => {
    const signedIn = async (page: Page) =>
      ((await (await page.request.get('/api/account')).json()) as { signedIn: boolean }).signedIn;

    const page = await guestPage(browser);
    const back = await heldCallback(page, () => connectWithGoogle(page, 'frank'));
    const tampered = new URL(back);
    tampered.searchParams.set('state', `${back.searchParams.get('state')}-tampered`);
    const refusedState = await page.goto(tampered.href);
    expect(refusedState?.status()).toBe(400);
    await expect(page.locator('body')).toContainText('started in another browser');
    expect(await signedIn(page)).toBe(false);
    // The untouched answer still signs in: the refusal used nothing up.
    expect((await page.goto(back.href))?.status()).toBe(200);
    expect(await signedIn(page)).toBe(true);

    // A nonce other than the one the app made: the provider's ID token carries it back, and the app refuses it.
    const other = await guestPage(browser);
    await other.route(
      (url) => url.pathname === '/api/auth/google/start',
      async (route) => {
        const started = await route.fetch({ maxRedirects: 0 });
        const to = new URL(started.headers().location!);
        to.searchParams.set('nonce', 'a-nonce-the-app-never-made-0123456789');
        await route.fulfill({ response: started, headers: { ...started.headers(), location: to.href } });
      },
    );
    const wrongNonce = await heldCallback(other, () => connectWithGoogle(other, 'frank'));
    const refusedNonce = await other.goto(wrongNonce.href);
    expect(refusedNonce?.status()).toBe(401);
    await expect(other.locator('body')).toContainText('nonce');
    expect(await signedIn(other)).toBe(false);

    // The first answer's code, already used, brought back under a new sign-in's own state: the provider refuses it.
    const third = await guestPage(browser);
    const next = await heldCallback(third, () => connectWithGoogle(third, 'frank'));
    const replayed = new URL(back);
    replayed.searchParams.set('state', next.searchParams.get('state')!);
    const refusedCode = await third.goto(replayed.href);
    expect(refusedCode?.status()).toBe(401);
    await expect(third.locator('body')).toContainText('Google did not sign you in (invalid_grant');
    expect(await signedIn(third)).toBe(false);

    for (const p of [page, other, third]) await p.context().close();
  });
});
