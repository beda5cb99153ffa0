import { test as base, type Page, type Route } from '@playwright/test';
import { FREE_EPISODES } from '#contract/constants.ts';
import { passAccessGate, test, expect } from './support/fixtures.ts';

/**
 * A series whose later episodes are locked (not free), as the API lists it past the gate: the first, or
 * the last (which the player's own specs, watching the first to its end, leave unwatched).
 */
async function seriesWithLockedEpisodes(page: Page, which: 'first' | 'last' = 'first'): Promise<number> {
  const all = (await (await page.request.get('/api/series')).json()) as { id: number; isFree: boolean }[];
  const paid = all.filter((series) => !series.isFree);
  const chosen = which === 'first' ? paid[0] : paid.at(-1);
  if (!chosen) throw new Error('The demo catalogue has no series with locked episodes.');
  return chosen.id;
}

/** Whether React has taken the page's markup over yet. */
const appHasStarted = (page: Page) =>
  page.evaluate(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });

/**
 * Holds back the header's code (which the app waits for before it takes a served page over) until
 * `release` is called: the page is on screen with its buttons, and the app has not started.
 */
async function holdTheAppsStart(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/page-chrome-[\w-]+\.js$/, (route) => {
    if (released) void route.continue();
    else held.push(route);
  });
  return async () => {
    released = true;
    await Promise.all(held.map((route) => route.continue()));
  };
}

// Not the fixtures' page: its navigations wait for the app to start, and these tap before that.
base.describe('a tap before the app has started', () => {
  base.beforeEach(async ({ page }) => {
    await passAccessGate(page);
  });

  base('opens the language menu', async ({ page }) => {
    const release = await holdTheAppsStart(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.getByTestId('language-picker').tap();
    expect(await appHasStarted(page)).toBe(false);
    await release();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitemradio', { name: 'Español' })).toBeVisible();
  });

  base('opens the login dialog', async ({ page }) => {
    const release = await holdTheAppsStart(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.getByTestId('login-button').tap();
    expect(await appHasStarted(page)).toBe(false);
    await release();
    await expect(page.getByRole('dialog', { name: 'Login to Cliffhanger' })).toBeVisible();
  });

  base('on a locked episode opens the unlock dialog', async ({ page }) => {
    const seriesId = await seriesWithLockedEpisodes(page);
    const release = await holdTheAppsStart(page);
    await page.goto(`/series/${seriesId}`, { waitUntil: 'domcontentloaded' });
    const locked = page.getByTestId('episode-grid').locator('button[data-access="locked"]').first();
    const number = await locked.getAttribute('data-episode-number');
    await locked.tap();
    expect(await appHasStarted(page)).toBe(false);
    await release();
    await expect(page.getByRole('dialog', { name: `Unlock Episode ${number}` })).toBeVisible();
  });

  base('is answered once, not twice (the menu stays open)', async ({ page }) => {
    const release = await holdTheAppsStart(page);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await page.getByTestId('language-picker').tap();
    await release();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.getByRole('menu')).toBeVisible();
  });
});

/**
 * Once the page has settled (loaded, then a moment of quiet), `tap` fetches no code: what opens was
 * fetched while the browser was idle, and is drawn in the frame of the tap.
 */
async function tapFetchesNoCode(page: Page, tap: () => Promise<void>) {
  await page.waitForLoadState('networkidle');
  const fetched: string[] = [];
  const onRequest = (request: { url(): string }) => {
    if (/\.js$/.test(new URL(request.url()).pathname)) fetched.push(request.url());
  };
  page.on('request', onRequest);
  await tap();
  page.off('request', onRequest);
  expect(fetched).toEqual([]);
}

test.describe('everything that opens on a tap opens, with its code fetched before the tap', () => {
  test('the language menu', async ({ gatedPage: page }) => {
    await page.goto('/');
    await tapFetchesNoCode(page, async () => {
      await page.getByTestId('language-picker').tap();
      await expect(page.getByRole('menu')).toBeVisible();
    });
  });

  test('the login dialog', async ({ gatedPage: page }) => {
    await page.goto('/');
    await tapFetchesNoCode(page, async () => {
      await page.getByTestId('login-button').tap();
      await expect(page.getByRole('dialog', { name: 'Login to Cliffhanger' })).toBeVisible();
    });
  });

  test('the account menu', async ({ gatedPage: page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('cliffhanger.login', 'loggedIn');
      localStorage.setItem('cliffhanger.loginUser', JSON.stringify({ provider: 'google' }));
    });
    await page.goto('/');
    await tapFetchesNoCode(page, async () => {
      await page.getByTestId('account-button').tap();
      await expect(page.getByTestId('account-menu')).toBeVisible();
    });
  });

  test('the top-up dialog', async ({ gatedPage: page }) => {
    await page.goto(`/series/${await seriesWithLockedEpisodes(page)}`);
    await tapFetchesNoCode(page, async () => {
      await page.getByRole('main').getByRole('button', { name: 'Top Up', exact: true }).tap();
      await expect(page.getByRole('dialog', { name: 'Top Up Coins' })).toBeVisible();
    });
  });

  test('the unlock dialog', async ({ gatedPage: page }) => {
    const seriesId = await seriesWithLockedEpisodes(page);
    // The served page is everyone's: episodes this viewer unlocked in other specs turn unlocked once theirs load.
    const unlocksLoaded = page.waitForResponse((response) => response.url().includes('/unlocked-episodes'));
    await page.goto(`/series/${seriesId}`);
    await unlocksLoaded;
    await page.waitForLoadState('networkidle');
    const locked = page.getByTestId('episode-grid').locator('button[data-access="locked"]').first();
    const number = await locked.getAttribute('data-episode-number');
    await tapFetchesNoCode(page, async () => {
      await locked.tap();
      await expect(page.getByRole('dialog', { name: `Unlock Episode ${number}` })).toBeVisible();
    });
  });

  test('share', async ({ gatedPage: page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // Without a share sheet, Share is "Copy link" once the app has started.
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    });
    await page.goto(`/series/${await seriesWithLockedEpisodes(page)}`);
    await tapFetchesNoCode(page, async () => {
      await page.getByRole('main').getByRole('button', { name: 'Copy link', exact: true }).tap();
      await expect(page.getByTestId('toast')).toHaveText(/Link copied!/);
    });
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  });
});

