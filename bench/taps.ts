/**
 * Tap benchmark (issue 23): in Chromium on a phone-sized page, the time from a tap on an opener to its
 * menu, dialog or toast on screen, for the things that open on a tap in the viewer app: the header's
 * language menu, the login dialog and the account menu (home), and on a series page the Top Up dialog,
 * the unlock dialog (a locked episode) and Share (its "Link copied!" toast); and in the player (issue 36)
 * the unlock dialog of a locked episode chosen in the episode list, or swiped to (the arrow key) from the
 * last free one while it plays. Each run is a fresh visit (new browser profile, empty cache): the first tap
 * of that visit is timed.
 *
 *   npx tsx bench/taps.ts          (or npm run bench:taps)
 *
 * It builds nothing: like bench/video-start.ts it starts the server on the client in BENCH_CLIENT_DIR
 * (default dist/client: `npm run build`) on BENCH_PORT (5212), or uses BENCH_URL with BENCH_ACCESS_CODE.
 * BENCH_RUNS (10 visits per opener and network) is optional; BENCH_OPENERS (`unlock,share`: openers whose name
 * has one of these) and BENCH_NETWORKS (`unthrottled`) measure a part.
 *
 * Two moments of tapping, unthrottled and at 150 ms latency / 1.6 Mbps (CDP Network.emulateNetworkConditions):
 * - settled: once the app has started on the page and the network has been quiet for half a second (a
 *   person reading the page, then tapping). The target: at most 100 ms unthrottled (median).
 * - early: right after DOMContentLoaded, before the app has taken the markup over. Prints the median time
 *   to the opening (which then includes the app's start) and how many of the taps were lost (nothing
 *   opened within 10 s).
 * The tap is timed in the page, from its pointerdown to the first animation frame in which the opening is
 * laid out on screen. Prints a table of medians (and p95, lost taps, and the visits in which JavaScript was
 * fetched after the tap: for a settled tap, the code of what it opened; an early one also meets the
 * page's own) and the machine's load.
 */
import os from 'node:os';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM, LAUNCH_ARGS } from './support/chromium.ts';
import { machineLoad, startBenchServer, summarize } from './support/server.ts';
import { FREE_EPISODES } from '../src/contract/constants.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const TARGET_MS = 100;
/** A tap with nothing shown after this long is a lost tap. */
const LOST_AFTER_MS = 10_000;
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: false };

interface Network {
  name: string;
  conditions?: { latency: number; downloadThroughput: number; uploadThroughput: number };
}
const NETWORKS: Network[] = [
  { name: 'unthrottled' },
  { name: '150 ms, 1.6 Mbps', conditions: { latency: 150, downloadThroughput: 200_000, uploadThroughput: 200_000 } },
].filter((network) => !process.env.BENCH_NETWORKS || process.env.BENCH_NETWORKS.split(',').includes(network.name));
type Moment = 'settled' | 'early';

interface Opener {
  name: string;
  /** The page it is on: a path, or one made from the series under test. */
  path: (series: SeriesUnderTest) => string;
  /** What is tapped (a key name for `key`). */
  trigger: string;
  /** Pressed instead of tapped. */
  key?: boolean;
  /** Run on the page before the tap is armed (opening the player's episode list). */
  prepare?: (page: Page) => Promise<void>;
  /** What shows once it opened. */
  opening: string;
  loggedIn?: boolean;
  /** The page streams video, so its network is never quiet: it has settled once its episode plays. */
  streams?: boolean;
}
interface SeriesUnderTest {
  id: number;
  /** Its last free episode: the next one is locked. */
  lastFreeEpisodeId: number;
}

