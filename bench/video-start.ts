/**
 * Video start-up benchmark (issue 5): in Chromium, how long from navigating to /watch/{id} to the first
 * rendered video frame, and from a swipe (ArrowDown) to the next episode's first frame; 20 runs each,
 * unthrottled and with 150 ms latency / 1.6 Mbps, median and p95.
 *
 *   npx tsx bench/video-start.ts          (or npm run bench:video)
 *
 * It builds nothing. Without BENCH_URL it starts the server like playwright.config.ts does (fresh DATA_DIR,
 * demo seed), serving the client already built in BENCH_CLIENT_DIR (default dist/client: `npm run build`).
 * With BENCH_URL it uses that server, and BENCH_ACCESS_CODE must be one of its access codes.
 * BENCH_RUNS (20) and BENCH_EPISODE (an episode id for the first-frame runs) are optional.
 *
 * Frames are timed in the page: requestVideoFrameCallback's `now` is relative to performance.timeOrigin,
 * which for a navigation is its start; a swipe is timed from the keydown event's timeStamp.
 *
 * Then, on slow 4G and on 4G, adaptive streaming (BENCH_CLIMB_RUNS, 3 cold visits each, 20 s of play):
 * the rendition of the first frame shown (its decoded size) and of the first segment fetched, and the
 * highest rendition shown and fetched, with when it was first shown. The demo's master playlist must
 * list 360p, 540p and 720p. BENCH_CLIMB_ONLY=1 runs only this part.
 */
import fs from 'node:fs';
import os from 'node:os';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, LAUNCH_ARGS } from './support/chromium.ts';
import { machineLoad, sleep, startBenchServer, summarize } from './support/server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: false };

interface Network {
  name: string;
  /** CDP Network.emulateNetworkConditions, or none */
  conditions?: { latency: number; downloadThroughput: number; uploadThroughput: number };
}
const SLOW_4G: Network = {
  name: '150 ms, 1.6 Mbps',
  conditions: { latency: 150, downloadThroughput: 200_000, uploadThroughput: 200_000 },
};
const NETWORKS: Network[] = [{ name: 'unthrottled' }, SLOW_4G];
/** Adaptive streaming is shown on slow 4G and on a 4G link that carries the 720p rendition (2.8 Mbps declared). */
const CLIMB_NETWORKS: Network[] = [
  SLOW_4G,
  { name: '100 ms, 4 Mbps', conditions: { latency: 100, downloadThroughput: 500_000, uploadThroughput: 200_000 } },
];
const CLIMB_ONLY = process.env.BENCH_CLIMB_ONLY === '1';
const CLIMB_RUNS = Number(process.env.BENCH_CLIMB_RUNS ?? 3);
const CLIMB_WATCH_SECONDS = 20;
/** The demo's ladder, lowest first: the folder names of its renditions under each episode. */
const LADDER = ['360p', '540p', '720p'];

interface FirstFrameRow {
  what: string;
  network: string;
  target?: number;
  values: number[];
}
interface SeriesJson {
  id: number;
  title: string;
  isFree: boolean;
}
interface EpisodeJson {
  id: number;
  episodeNumber: number;
  videoUrl: string;
}

const startServer = () => startBenchServer({ port: Number(process.env.BENCH_PORT ?? 5207) });

// ---------------------------------------------------------------------------------------------- page probes

/**
 * Runs in every page before the app: records each presented video frame and the time of each ArrowDown.
 * A string, not a function: tsx would add helpers to a function's source that the page does not have.
 */
const PROBES = `(() => {
  const state = { frames: [], keyAt: -1 };
  window.__bench = state;
  const watched = new WeakSet();
  function watch(video) {
    if (watched.has(video)) return;
    watched.add(video);
    function onFrame(now, frame) {
      state.frames.push({ video, t: now, width: frame.width, height: frame.height });
      video.requestVideoFrameCallback(onFrame);
    }
    video.requestVideoFrameCallback(onFrame);
  }
  new MutationObserver(() => document.querySelectorAll('video').forEach(watch)).observe(document, { subtree: true, childList: true });
  addEventListener('keydown', (event) => { if (event.key === 'ArrowDown') state.keyAt = event.timeStamp; }, true);
})();`;

/** The video the viewer is looking at: the feed marks it; a single-video player has only one. */
const ACTIVE_VIDEO = 'video[data-active="true"]';
/**
 * The same, once the feed holds it: on a cold visit the page's own video plays before the app has loaded
 * (docs/decisions/008-player-start-up.md), and a swipe means nothing until the feed is there.
 */
