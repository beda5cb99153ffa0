import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';

// The other specs run without service workers (playwright.config.ts): this one is about them.
test.use({ serviceWorkers: 'allow' });

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Resolves once the app's service worker is active and controls the page (reloading it if needed). */
async function controlledBy(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
}

/** axe finds nothing serious on the screen (WCAG 2.x A and AA, as e2e/a11y.spec.ts). */
async function accessible(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(result.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

/** Every address in every cache the service worker keeps. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });

async function aFreeEpisode(page: Page) {
  const all = (await (await page.request.get('/api/series')).json()) as { id: number; title: string }[];
  for (const series of all) {
    const episodes = (await (await page.request.get(`/api/series/${series.id}/episodes`)).json()) as {
      id: number;
      episodeNumber: number;
      isFree?: boolean;
    }[];
    const first = episodes.find((e) => e.episodeNumber === 1);
    if (first) return { series, episode: first, total: episodes.length };
  }
  throw new Error('no demo series with episodes');
}

test('the manifest has what installing the app needs, its pictures answer, past the access gate', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  // A browser may fetch it without the gate's cookie: `request` has none.
  const reply = await request.get(href!);
  expect(reply.status()).toBe(200);
  expect(reply.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await reply.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
  expect(manifest).toMatchObject({
    name: 'Cliffhanger',
    short_name: 'Cliffhanger',
    display: 'standalone',
    start_url: '/',
    scope: '/',
    theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
  });
  const sizes = manifest.icons.map((icon) => icon.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  expect(manifest.icons.some((icon) => icon.purpose?.split(' ').includes('maskable'))).toBe(true);
  const screenshots = manifest.screenshots as (ManifestIcon & { form_factor?: string })[];
  expect(screenshots.some((shot) => shot.form_factor === 'narrow')).toBe(true);
  for (const picture of [...manifest.icons, ...screenshots]) {
    const image = await request.get(picture.src);
    expect(image.status(), picture.src).toBe(200);
    expect(image.headers()['content-type'], picture.src).toBe('image/png');
    const bytes = await image.body();
    // A PNG's width and height, in its header.
    expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, picture.src).toBe(picture.sizes);
  }

  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toContain('javascript');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  const policy = worker.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("worker-src 'self'");
  expect(policy).toContain("manifest-src 'self'");
});

test('the service worker controls a reloaded page, and without the network a page is the offline page in the viewer’s language', async ({
  gatedPage: page,
  context,
}) => {
  await page.goto('/');
  await controlledBy(page);

  await context.setOffline(true);
  try {
    // A page kept by nobody (it is the viewer's own), asked for without the network.
    await page.goto('/library');
    await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

    await page.evaluate(() => localStorage.setItem('cliffhanger.language', 'arabic'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: 'أنت غير متصل بالإنترنت' })).toBeVisible();
    await accessible(page);
    await page.evaluate(() => localStorage.setItem('cliffhanger.language', 'english'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  } finally {
    await context.setOffline(false);
  }

  // Back online, "Try again" loads the page asked for.
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page).toHaveURL('/library');
  await expect(page.getByTestId('offline-page')).toHaveCount(0);
  await expect(page.locator('#root')).not.toBeEmpty();
});

test('no API reply, page or media segment is in the service worker’s caches after watching', async ({
  gatedPage: page,
}) => {
  const { episode } = await aFreeEpisode(page);
  await page.goto('/');
  await controlledBy(page);
  await page.goto('/library');
  await page.goto(`/watch/${episode.id}`);
  await page.waitForFunction(
    () => {
      const video = document.querySelector<HTMLVideoElement>('video[data-active="true"]');
      return video !== null && video.currentTime > 0.5;
    },
    undefined,
    { timeout: 30_000 },
  );

  const urls = await cachedUrls(page);
  // What it keeps: the code and the offline page, and the texts the pages read.
  expect(urls).toContain('/offline.html');
  expect(urls.some((url) => /^\/assets\/.+\.js$/.test(url))).toBe(true);
  expect(urls.some((url) => /^\/assets\/locales-[^/]+\/en\/watch\.json$/.test(url))).toBe(true);
  // What it never keeps.
  const never = urls.filter(
    (url) =>
      url.startsWith('/api/') ||
      url.startsWith('/media/') ||
      /\.(?:m3u8|ts|m4s|mp4|vtt)$/.test(url) ||
      ['/', '/library', '/index.html', '/watch.html'].includes(url) ||
      url.startsWith('/watch/') ||
      url.startsWith('/admin'),
  );
  expect(never).toEqual([]);
});

test('the lock screen is told the series, the episode and its poster, and follows the feed', async ({
  gatedPage: page,
}) => {
  const { series, episode, total } = await aFreeEpisode(page);
  await page.goto(`/watch/${episode.id}`);
  const metadata = () =>
    page.evaluate(() => {
      const shown = navigator.mediaSession.metadata;
      return shown && { title: shown.title, artist: shown.artist, artwork: shown.artwork.map((a) => a.src) };
    });
  await expect.poll(metadata, { timeout: 15_000 }).toMatchObject({
    title: series.title,
    artist: `Episode 1 of ${total}`,
  });
  const artwork = (await metadata())!.artwork;
  expect(artwork.length).toBeGreaterThan(0);
  for (const src of artwork) expect((await page.request.get(src)).status(), src).toBe(200);
  await expect.poll(() => page.evaluate(() => navigator.mediaSession.playbackState)).toBe('playing');

  // The next episode (free, as a swipe would play it): the lock screen follows.
  await page.keyboard.press('ArrowDown');
  await expect
    .poll(metadata, { timeout: 15_000 })
    .toMatchObject({ title: series.title, artist: `Episode 2 of ${total}` });
});

test('"Install the app" opens the browser’s own dialog where it offers one', async ({ gatedPage: page }) => {
  await page.goto('/profile');
  // Its code comes once the page is idle; until the browser offers to install, there is no item.
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('install-app')).toHaveCount(0);
  // What Chromium fires when the app can be installed; its prompt() notes that it was asked.
  await page.evaluate(() => {
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => void ((window as unknown as { prompted: boolean }).prompted = true),
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(offer);
  });
  await page.getByTestId('install-app').click();
  expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true);
  // A browser offers it once.
  await expect(page.getByTestId('install-app')).toHaveCount(0);
});

test.describe('on an iPhone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  });

  test('"Install the app" shows the Add to Home Screen steps', async ({ gatedPage: page }) => {
    await page.goto('/profile');
    const item = page.getByTestId('install-app');
    await expect(item).toHaveAttribute('aria-expanded', 'false');
    await item.click();
    await expect(item).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('install-steps')).toHaveText(
      'On this iPhone or iPad: tap Share, then “Add to Home Screen”.',
    );
    await accessible(page);
  });
});

test('a new-episode alert pushed to the worker is shown, and names the episode to open', async ({
  gatedPage: page,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  await page.goto('/');
  await controlledBy(page);
  const cdp = await context.newCDPSession(page);
  const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => resolve(event.registrations)),
  );
  await cdp.send('ServiceWorker.enable');
  const registration = (await registrations).find((entry) => entry.scopeURL.endsWith('/'))!;
  const alert = { title: 'The Quiet Floor: episode 33 is out', url: '/watch/4242', tag: 'series-15' };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: registration.registrationId,
    data: JSON.stringify(alert),
  });
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const shown = await (await navigator.serviceWorker.ready).getNotifications();
        return shown.map((notification) => ({ title: notification.title, data: notification.data as unknown }));
      }),
    )
    .toEqual([{ title: alert.title, data: expect.objectContaining({ url: alert.url }) }]);
});
