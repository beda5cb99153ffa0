import type { ConsoleMessage, Page } from '@playwright/test';
import { VIEWER_PAGE_QUERIES } from '#contract/page-data.ts';
import { LANGUAGE_COOKIE } from '#contract/languages.ts';
import { passAccessGate, test, expect } from './support/fixtures.ts';
import { E2E } from './support/env.ts';

// Viewer pages arrive rendered and hydrate without a word from React (issue 11, docs/decisions/026).

const LANGUAGES = [
  { name: 'english', lang: 'en', dir: 'ltr', home: 'Home' },
  { name: 'arabic', lang: 'ar', dir: 'rtl', home: 'الرئيسية' },
  { name: 'japanese', lang: 'ja', dir: 'ltr', home: 'ホーム' },
] as const;

async function firstSeriesId(page: Page): Promise<number> {
  const series = (await (await page.request.get('/api/series')).json()) as { id: number }[];
  return series[0]!.id;
}

/** Playwright's own note that it kept the app's service worker out (playwright.config.ts): not the page's. */
const WORKER_BLOCKED_BY_PLAYWRIGHT = 'Service Worker registration blocked by Playwright';

/** Every console error or warning and every uncaught error while the page loads and hydrates. */
function complaintsOf(page: Page): string[] {
  const complaints: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if ((message.type() === 'error' || message.type() === 'warning') && message.text() !== WORKER_BLOCKED_BY_PLAYWRIGHT)
      complaints.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => complaints.push(`uncaught: ${error.message}`));
  return complaints;
}

/** The app is hydrated once React has attached its handlers to the server's markup. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
  await page.waitForLoadState('networkidle');
}

for (const language of LANGUAGES) {
  test(`${language.name}: every viewer page arrives rendered in the language and hydrates without a warning`, async ({
    gatedPage: page,
    context,
  }) => {
    await context.addCookies([{ name: LANGUAGE_COOKIE, value: language.lang, url: E2E.baseUrl }]);
    await page.addInitScript((name) => localStorage.setItem('cliffhanger.language', name), language.name);
    const id = await firstSeriesId(page);
    const complaints = complaintsOf(page);
    for (const viewerPage of VIEWER_PAGE_QUERIES) {
      const path = viewerPage.path.replace(':id', String(id));
      const asked: string[] = [];
      const onRequest = (request: { url(): string; method(): string }) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/') && request.method() === 'GET') asked.push(url.pathname + url.search);
      };
      page.on('request', onRequest);
      const response = await page.goto(path);
      const html = await response!.text();
      expect(/<html [^>]*>/.exec(html)?.[0], path).toBe(`<html lang="${language.lang}" dir="${language.dir}">`);
      // The page's markup is in the HTML, in the viewer's language: the bottom bar names Home.
      const root = /<div id="root">([\s\S]*?)<\/main>/.exec(html)?.[1] ?? '';
      expect(root.length, `${path} is rendered`).toBeGreaterThan(1000);
      expect(root.includes(`>${language.home}</a>`), `${path} names Home in ${language.name}`).toBe(true);
      await hydrated(page);
      await expect(page.locator('html')).toHaveAttribute('dir', language.dir);
      page.off('request', onRequest);
      // What the HTML holds is not asked for again.
      for (const query of viewerPage.queries({ id: String(id) }, language.lang))
        expect(asked, `${path} asked for ${query}`).not.toContain(query);
    }
    expect(complaints).toEqual([]);
  });
}

test('the home page shows its catalogue before any script runs', async ({ browser }) => {
  // A page of its own: the fixture's navigations wait for the app, which never starts here.
  const page = await browser.newPage();
  await passAccessGate(page);
  await page.route('**/*.js', (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /./ }).first()).toBeVisible();
  expect(await page.locator('#root a[href^="/series/"]').count()).toBeGreaterThan(0);
});

test('a visitor without access gets the gate first: no catalogue in the HTML', async ({ page }) => {
  const complaints = complaintsOf(page);
  const response = await page.goto('/');
  const html = await response!.text();
  expect(html).toContain('<div id="root"></div>');
  expect(html).not.toContain('/series/');
  await expect(page.getByRole('textbox')).toBeVisible();
  expect(complaints).toEqual([]);
});