const OPENERS: Opener[] = [
  {
    name: 'language menu',
    path: () => '/',
    trigger: '[data-testid="language-picker"]',
    opening: '[role="menu"]',
  },
  { name: 'login dialog', path: () => '/', trigger: '[data-testid="login-button"]', opening: '[role="dialog"]' },
  {
    name: 'account menu',
    path: () => '/',
    trigger: '[data-testid="account-button"]',
    opening: '[data-testid="account-menu"]',
    loggedIn: true,
  },
  {
    name: 'top-up dialog',
    path: (series) => `/series/${series.id}`,
    trigger: 'main button:has-text("Top Up")',
    opening: '[role="dialog"]',
  },
  {
    name: 'unlock dialog',
    path: (series) => `/series/${series.id}`,
    trigger: '[data-testid="episode-grid"] button[data-access="locked"]',
    opening: '[role="dialog"]',
  },
  {
    name: 'share',
    path: (series) => `/series/${series.id}`,
    // "Copy link" where the browser has no share sheet (headless Chromium), "Share" where it has one.
    trigger: 'main button:has-text("Share"), main button:has-text("Copy link")',
    opening: '[data-testid="toast"]',
  },
  {
    name: 'unlock in player list',
    path: (series) => `/watch/${series.lastFreeEpisodeId}`,
    streams: true,
    prepare: async (page) => {
      await playerPlaying(page);
      await page.mouse.move(200, 300);
      await page.click('[data-testid="player"] button[aria-label="Episodes"]');
      await page.waitForSelector('[data-testid="episode-sheet"]');
    },
    trigger: `[data-testid="episode-sheet"] button[aria-label="Episode ${FREE_EPISODES + 1}, locked"]`,
    opening: '[data-testid="unlock-cost"]',
  },
  {
    name: 'unlock by swipe',
    path: (series) => `/watch/${series.lastFreeEpisodeId}`,
    streams: true,
    prepare: playerPlaying,
    key: true,
    trigger: 'ArrowDown',
    opening: '[data-testid="unlock-cost"]',
  },
];

/** The player's episode is playing (the app has started on /watch). */
async function playerPlaying(page: Page) {
  await page.waitForFunction(
    () => {
      const player = document.querySelector('[data-testid="player"]');
      return !!player && [...player.querySelectorAll('video')].some((video) => !video.paused && video.currentTime > 0);
    },
    undefined,
    { timeout: 60_000 },
  );
}

/**
 * Runs in every page before its own scripts: notes the time of the first pointerdown (or keydown) after `arm`, then
 * looks every animation frame for the opening, laid out on screen (a menu is placed off screen until it
 * has been positioned) and not hidden. A string, not a function: tsx would
 * add helpers to a function's source that the page does not have.
 */
const PROBE = `(() => {
  const state = { armed: null, tapAt: null, shownAt: null };
  window.__taps = state;
  const shown = (selector) => {
    for (const element of document.querySelectorAll(selector)) {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      const onScreen = box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
      if (box.width > 0 && box.height > 0 && onScreen && style.visibility !== 'hidden' && style.opacity !== '0') return true;
    }
    return false;
  };
  const look = () => {
    if (shown(state.armed)) state.shownAt = performance.now();
    else requestAnimationFrame(look);
  };
  const tapped = (event) => {
    if (!state.armed || state.tapAt !== null) return;
    state.tapAt = event.timeStamp;
    requestAnimationFrame(look);
  };
  addEventListener('pointerdown', tapped, true);
  addEventListener('keydown', tapped, true);
})();`;

interface Measure {
  opener: string;
  network: string;
  moment: Moment;
  values: number[];
  lost: number;
  /** Visits whose tap (or what it opened) asked for JavaScript. */
  fetchedCode: number;
}

async function visit(
  browser: Browser,
  base: string,
  accessCode: string,
  network: Network,
  opener: Opener,
  series: SeriesUnderTest,
  moment: Moment,
): Promise<{ shown: number | null; fetchedCode: boolean }> {
  const context = await browser.newContext({ ...PHONE, baseURL: base, serviceWorkers: 'block' });
  try {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: base });
    const gate = await context.request.post('/api/access', { data: { code: accessCode } });
    if (!gate.ok()) throw new Error(`The access code was refused (${gate.status()}).`);
    await context.addInitScript(() => localStorage.setItem('cliffhanger.access', 'granted'));
    if (opener.loggedIn) {
      await context.addInitScript(() => {
        localStorage.setItem('cliffhanger.login', 'loggedIn');
        localStorage.setItem('cliffhanger.loginUser', JSON.stringify({ provider: 'google' }));
      });
    }
    await context.addInitScript(PROBE);
    const page = await context.newPage();
    if (network.conditions) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network.conditions });
    }
    if (moment === 'early') {
      await page.goto(opener.path(series), { waitUntil: 'domcontentloaded' });
    } else {
      await page.goto(opener.path(series), { waitUntil: 'load' });
      await appStarted(page);
      if (!opener.streams) await page.waitForLoadState('networkidle');
    }
    await opener.prepare?.(page);
    await page.evaluate((selector) => {
      (window as unknown as { __taps: { armed: string } }).__taps.armed = selector;
    }, opener.opening);
    let fetchedCode = false;
    page.on('request', (request) => {
      if (/\.js$/.test(new URL(request.url()).pathname)) fetchedCode = true;
    });
    if (opener.key) await page.keyboard.press(opener.trigger);
    else await page.tap(opener.trigger, { timeout: 30_000 });
    const shown = await page
      .waitForFunction(
        () => {
          const state = (window as unknown as { __taps: { tapAt: number | null; shownAt: number | null } }).__taps;
          return state.tapAt !== null && state.shownAt !== null ? state.shownAt - state.tapAt : null;
        },
        undefined,
        { timeout: LOST_AFTER_MS, polling: 50 },
      )
      .then((handle) => handle.jsonValue() as Promise<number>)
      .catch(() => null);
    return { shown, fetchedCode };
  } finally {
    await context.close();
  }
}

