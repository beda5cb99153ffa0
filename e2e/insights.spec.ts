import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { adminApi, getJson } from './support/admin.ts';
import { signInAsAdmin, test, expect } from './support/fixtures.ts';

interface SeriesJson {
  id: number;
  title: string;
  isFree: boolean;
  episodeCost: number;
}
interface EpisodeJson {
  id: number;
  episodeNumber: number;
}
interface LedgerJson {
  kind: 'purchase' | 'checkin' | 'unlock';
  coinsDelta: number;
  bonusesDelta: number;
  createdAt: string;
}
interface FunnelJson {
  episodes: {
    episodeNumber: number;
    viewers: number;
    completions: number;
    paywallShown: number;
    unlocks: number;
    coinsSpent: number;
  }[];
}

// A demo series no other spec touches.
const TITLE = 'Dollhouse on Hollow Road';
const ACTIVE = 'video[data-active="true"]';
const today = () => new Date().toISOString().slice(0, 10);

async function seriesEpisodes(api: APIRequestContext) {
  const series = ((await (await api.get('/api/series')).json()) as SeriesJson[]).find((s) => s.title === TITLE)!;
  expect(series, `demo series "${TITLE}"`).toBeDefined();
  const episodes = (await (await api.get(`/api/series/${series.id}/episodes`)).json()) as EpisodeJson[];
  return { series, byNumber: (n: number) => episodes.find((e) => e.episodeNumber === n)! };
}

/** The first play may wait for the demo clips, made when the server starts on a fresh data directory. */
async function playing(page: Page, episode: EpisodeJson, timeout = 30_000) {
  await expect(page).toHaveURL(`/watch/${episode.id}`);
  await page.waitForFunction(
    (selector) => {
      const video = document.querySelector<HTMLVideoElement>(selector);
      return video?.closest('[data-testid="player"]') != null && !video.paused && video.currentTime > 0.3;
    },
    ACTIVE,
    { timeout },
  );
}

async function balance(api: APIRequestContext) {
  const user = (await (await api.get('/api/user/user-1')).json()) as { coins: number; bonuses: number };
  return user.coins + user.bonuses;
}