const FEED_VIDEO = `[data-testid="player"] ${ACTIVE_VIDEO}`;

/** ms from timeOrigin to the first frame the active video presented after `after` (ms), once it exists. */
async function firstFrameAfter(page: Page, after: number, timeoutMs = 60_000): Promise<number> {
  const handle = await page.waitForFunction(
    ({ selector, after }) => {
      const state = (window as unknown as { __bench: { frames: { video: HTMLVideoElement; t: number }[] } }).__bench;
      const video = document.querySelector<HTMLVideoElement>(selector) ?? document.querySelector('video');
      if (!video) return null;
      const frame = state.frames.find((f) => f.video === video && f.t >= after);
      return frame ? frame.t : null;
    },
    { selector: ACTIVE_VIDEO, after },
    { timeout: timeoutMs, polling: 50 },
  );
  return (await handle.jsonValue()) as number;
}

async function activeVideoTime(page: Page): Promise<number> {
  return page.evaluate((selector) => {
    const video = document.querySelector<HTMLVideoElement>(selector) ?? document.querySelector('video');
    return video?.currentTime ?? 0;
  }, ACTIVE_VIDEO);
}

async function newContext(browser: Browser, base: string, accessCode: string, network: Network) {
  const context = await browser.newContext({ ...PHONE, baseURL: base });
  const gate = await context.request.post('/api/access', { data: { code: accessCode } });
  if (!gate.ok()) throw new Error(`The access code was refused (${gate.status()}).`);
  await context.addInitScript(() => localStorage.setItem('cliffhanger.access', 'granted'));
  await context.addInitScript(PROBES);
  const page = await context.newPage();
  if (network.conditions) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network.conditions });
  }
  return { context, page };
}

// ---------------------------------------------------------------------------------------------- scenarios

/** (a) A cold visit: new browser profile (empty HTTP cache), navigate to /watch/{id}, first frame. */
async function coldFirstFrame(browser: Browser, base: string, code: string, network: Network, episodeId: number) {
  const { context, page } = await newContext(browser, base, code, network);
  try {
    await page.goto(`/watch/${episodeId}`, { waitUntil: 'commit' });
    return await firstFrameAfter(page, 0);
  } finally {
    await context.close();
  }
}

/** (a') A returning visitor: the app's files are cached (one earlier visit), the episode is not. */
async function warmFirstFrame(
  browser: Browser,
  base: string,
  code: string,
  network: Network,
  warmUpEpisodeId: number,
  episodeId: number,
) {
  const { context, page } = await newContext(browser, base, code, network);
  try {
    await page.goto(`/watch/${warmUpEpisodeId}`);
    await firstFrameAfter(page, 0);
    await page.goto('about:blank');
    await page.goto(`/watch/${episodeId}`, { waitUntil: 'commit' });
    return await firstFrameAfter(page, 0);
  } finally {
    await context.close();
  }
}

/**
 * (b) Swipes: open episode 1 of a series, and `count` times: let the episode play 1.5 s (a viewer looks at
 * least that long), press ArrowDown, time the next episode's first frame, check the URL moved on.
 */
async function swipes(
  browser: Browser,
  base: string,
  code: string,
  network: Network,
  chain: EpisodeJson[],
  count: number,
): Promise<number[]> {
  const { context, page } = await newContext(browser, base, code, network);
  const results: number[] = [];
  try {
    let index = 0;
    const open = async (episode: EpisodeJson) => {
      await page.goto(`/watch/${episode.id}`);
      await firstFrameAfter(page, 0);
      await page.waitForSelector(FEED_VIDEO, { state: 'attached', timeout: 60_000 });
    };
    await open(chain[0]!);
    while (results.length < count) {
      if (index + 1 >= chain.length) {
        index = 0;
        await open(chain[0]!);
      }
      await page.waitForFunction(
        (selector) => {
          const video = document.querySelector<HTMLVideoElement>(selector) ?? document.querySelector('video');
          return (video?.currentTime ?? 0) >= 1.5;
        },
        ACTIVE_VIDEO,
        { timeout: 60_000, polling: 100 },
      );
      const next = chain[index + 1]!;
      await page.keyboard.press('ArrowDown');
      await page.waitForURL(`**/watch/${next.id}`, { timeout: 10_000 });
      const keyAt = await page.evaluate(() => (window as unknown as { __bench: { keyAt: number } }).__bench.keyAt);
      const frameAt = await firstFrameAfter(page, keyAt, 30_000);
      results.push(frameAt - keyAt);
      index += 1;
      // The new episode really plays (not only one frame).
      const start = await activeVideoTime(page);
      await page.waitForFunction(
        ({ selector, start }) => {
          const video = document.querySelector<HTMLVideoElement>(selector) ?? document.querySelector('video');
          return (video?.currentTime ?? 0) > start + 0.2;
        },
        { selector: ACTIVE_VIDEO, start },
        { timeout: 30_000, polling: 100 },
      );
    }
  } finally {
    await context.close();
  }
  return results;
}