/** React has taken over the page's markup (or rendered it, on a page the server did not render). */
async function appStarted(page: Page) {
  await page.waitForFunction(
    () => {
      const root = document.getElementById('root');
      return !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
    },
    undefined,
    { timeout: 60_000 },
  );
}

/** A series with a locked episode (not free), read through the API past the gate. */
async function seriesWithLockedEpisodes(browser: Browser, base: string, accessCode: string): Promise<SeriesUnderTest> {
  const context = await browser.newContext({ baseURL: base, serviceWorkers: 'block' });
  try {
    const gate = await context.request.post('/api/access', { data: { code: accessCode } });
    if (!gate.ok()) throw new Error(`The access code was refused (${gate.status()}).`);
    const all = (await (await context.request.get('/api/series')).json()) as { id: number; isFree: boolean }[];
    const paid = all.find((s) => !s.isFree);
    if (!paid) throw new Error('No series with locked episodes in the catalogue.');
    const episodes = (await (await context.request.get(`/api/series/${paid.id}/episodes`)).json()) as {
      id: number;
      episodeNumber: number;
    }[];
    const lastFree = episodes.find((episode) => episode.episodeNumber === FREE_EPISODES);
    if (!lastFree) throw new Error(`Series ${paid.id} has no episode ${FREE_EPISODES}.`);
    return { id: paid.id, lastFreeEpisodeId: lastFree.id };
  } finally {
    await context.close();
  }
}

const chosen = (opener: Opener) =>
  !process.env.BENCH_OPENERS || process.env.BENCH_OPENERS.split(',').some((part) => opener.name.includes(part));

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '—');

async function main() {
  if (!CHROMIUM) throw new Error('Chromium not found (set CHROME_PATH).');
  const loadAtStart = os.loadavg()[0]!;
  const server = await startBenchServer({ port: Number(process.env.BENCH_PORT ?? 5212) });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
  const measures: Measure[] = [];
  try {
    await server.settled();
    const series = await seriesWithLockedEpisodes(browser, server.url, server.accessCode);
    console.log(`server ${server.url}; series ${series.id}; ${RUNS} fresh visits per opener, network and moment`);
    for (const network of NETWORKS) {
      for (const moment of ['settled', 'early'] as const) {
        for (const opener of OPENERS.filter(chosen)) {
          const measure: Measure = {
            opener: opener.name,
            network: network.name,
            moment,
            values: [],
            lost: 0,
            fetchedCode: 0,
          };
          for (let run = 0; run < RUNS; run += 1) {
            const { shown, fetchedCode } = await visit(
              browser,
              server.url,
              server.accessCode,
              network,
              opener,
              series,
              moment,
            );
            if (fetchedCode) measure.fetchedCode += 1;
            if (shown === null) measure.lost += 1;
            else measure.values.push(shown);
            process.stdout.write(shown === null ? 'x' : '.');
          }
          measures.push(measure);
        }
        process.stdout.write('\n');
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  print(measures);
  console.log(`\n${machineLoad(loadAtStart)}`);
}

function print(measures: Measure[]) {
  const header = [
    'opener',
    'network',
    'tapped',
    'median',
    'p95',
    'max',
    'lost taps',
    'code fetched by the tap',
    `target (median ≤ ${TARGET_MS} ms)`,
  ];
  const lines = measures.map((m) => {
    const s = summarize(m.values);
    const targeted = m.network === 'unthrottled' && m.moment === 'settled';
    const met = m.lost === 0 && s.median <= TARGET_MS;
    return [
      m.opener,
      m.network,
      m.moment,
      ms(s.median),
      ms(s.p95),
      ms(s.max),
      `${m.lost}/${m.values.length + m.lost}`,
      `${m.fetchedCode}/${m.values.length + m.lost}`,
      targeted ? (met ? 'met' : 'MISSED') : '',
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
