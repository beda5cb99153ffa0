/**
 * First start, timed from outside: `npm start` on an empty DATA_DIR, until `/api/health` answers 200 and until
 * every demo episode plays HLS (the server's "episodes switched to HLS" line, checked through the API), once
 * with the ffmpeg on PATH (Debian's) and once with the npm-shipped build forced through FFMPEG_PATH.
 *
 *   npm run bench:first-start                      (cold: a new, empty media cache, so every clip is encoded)
 *   BENCH_CACHE=warm npm run bench:first-start     (the machine's media cache, as a second start finds it)
 *   BENCH_FFMPEG=debian|npm                        (one of the two; both by default)
 *
 * The demo media cache lives per machine in node_modules/.cache/cliffhanger-media (MEDIA_CACHE_DIR); a cold run
 * points MEDIA_CACHE_DIR at a new folder instead of emptying that one. The build is brought up to date before
 * the clock starts, so `npm start` only checks it. BENCH_PORT (5390) and BENCH_PG_PORT (port + 1000).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { loadAverage, sleep } from './support/server.ts';

const port = Number(process.env.BENCH_PORT ?? 5390);
const pgPort = Number(process.env.BENCH_PG_PORT ?? port + 1000);
const base = `http://127.0.0.1:${port}`;
const code = 'BENCH-FIRST-START';
const cold = (process.env.BENCH_CACHE ?? 'cold') === 'cold';
const ALL_HLS_WITHIN_MS = 60 * 60_000;

interface Ffmpeg {
  name: string;
  env: Record<string, string>;
}
const npmFfmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
const FFMPEGS = (
  [
    { name: 'debian', env: {} },
    { name: 'npm', env: { FFMPEG_PATH: npmFfmpeg } },
  ] as Ffmpeg[]
).filter((f) => !process.env.BENCH_FFMPEG || process.env.BENCH_FFMPEG === f.name);

interface FirstStart {
  ffmpeg: string;
  /** The server's own line naming the ffmpeg it uses. */
  ffmpegLine: string;
  healthMs: number;
  hlsAtHealth: string;
  allHlsMs: number;
  hlsAtEnd: string;
  loadBefore: string;
  loadAfter: string;
}

async function firstStart(ffmpeg: Ffmpeg): Promise<FirstStart> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-first-start-'));
  fs.chmodSync(dataDir, 0o755);
  const cacheDir = cold ? fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-cold-cache-')) : undefined;
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    PG_PORT: String(pgPort),
    DATA_DIR: dataDir,
    ACCESS_CODES: code,
    SEED: 'demo',
    LOG_LEVEL: 'info',
    API_RATE_LIMIT: '100000',
    FFMPEG_PATH: undefined,
    FFPROBE_PATH: undefined,
    ...(cacheDir ? { MEDIA_CACHE_DIR: cacheDir } : {}),
    ...ffmpeg.env,
  };
  const loadBefore = loadAverage();
  const started = performance.now();
  const since = () => Math.round(performance.now() - started);
  // Its own process group: npm, the shell and node get the SIGTERM together.
  const server = spawn('npm', ['start', '--silent'], { env, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  const stopped = new Promise((resolve) => server.once('exit', resolve));

  let switchedAt: number | undefined;
  let ffmpegLine = '';
  let pending = '';
  server.stdout.setEncoding('utf8');
  server.stdout.on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      let msg = line;
      try {
        msg = (JSON.parse(line) as { msg?: string }).msg ?? '';
      } catch {
        // not a JSON log line
      }
      if (/^ffmpeg |ffmpeg/i.test(msg) && !ffmpegLine) ffmpegLine = msg;
      if (/demo (media|clip)/.test(msg)) console.log(`  ${String(since()).padStart(7)} ms  ${msg}`);
      if (/episodes switched to HLS/.test(msg)) switchedAt = since();
    }
  });

  const waitFor = async (check: () => Promise<boolean>, timeoutMs: number, what: string) => {
    const deadline = performance.now() + timeoutMs;
    while (performance.now() < deadline) {
      if (server.exitCode !== null) throw new Error(`npm start exited (${server.exitCode}) before ${what}`);
      if (await check().catch(() => false)) return since();
      await sleep(50);
    }
    throw new Error(`no ${what} within ${timeoutMs / 1000} s`);
  };

  try {
    const healthMs = await waitFor(async () => (await fetch(`${base}/api/health`)).ok, 120_000, '/api/health 200');
    const access = await fetch(`${base}/api/access`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    const cookie = access.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const get = async <T>(url: string) => (await (await fetch(`${base}${url}`, { headers: { cookie } })).json()) as T;
    const onHls = async () => {
      let hls = 0;
      let total = 0;
      for (const series of await get<{ id: number }[]>('/api/series')) {
        for (const episode of await get<{ videoUrl: string }[]>(`/api/series/${series.id}/episodes`)) {
          total += 1;
          if (episode.videoUrl.endsWith('.m3u8')) hls += 1;
        }
      }
      return { hls, total, text: `${hls} of ${total}` };
    };
    const hlsAtHealth = (await onHls()).text;
    console.log(`  ${String(healthMs).padStart(7)} ms  /api/health 200; ${hlsAtHealth} demo episodes on HLS`);
    const allHlsMs = await waitFor(async () => switchedAt !== undefined, ALL_HLS_WITHIN_MS, 'switch to HLS');
    const end = await onHls();
    if (end.hls !== end.total) throw new Error(`after the switch only ${end.text} demo episodes are on HLS`);
    return {
      ffmpeg: ffmpeg.name,
      ffmpegLine,
      healthMs,
      hlsAtHealth,
      allHlsMs,
      hlsAtEnd: end.text,
      loadBefore,
      loadAfter: loadAverage(),
    };
  } finally {
    if (server.exitCode === null) process.kill(-server.pid!, 'SIGTERM');
    await Promise.race([stopped, sleep(30_000)]);
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (cacheDir) fs.rmSync(cacheDir, { recursive: true, force: true });
  }
}

async function main() {
  const built = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the build failed');
  console.log(`first start, ${cold ? 'cold media cache (everything encoded)' : "the machine's media cache"}`);
  const results: FirstStart[] = [];
  for (const ffmpeg of FFMPEGS) {
    console.log(`\n== ffmpeg: ${ffmpeg.name} (load ${loadAverage()})`);
    results.push(await firstStart(ffmpeg));
    console.log(`  ${results.at(-1)!.ffmpegLine}`);
  }
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log('\nffmpeg  cache  /api/health 200  all demo episodes on HLS  load (1/5/15 min) before → after');
  for (const r of results) {
    console.log(
      `${r.ffmpeg.padEnd(6)}  ${(cold ? 'cold' : 'warm').padEnd(5)}  ${s(r.healthMs).padEnd(15)}  ` +
        `${`${s(r.allHlsMs)} (${r.hlsAtEnd})`.padEnd(24)}  ${r.loadBefore} → ${r.loadAfter}`,
    );
  }
  console.log(`${os.cpus().length} CPUs`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