/** The rendition a media URL belongs to (its folder), if any. */
const renditionOfUrl = (url: string) => LADDER.find((rung) => new URL(url).pathname.includes(`/${rung}/`));
/** The rendition of a decoded frame: the short side of a vertical video names it (360×640 is 360p). */
const renditionOfFrame = (width: number, height: number) => `${Math.min(width, height)}p`;
const rungIndex = (rendition: string | undefined) => (rendition ? LADDER.indexOf(rendition) : -1);
const highestOf = (renditions: (string | undefined)[]) =>
  renditions.reduce<string | undefined>((best, r) => (rungIndex(r) > rungIndex(best) ? r : best), undefined);

interface Climb {
  /** Chromium's own HLS player or hls.js (media-attachment.ts picks native where the browser has it). */
  player: string;
  firstShown: string;
  firstFetched?: string;
  highestShown: string;
  highestShownAfterMs: number;
  highestFetched?: string;
}

/**
 * (c) Adaptive streaming on a cold visit: which rendition the first frame is, which one the player fetched
 * first, and how high it climbs in CLIMB_WATCH_SECONDS of play (the segments it requested, the frames shown).
 */
async function climb(
  browser: Browser,
  base: string,
  code: string,
  network: Network,
  episodeId: number,
): Promise<Climb> {
  const { context, page } = await newContext(browser, base, code, network);
  const segments: string[] = [];
  // This episode's segments only: the feed also preloads the next episode's start.
  const ownSegment = new RegExp(`/episodes/${episodeId}/.*\\.m4s$`);
  page.on('request', (request) => {
    const rendition = renditionOfUrl(request.url());
    if (rendition && ownSegment.test(new URL(request.url()).pathname)) segments.push(rendition);
  });
  try {
    await page.goto(`/watch/${episodeId}`, { waitUntil: 'commit' });
    const firstFrameAt = await firstFrameAfter(page, 0);
    await page.waitForFunction(
      ({ selector, seconds }) => {
        const video = document.querySelector<HTMLVideoElement>(selector) ?? document.querySelector('video');
        return !!video && (video.ended || video.currentTime >= seconds);
      },
      { selector: ACTIVE_VIDEO, seconds: CLIMB_WATCH_SECONDS },
      { timeout: 120_000, polling: 250 },
    );
    const frames = await page.evaluate((selector) => {
      const state = (
        window as unknown as {
          __bench: { frames: { video: HTMLVideoElement; t: number; width: number; height: number }[] };
        }
      ).__bench;
      const video = document.querySelector<HTMLVideoElement>(selector) ?? document.querySelector('video');
      return state.frames.filter((f) => f.video === video).map(({ t, width, height }) => ({ t, width, height }));
    }, ACTIVE_VIDEO);
    if (frames.length === 0) throw new Error(`episode ${episodeId}: no frame was recorded`);
    const native = await page.evaluate(() =>
      document.createElement('video').canPlayType('application/vnd.apple.mpegurl'),
    );
    const shown = frames.map((f) => ({ t: f.t, rendition: renditionOfFrame(f.width, f.height) }));
    const highestShown = highestOf(shown.map((f) => f.rendition)) ?? shown[0]!.rendition;
    return {
      player: native ? 'native HLS' : 'hls.js',
      firstShown: shown[0]!.rendition,
      firstFetched: segments[0],
      highestShown,
      highestShownAfterMs: shown.find((f) => f.rendition === highestShown)!.t - firstFrameAt,
      highestFetched: highestOf(segments),
    };
  } finally {
    await context.close();
  }
}

