import type { Browser, BrowserContext, Page } from '@playwright/test';
import { test, expect, passAccessGate, appStarted } from './support/fixtures.ts';

interface SeriesJson {
  id: number;
  title: string;
  likes: number;
  episodeCost: number;
}

// A demo series no other spec touches.
const TITLE = 'Starlight Delivery Club';

/** A browser of its own: its own cookies, so its own viewer. Logged in (the simulated login) to see the menu. */
async function newViewer(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const page = await context.newPage();
  await passAccessGate(page);
  await page.addInitScript(() => {
    localStorage.setItem('cliffhanger.login', 'loggedIn');
    localStorage.setItem(
      'cliffhanger.loginUser',
      JSON.stringify({ username: 'Tester', email: 'tester@example', provider: 'google' }),
    );
  });
  return { context, page };
}

async function open(page: Page, url: string) {
  await page.goto(url);
  await appStarted(page);
}

async function uidOf(page: Page) {
  await page.getByTestId('account-button').click();
  const uid = page.getByTestId('account-uid');
  await expect(uid).toHaveText(/^UID: .{8}$/);
  const text = (await uid.textContent())!;
  await page.keyboard.press('Escape');
  return text;
}

async function seriesNow(page: Page, id: number) {
  return (await (await page.request.get(`/api/series/${id}`)).json()) as SeriesJson;
}

test('two browsers are two viewers: coins, unlocks, library, UID and likes are each their own', async ({ browser }) => {
  const a = await newViewer(browser);
  const b = await newViewer(browser);
  try {
    const all = (await (await a.page.request.get('/api/series')).json()) as SeriesJson[];
    const series = all.find((s) => s.title === TITLE)!;
    expect(series).toBeDefined();
    const likesBefore = series.likes;

    // A buys coins and unlocks episode 11 on the series page.
    await open(a.page, `/series/${series.id}`);
    await a.page.getByRole('button', { name: /^Episode 11, locked/ }).click();
    const dialog = a.page.getByRole('dialog', { name: 'Unlock Episode 11' });
    await dialog.getByRole('button', { name: 'Top Up' }).click();
    const topUp = a.page.getByRole('dialog', { name: 'Top Up Coins' });
    await topUp.locator('[data-package-id="package-1"]').click();
    await topUp.getByRole('button', { name: 'Purchase', exact: true }).click();
    await expect(a.page.getByTestId('toast')).toContainText('Purchase Successful!');
    await dialog.getByRole('button', { name: 'Unlock', exact: true }).click();
    await expect(a.page.getByTestId('toast')).toContainText('Episode Unlocked!');
    await expect(a.page.getByRole('button', { name: 'Episode 11, unlocked' })).toBeVisible();
    // A likes the series.
    await a.page.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(a.page.getByRole('button', { name: 'Liked', exact: true })).toHaveAttribute('aria-pressed', 'true');
    expect((await seriesNow(a.page, series.id)).likes).toBe(likesBefore + 1);
    const aUser = (await (await a.page.request.get('/api/user')).json()) as { coins: number; bonuses: number };
    expect(aUser.coins + aUser.bonuses).toBe(500 - series.episodeCost);

    // B: its own balance, episode 11 still locked, an empty library.
    await open(b.page, `/series/${series.id}`);
    await expect(b.page.getByRole('button', { name: /^Episode 11, locked/ })).toBeVisible();
    await expect(b.page.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute('aria-pressed', 'false');
    const bUser = (await (await b.page.request.get('/api/user')).json()) as { coins: number; bonuses: number };
    expect(bUser).toMatchObject({ coins: 0, bonuses: 0 });
    expect(await (await b.page.request.get(`/api/user/user-1/unlocked-episodes?seriesId=${series.id}`)).json()).toEqual(
      [],
    );
    await open(b.page, '/library?tab=liked');
    await expect(b.page.getByText('No liked series yet')).toBeVisible();
    await b.page.getByRole('tab', { name: 'Saved' }).click();
    await expect(b.page.getByText('No saved series yet')).toBeVisible();
    await b.page.getByRole('tab', { name: 'Continue' }).click();
    await expect(b.page.getByText('No series in progress')).toBeVisible();

    // Each one's like counts once on the series.
    await open(b.page, `/series/${series.id}`);
    await b.page.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(b.page.getByRole('button', { name: 'Liked', exact: true })).toHaveAttribute('aria-pressed', 'true');
    expect((await seriesNow(b.page, series.id)).likes).toBe(likesBefore + 2);

    // Two UIDs, each the end of that browser's own id.
    await open(a.page, '/');
    await open(b.page, '/');
    const [uidA, uidB] = [await uidOf(a.page), await uidOf(b.page)];
    expect(uidA).not.toBe(uidB);

    // A's library holds the like, and A's wallet the unlock.
    await open(a.page, '/library?tab=liked');
    await expect(a.page.getByRole('tabpanel').getByRole('link', { name: series.title })).toBeVisible();
    await open(a.page, '/dashboard');
    await a.page.getByRole('tab', { name: 'Episodes Unlocked' }).click();
    await expect(
      a.page.getByTestId('unlocked-episodes').getByRole('link', { name: new RegExp(`${series.title}.*Episode 11`) }),
    ).toBeVisible();

    // Taking the likes back leaves the base.
    await open(a.page, `/series/${series.id}`);
    await a.page.getByRole('button', { name: 'Liked', exact: true }).click();
    await expect(a.page.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute('aria-pressed', 'false');
    await open(b.page, `/series/${series.id}`);
    await b.page.getByRole('button', { name: 'Liked', exact: true }).click();
    await expect(b.page.getByRole('button', { name: 'Like', exact: true })).toHaveAttribute('aria-pressed', 'false');
    expect((await seriesNow(a.page, series.id)).likes).toBe(likesBefore);
  } finally {
    await a.context.close();
    await b.context.close();
  }
});