test('on the player, the unlock dialog’s code is fetched while the episode plays, before a locked one is asked for', async ({
  gatedPage: page,
}) => {
  const seriesId = await seriesWithLockedEpisodes(page, 'last');
  const episodes = (await (await page.request.get(`/api/series/${seriesId}/episodes`)).json()) as {
    id: number;
    episodeNumber: number;
  }[];
  const lastFree = episodes.find((episode) => episode.episodeNumber === FREE_EPISODES)!;
  // Well before the episode ends (which opens the unlock by itself).
  const fetchedSoon = (name: string) =>
    page.waitForResponse((response) => new RegExp(`/${name}-[\\w-]+\\.js$`).test(response.url()), {
      timeout: 10_000,
    });
  const code = Promise.all([fetchedSoon('episode-unlock'), fetchedSoon('radix-dialog')]);
  await page.goto(`/watch/${lastFree.id}`);
  await code;
  const dialog = page.getByRole('dialog', { name: `Unlock Episode ${FREE_EPISODES + 1}` });
  await expect(page.getByTestId('player')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Neither its code nor its words (the series texts, which the player's page does not show) are asked for then.
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (/\.js$|\/locales-[\w-]+\//.test(new URL(request.url()).pathname)) fetched.push(request.url());
  });
  await page.keyboard.press('ArrowDown');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('unlock-cost')).toBeVisible();
  expect(fetched).toEqual([]);
});

test('on the player, a locked episode chosen in the episode list opens its unlock dialog with nothing fetched', async ({
  gatedPage: page,
}) => {
  const seriesId = await seriesWithLockedEpisodes(page, 'last');
  const episodes = (await (await page.request.get(`/api/series/${seriesId}/episodes`)).json()) as {
    id: number;
    episodeNumber: number;
  }[];
  const lastFree = episodes.find((episode) => episode.episodeNumber === FREE_EPISODES)!;
  await page.goto(`/watch/${lastFree.id}`);
  await expect(page.getByTestId('player')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.mouse.move(200, 300);
  await page.getByRole('button', { name: 'Episodes' }).click();
  const sheet = page.getByRole('dialog', { name: 'Episodes' });
  await expect(sheet).toBeVisible();

  const fetched: string[] = [];
  page.on('request', (request) => {
    if (/\.js$|\/locales-[\w-]+\//.test(new URL(request.url()).pathname)) fetched.push(request.url());
  });
  await sheet.getByRole('button', { name: `Episode ${FREE_EPISODES + 1}, locked` }).tap();
  const dialog = page.getByRole('dialog', { name: `Unlock Episode ${FREE_EPISODES + 1}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('unlock-cost')).toBeVisible();
  await expect(sheet).toBeHidden();
  expect(fetched).toEqual([]);
  // The focus moves into the dialog (right after the frame that shows it).
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
});
