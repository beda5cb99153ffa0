import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, passAccessGate, signInAsAdmin, test } from './support/fixtures.ts';

// axe-core on every route of the viewer app and the dashboard, logged in and out, and with each dialog
// open: no violation of impact serious or critical (WCAG 2.0, 2.1 and 2.2, levels A and AA).
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const;
type Impact = (typeof IMPACTS)[number];

interface Row {
  where: string;
  counts: Record<Impact, number>;
}
const rows: Row[] = [];

async function audit(page: Page, where: string) {
  // Let lazy screens, images and transitions settle so axe sees what a person sees. Bounded: the events a page
  // sends as it is left (a keepalive request the server answers at once) are never reported finished to the test.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(300);
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const counts = Object.fromEntries(IMPACTS.map((impact) => [impact, 0])) as Record<Impact, number>;
  for (const violation of result.violations) counts[(violation.impact ?? 'minor') as Impact] += violation.nodes.length;
  rows.push({ where, counts });
  const blocking = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${where}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes
          .slice(0, 4)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
  expect.soft(blocking, `serious or critical axe violations on ${where}`).toEqual([]);
}

// The counts per route of each test, printed when it ends (impact: number of offending elements).
test.afterEach(() => {
  if (!rows.length) return;
  const width = Math.max(...rows.map((r) => r.where.length), 5);
  const line = (cells: string[]) => cells.map((c, i) => (i ? c.padStart(9) : c.padEnd(width))).join(' ');
  console.log(
    [
      '',
      line(['route', ...IMPACTS]),
      ...rows.map((r) => line([r.where, ...IMPACTS.map((i) => String(r.counts[i]))])),
    ].join('\n'),
  );
  rows.length = 0;
});

async function logInViewer(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('cliffhanger.login', 'loggedIn');
    localStorage.setItem(
      'cliffhanger.loginUser',
      JSON.stringify({ username: 'GoogleUser', email: 'googleuser@google.example', provider: 'google' }),
    );
  });
}

async function catalogue(page: Page) {
  const series = (await (await page.request.get('/api/series')).json()) as { id: number; isFree: boolean }[];
  const paid = series.find((s) => !s.isFree) ?? series[0]!;
  const episodes = (await (await page.request.get(`/api/series/${paid.id}/episodes`)).json()) as {
    id: number;
    episodeNumber: number;
  }[];
  return {
    seriesId: paid.id,
    firstEpisode: episodes[0]!.id,
    lockedEpisode: episodes.find((e) => e.episodeNumber > 10)!,
  };
}

const viewerRoutes = (ids: { seriesId: number; firstEpisode: number }) => [
  '/',
  '/discover',
  '/discover?genre=Romance',
  '/discover?q=zzzz-nothing-matches',
  '/library',
  '/library?tab=liked',
  '/library?tab=saved',
  '/rewards',
  '/profile',
  '/dashboard',
  '/brand',
  '/terms',
  '/privacy',
  '/trending',
  '/shelf/new-release',
  `/series/${ids.seriesId}`,
  '/series/999999',
  `/watch/${ids.firstEpisode}`,
  '/no-such-page',
];

test('the access gate', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('access-gate')).toBeVisible();
  await audit(page, 'gate');
});

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test.describe(`viewer at ${viewport.name} size`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('every route, logged out', async ({ gatedPage: page }) => {
      test.setTimeout(180_000);
      const ids = await catalogue(page);
      for (const route of viewerRoutes(ids)) {
        await page.goto(route);
        await audit(page, `${viewport.name} out ${route}`);
      }
    });

    test('every route, logged in', async ({ gatedPage: page }) => {
      test.setTimeout(180_000);
      await logInViewer(page);
      const ids = await catalogue(page);
      for (const route of viewerRoutes(ids)) {
        await page.goto(route);
        await audit(page, `${viewport.name} in ${route}`);
      }
    });
  });
}