/** The renditions the master playlist of `videoUrl` lists, by folder. */
async function ladderOf(api: Awaited<ReturnType<typeof browserApi>>, videoUrl: string): Promise<string[]> {
  if (!videoUrl.endsWith('.m3u8')) return [];
  const playlist = await api.text(videoUrl);
  return playlist
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => LADDER.find((rung) => line.startsWith(`${rung}/`)) ?? line.trim());
}

/** "360p ×3" style counts of what each run reported. */
const tally = (values: (string | undefined)[]) => {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value ?? '—', (counts.get(value ?? '—') ?? 0) + 1);
  return [...counts].map(([value, count]) => `${value} ×${count}`).join(', ');
};

// ---------------------------------------------------------------------------------------------- figures

const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '—');

async function main() {
  if (!CHROMIUM) throw new Error('Chromium not found (set CHROME_PATH).');
  // Start-up times are mostly main-thread and server time: on a busy machine they grow several-fold.
  const loadAtStart = os.loadavg()[0]!;
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
  const rows: FirstFrameRow[] = [];
  const climbs: (Climb & { network: string })[] = [];
  let ladder: string[] | undefined;
  try {
    const api = await browserApi(browser, server.url, server.accessCode);
    // A free series with many episodes, so that swipes never meet a locked one.
    const free = (await api.get<SeriesJson[]>('/api/series')).filter((s) => s.isFree);
    const freeChains = () =>
      Promise.all(
        free.map(async (s) =>
          (await api.get<EpisodeJson[]>(`/api/series/${s.id}/episodes`)).sort(
            (a, b) => a.episodeNumber - b.episodeNumber,
          ),
        ),
      );
    const firstChain = (await freeChains()).find((c) => c.length > 0);
    if (firstChain) await api.waitForMedia(firstChain[0]!.videoUrl);
    await server.settled();
    // Listed once the start-up work is done: by then the demo episodes play HLS, not their MP4 clips.
    const chains = await freeChains();
    const longest = chains.reduce((best, c, i) => (c.length > (chains[best]?.length ?? 0) ? i : best), 0);
    const chain = chains[longest];
    if (!chain || chain.length < 2) throw new Error('No free series with two episodes or more.');
    // First-frame runs go round the free episodes of other series (different clips, no resume position).
    const firstFrameEpisodes = process.env.BENCH_EPISODE
      ? [Number(process.env.BENCH_EPISODE)]
      : chains.flatMap((c) => (c === chain ? [] : c.slice(0, 10).map((e) => e.id)));
    if (firstFrameEpisodes.length === 0) firstFrameEpisodes.push(chain[0]!.id);
    // Each climb opens an episode with no saved position (checked below as the API's viewer): a saved
    // position would start it near its end. The swipes take the start of the longest series, so its tail.
    const unwatched = [...chain].reverse().filter((e) => e.videoUrl.endsWith('.m3u8'));
    const nextUnwatched = async () => {
      for (let episode = unwatched.shift(); episode; episode = unwatched.shift()) {
        if (!(await api.exists(`/api/user/user-1/episodes/${episode.id}/progress`))) return episode;
      }
      throw new Error('No unwatched free episode left for the adaptive-streaming runs.');
    };
    if (unwatched.length === 0) throw new Error('No free demo episode plays HLS yet (is ffmpeg usable?).');
    ladder = await ladderOf(api, unwatched[0]!.videoUrl);
    console.log(
      `server ${server.url}; swipes through "${free[longest]!.title}" (${chain.length} episodes); ${RUNS} runs each; ` +
        `the demo's master playlist lists ${ladder.join(', ')}`,
    );
    if (ladder.join() !== LADDER.join())
      throw new Error(`The demo's master playlist should list ${LADDER.join(', ')}.`);

    for (const network of CLIMB_ONLY ? [] : NETWORKS) {
      const cold: number[] = [];
      const warm: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const id = firstFrameEpisodes[run % firstFrameEpisodes.length]!;
        cold.push(await coldFirstFrame(browser, server.url, server.accessCode, network, id));
        const other = firstFrameEpisodes[(run + 1) % firstFrameEpisodes.length]!;
        warm.push(
          await warmFirstFrame(
            browser,
            server.url,
            server.accessCode,
            network,
            other === id ? chain[0]!.id : other,
            id,
          ),
        );
        process.stdout.write('.');
      }
      const swipe = await swipes(browser, server.url, server.accessCode, network, chain, RUNS).catch(
        (error: unknown) => {
          console.error(`\nswipes failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
          return [] as number[];
        },
      );
      process.stdout.write('\n');
      const throttled = network.conditions !== undefined;
      rows.push({
        what: 'navigation → first frame (new visitor)',
        network: network.name,
        target: throttled ? 1500 : 400,
        values: cold,
      });
      rows.push({ what: 'navigation → first frame (app cached)', network: network.name, values: warm });
      rows.push({
        what: 'swipe → next episode’s first frame',
        network: network.name,
        target: throttled ? undefined : 150,
        values: swipe,
      });
    }
    for (const network of CLIMB_NETWORKS) {
      for (let run = 0; run < CLIMB_RUNS; run += 1) {
        const episode = await nextUnwatched();
        climbs.push({
          network: network.name,
          ...(await climb(browser, server.url, server.accessCode, network, episode.id)),
        });
        process.stdout.write('.');
      }
      process.stdout.write('\n');
    }
    await api.close();
  } finally {
    await browser.close();
    await server.stop();
  }

  if (rows.length > 0) printFirstFrames(rows);
  printClimbs(climbs);
  console.log(`\n${machineLoad(loadAtStart)}`);
  if (process.env.BENCH_JSON)
    fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify({ rows, ladder, climbs }, null, 2));
}

function printTable(header: string[], lines: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
}

function printFirstFrames(rows: FirstFrameRow[]) {
  const header = ['measure', 'network', 'runs', 'median', 'p95', 'min', 'max', 'target (median)'];
  const lines = rows.map((row) => {
    const s = summarize(row.values);
    const verdict = row.target === undefined ? '' : `≤ ${ms(row.target)} ${s.median <= row.target ? 'met' : 'MISSED'}`;
    return [row.what, row.network, String(row.values.length), ms(s.median), ms(s.p95), ms(s.min), ms(s.max), verdict];
  });
  printTable(header, lines);
}

/** Per network: what the first frame showed and fetched, and the highest rendition reached, over the runs. */
function printClimbs(climbs: (Climb & { network: string })[]) {
  console.log(`\nadaptive streaming: cold visits, ${CLIMB_WATCH_SECONDS} s of play each`);
  const header = [
    'network',
    'player',
    'runs',
    'first frame shown',
    'first segment',
    'highest shown',
    'shown after (median)',
    'highest fetched',
  ];
  const lines = CLIMB_NETWORKS.map((network) => {
    const runs = climbs.filter((c) => c.network === network.name);
    return [
      network.name,
      tally(runs.map((c) => c.player)),
      String(runs.length),
      tally(runs.map((c) => c.firstShown)),
      tally(runs.map((c) => c.firstFetched)),
      tally(runs.map((c) => c.highestShown)),
      ms(summarize(runs.map((c) => c.highestShownAfterMs)).median),
      tally(runs.map((c) => c.highestFetched)),
    ];
  });
  printTable(header, lines);
}

/** Calls the API with a context that passed the access gate. */
async function browserApi(browser: Browser, base: string, accessCode: string) {
  const context: BrowserContext = await browser.newContext({ baseURL: base });
  const gate = await context.request.post('/api/access', { data: { code: accessCode } });
  if (!gate.ok()) throw new Error(`The access code was refused (${gate.status()}).`);
  return {
    get: async <T>(url: string): Promise<T> => {
      const response = await context.request.get(url);
      if (!response.ok()) throw new Error(`GET ${url}: ${response.status()}`);
      return (await response.json()) as T;
    },
    /** Whether `url` answers 200 (a 404 says it does not exist). */
    exists: async (url: string): Promise<boolean> => {
      const response = await context.request.get(url);
      if (response.status() !== 200 && response.status() !== 404) throw new Error(`GET ${url}: ${response.status()}`);
      return response.status() === 200;
    },
    text: async (url: string): Promise<string> => {
      const response = await context.request.get(url);
      if (!response.ok()) throw new Error(`GET ${url}: ${response.status()}`);
      return response.text();
    },
    /** The demo clips may still be generated on a first start (503 until then). */
    waitForMedia: async (url: string) => {
      const deadline = Date.now() + 180_000;
      while ((await context.request.get(url)).status() !== 200) {
        if (Date.now() > deadline) throw new Error(`${url} is not ready after 180 s.`);
        await sleep(1000);
      }
    },
    close: () => context.close(),
  };
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