/** The page's LCP as the browser measured it: the picture's URL, or the element's text. */
async function largestPaint(page: Page): Promise<{ url: string; text: string }> {
  return page.evaluate(
    () =>
      new Promise<{ url: string; text: string }>((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntries().at(-1) as PerformanceEntry & { url: string; element: Element | null };
          resolve({ url: entry.url, text: entry.element?.textContent?.trim() ?? '' });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

test('the largest picture or text of the first screen is in the HTML, a picture asked for with high priority', async ({
  gatedPage: page,
}) => {
  const id = await firstSeriesId(page);
  const episodes = (await (await page.request.get(`/api/series/${id}/episodes`)).json()) as { id: number }[];
  for (const path of ['/', '/discover', `/series/${id}`, `/watch/${episodes[0]!.id}`]) {
    const html = await (await page.goto(path))!.text();
    await page.waitForLoadState('networkidle');
    const largest = await largestPaint(page);
    if (largest.url) {
      const picture = new URL(largest.url).pathname;
      const tags = html.match(/<[a-z]+ [^>]*>/g)?.filter((tag) => tag.includes(`"${picture}"`)) ?? [];
      expect(tags.length, `${path}: ${picture} is in the HTML`).toBeGreaterThan(0);
      expect(
        tags.some((tag) => /fetchpriority="high"/i.test(tag)),
        `${path}: ${picture} is asked for with high priority`,
      ).toBe(true);
    } else {
      expect(largest.text.length, `${path}: the largest paint is text`).toBeGreaterThan(0);
      expect(html, `${path}: its largest text is in the HTML`).toContain(largest.text.slice(0, 40));
    }
  }
});

test('a filtered discover page arrives filtered, also once the plain one is prepared: a genre, or words', async ({
  browser,
  gatedPage: page,
}) => {
  const all = (await (await page.request.get('/api/series')).json()) as { id: number; title: string; genre: string }[];
  const ferry = all.find((series) => /ferry/i.test(series.title))!;
  const cases = [
    {
      query: 'genre=Comedy',
      ids: all.filter((series) => series.genre === 'Comedy').map((series) => series.id),
      pressed: 'Comedy',
    },
    { query: 'q=ferry', ids: [ferry.id], pressed: 'All' },
  ];
  expect(cases[0]!.ids.length).toBeGreaterThan(0);
  expect(cases[0]!.ids.length).toBeLessThan(all.length);
  // The plain page, prepared for everyone first.
  await page.goto('/discover');
  await expect(page.getByRole('button', { name: 'All', exact: true })).toHaveAttribute('aria-pressed', 'true');

  for (const { query, ids, pressed } of cases) {
    // What the HTML holds, with no script to change it.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const noScript = await context.newPage();
    await passAccessGate(noScript);
    await noScript.goto(`/discover?${query}`);
    const results = noScript.locator('section[aria-labelledby="results-heading"]');
    await expect(results).toBeVisible();
    const linked = async (target: Page | typeof results) =>
      [
        ...new Set(
          await target.locator('a[href^="/series/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
        ),
      ].sort();
    expect(await linked(results), query).toEqual(ids.map((id) => `/series/${id}`).sort());
    await expect(noScript.getByRole('button', { name: pressed, exact: true })).toHaveAttribute('aria-pressed', 'true');
    if (pressed !== 'All')
      await expect(noScript.getByRole('button', { name: 'All', exact: true })).toHaveAttribute('aria-pressed', 'false');
    else await expect(noScript.getByRole('searchbox')).toHaveValue('ferry');
    await context.close();

    // With the app: it hydrates that page without a word and keeps showing the same series.
    const complaints = complaintsOf(page);
    await page.goto(`/discover?${query}`);
    await hydrated(page);
    const hydratedResults = page.locator('section[aria-labelledby="results-heading"]');
    expect(await linked(hydratedResults), query).toEqual(ids.map((id) => `/series/${id}`).sort());
    await expect(page.getByRole('button', { name: pressed, exact: true })).toHaveAttribute('aria-pressed', 'true');
    expect(complaints, query).toEqual([]);
  }
});