test('dialogs and menus: login, account menu, top up, unlock, language', async ({ gatedPage: page }) => {
  // Seven audits in one test: on a busy machine this takes most of a minute.
  test.slow();
  const ids = await catalogue(page);
  await page.goto('/');
  await page.getByTestId('login-button').click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await audit(page, 'dialog login');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.getByTestId('language-picker').click();
  await expect(page.getByRole('menu')).toBeVisible();
  await audit(page, 'menu language');
  await page.keyboard.press('Escape');

  await logInViewer(page);
  await page.reload();
  await page.getByTestId('account-button').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await audit(page, 'menu account');
  await page.getByTestId('account-menu').getByRole('menuitem').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.locator('[data-package-id]').first()).toBeVisible();
  await audit(page, 'dialog top up');
  await page.locator('[data-package-id]').first().click();
  await audit(page, 'dialog top up, package chosen');
  await page.keyboard.press('Escape');

  await page.goto(`/series/${ids.seriesId}`);
  await page.locator(`[data-episode-number="${ids.lockedEpisode.episodeNumber}"]`).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await audit(page, 'dialog unlock');
  await page.keyboard.press('Escape');

  await page.goto(`/watch/${ids.lockedEpisode.id}`);
  await audit(page, 'watch locked episode');
});

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 800 },
]) {
  test.describe(`dashboard at ${viewport.name} size`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('login, every tab, editing a row, add series and delete confirmation', async ({ page }) => {
      test.setTimeout(120_000);
      const at = (where: string) => `admin ${viewport.name} ${where}`;
      await passAccessGate(page);
      await page.goto('/admin');
      await expect(page.getByRole('heading', { name: 'Admin Access Portal' })).toBeVisible();
      await audit(page, at('login'));

      await signInAsAdmin(page);
      await page.goto('/admin');
      await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
      await expect(page.getByTestId('stat-total-series')).toBeVisible();
      await audit(page, at('content'));

      await page
        .getByRole('button', { name: /^Edit / })
        .first()
        .click();
      await audit(page, at('content, editing a row'));
      await page.getByRole('button', { name: /^Cancel editing/ }).click();

      await page
        .getByRole('button', { name: /^Delete / })
        .first()
        .click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await audit(page, at('delete confirmation'));
      await page.keyboard.press('Escape');
      await expect(page.getByRole('alertdialog')).toBeHidden();

      await page.getByRole('button', { name: 'Add Series' }).click();
      await expect(page.getByRole('dialog', { name: 'Add New Series' })).toBeVisible();
      await audit(page, at('add series'));
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Passkeys' }).click();
      await expect(page.getByRole('dialog', { name: 'Your passkeys' })).toBeVisible();
      await audit(page, at('passkeys'));
      await page.keyboard.press('Escape');

      await page.getByRole('tab', { name: 'Hero Carousel' }).click();
      await expect(page.getByTestId('carousel-item').first()).toBeVisible();
      await audit(page, at('carousel'));

      await page.getByRole('tab', { name: 'Trending Now' }).click();
      await expect(page.getByTestId('trending-item').first()).toBeVisible();
      await audit(page, at('trending'));

      // A series' episodes: upload and transcode views.
      const [first] = (await (await page.request.get('/api/series')).json()) as { id: number }[];
      await page.goto(`/admin/series/${first!.id}/episodes`);
      await expect(page.getByRole('main')).toBeVisible();
      await audit(page, at('episodes of a series'));
    });
  });
}

test('right to left and other scripts pass too', async ({ gatedPage: page }) => {
  test.setTimeout(180_000);
  const ids = await catalogue(page);
  for (const language of ['arabic', 'japanese', 'hindi']) {
    await page.addInitScript((l) => localStorage.setItem('cliffhanger.language', l), language);
    for (const route of ['/', `/series/${ids.seriesId}`, '/rewards']) {
      await page.goto(route);
      await audit(page, `${language} ${route}`);
    }
  }
});