test('what a viewer watches, sees at the paywall and unlocks shows up in the Insights tab', async ({
  gatedPage: page,
}) => {
  test.setTimeout(240_000);
  const { series, byNumber } = await seriesEpisodes(page.request);
  expect(series.isFree).toBe(false);
  const admin = await adminApi();
  // Make the episode cost more than the viewer's balance, so the unlock needs a top up first, and the coins it
  // costs are known exactly.
  const cost = (await balance(page.request)) + 120;
  expect((await admin.put(`/api/series/${series.id}`, { data: { episodeCost: cost } })).ok()).toBe(true);

  try {
    // Episode 1 to its end, and on into episode 2.
    await page.goto(`/watch/${byNumber(1).id}`);
    await playing(page, byNumber(1), 120_000);
    await page.evaluate((selector) => {
      const video = document.querySelector<HTMLVideoElement>(selector)!;
      video.currentTime = Math.max(0, video.duration - 1.5);
    }, ACTIVE);
    await playing(page, byNumber(2));

    // Episode 10, then a swipe down to the locked episode 11: the unlock dialog (the paywall).
    await page.goto(`/watch/${byNumber(10).id}`);
    await playing(page, byNumber(10));
    await page.keyboard.press('ArrowDown');
    const dialog = page.getByRole('dialog', { name: 'Unlock Episode 11' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Top Up' }).click();
    const topUp = page.getByRole('dialog', { name: 'Top Up Coins' });
    await topUp.locator('[data-package-id="package-1"]').click();
    await topUp.getByRole('button', { name: 'Purchase', exact: true }).click();
    await expect(topUp).toBeHidden();
    await page
      .getByRole('dialog', { name: 'Unlock Episode 11' })
      .getByRole('button', { name: 'Unlock', exact: true })
      .click();
    await expect(page.getByTestId('toast')).toContainText('Episode Unlocked!');
    await playing(page, byNumber(11));

    // The player sends its events every few seconds and when the page is left.
    const query = `from=${today()}&to=${today()}`;
    await expect
      .poll(
        async () =>
          (await getJson<FunnelJson>(admin, `/api/admin/insights/series/${series.id}?${query}`)).episodes[10]
            ?.paywallShown ?? 0,
        {
          timeout: 20_000,
        },
      )
      .toBeGreaterThan(0);
    const funnel = await getJson<FunnelJson>(admin, `/api/admin/insights/series/${series.id}?${query}`);
    expect(funnel.episodes[0]).toMatchObject({ episodeNumber: 1, viewers: 1 });
    expect(funnel.episodes[0]!.completions).toBeGreaterThanOrEqual(1);
    expect(funnel.episodes[1]).toMatchObject({ episodeNumber: 2, viewers: 1 });
    expect(funnel.episodes[10]).toMatchObject({ episodeNumber: 11, unlocks: 1, coinsSpent: cost });

    // The dashboard: the series' funnel in its table view, and the summary's coins spent against the ledger.
    await signInAsAdmin(page);
    await page.goto('/admin?tab=insights');
    await expect(page.getByRole('tab', { name: 'Insights' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('button', { name: '7 days' }).click();
    await page.getByRole('combobox', { name: 'Series' }).selectOption({ label: TITLE });
    const panel = page.getByTestId('insights-funnel');
    await expect(panel.getByRole('img', { name: new RegExp(TITLE) })).toBeVisible();
    await expect(panel.getByTestId('first-paid-marker')).toContainText('11');
    await panel.getByRole('button', { name: 'Table' }).click();
    const row = (n: number) =>
      panel
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: String(n), exact: true }).first() })
        .first();
    // Episode, Viewers, Drop-off, Completions, Completion rate, Paywall shown, Unlocks, Coins spent
    await expect(row(1).getByRole('cell').nth(1)).toHaveText('1');
    await expect(row(2).getByRole('cell').nth(1)).toHaveText('1');
    await expect(row(11).getByRole('cell').nth(5)).not.toHaveText('0');
    await expect(row(11).getByRole('cell').nth(6)).toHaveText('1');
    await expect(row(11).getByRole('cell').nth(7)).toHaveText(String(cost));

    // This viewer's own ledger (the browser's viewer: user-1 is whoever asks) holds the unlock; the summary counts
    // every viewer's coins, so it shows at least this viewer's.
    const ledger = (await (await page.request.get('/api/user/user-1/transactions?limit=500')).json()) as LedgerJson[];
    const weekAgo = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    const spent = ledger
      .filter((entry) => entry.kind === 'unlock' && entry.createdAt.slice(0, 10) >= weekAgo)
      .reduce((total, entry) => total - entry.coinsDelta - entry.bonusesDelta, 0);
    expect(spent).toBe(cost);
    await expect(page.getByTestId('insight-coins-spent')).toHaveText(/\d/);
    const shown = Number((await page.getByTestId('insight-coins-spent').textContent())!.replace(/\D/g, ''));
    expect(shown).toBeGreaterThanOrEqual(spent);

    // The tab on a phone, its table view open and its charts shown: no serious or critical axe violation.
    await panel.getByRole('button', { name: 'Chart' }).click();
    const audit = await new AxeBuilder({ page })
      .include('[data-testid="insights"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(audit.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );
  } finally {
    await admin.put(`/api/series/${series.id}`, { data: { episodeCost: series.episodeCost } });
    await admin.dispose();
  }
});

test('the series page and the watch page count their unlock prompts as paywall showings, once each', async ({
  gatedPage: page,
}) => {
  test.setTimeout(120_000);
  const { series, byNumber } = await seriesEpisodes(page.request);
  const admin = await adminApi();
  // More than the balance, so the dialog offers Top Up (a detour that comes back to the same showing).
  const cost = (await balance(page.request)) + 120;
  expect((await admin.put(`/api/series/${series.id}`, { data: { episodeCost: cost } })).ok()).toBe(true);
  const shown = async (episodeNumber: number) =>
    (await getJson<FunnelJson>(admin, `/api/admin/insights/series/${series.id}?from=${today()}&to=${today()}`))
      .episodes[episodeNumber - 1]!.paywallShown;
  const before = { 12: await shown(12), 13: await shown(13) };

  try {
    // The series page: the unlock dialog, a look at Top Up and back, then closed: one showing.
    await page.goto(`/series/${series.id}`);
    const slot = page.getByRole('button', { name: new RegExp(`^Episode 12, locked`) });
    await slot.click();
    const dialog = page.getByRole('dialog', { name: 'Unlock Episode 12' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Top Up' }).click();
    const topUp = page.getByRole('dialog', { name: 'Top Up Coins' });
    await expect(topUp).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(topUp).toBeHidden();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect.poll(() => shown(12), { timeout: 15_000 }).toBe(before[12] + 1);

    // Opened again: a second showing.
    await slot.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect.poll(() => shown(12), { timeout: 15_000 }).toBe(before[12] + 2);

    // The watch page opened on a locked episode: its locked screen is that episode's unlock prompt.
    await page.goto(`/watch/${byNumber(13).id}`);
    await expect(page.getByRole('heading', { name: 'Episode 13 is locked' })).toBeVisible();
    await expect.poll(() => shown(13), { timeout: 15_000 }).toBe(before[13] + 1);

    // Nothing more arrives later (the queue's next round, the page going away).
    await page.goto('/');
    await page.waitForTimeout(6000);
    expect({ 12: await shown(12), 13: await shown(13) }).toEqual({ 12: before[12] + 2, 13: before[13] + 1 });
  } finally {
    await admin.put(`/api/series/${series.id}`, { data: { episodeCost: series.episodeCost } });
    await admin.dispose();
  }
});
