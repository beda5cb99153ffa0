// First start on an empty DATA_DIR: time until /api/health answers and until every demo episode plays HLS.
//   node scripts/measure-first-start.mjs            (shared media cache: warm after any earlier run)
//   node scripts/measure-first-start.mjs --cold     (a new, empty media cache: everything is encoded)
// PORT / PG_PORT may be set to avoid clashes (defaults 5390 / 5391).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const cold = process.argv.includes('--cold');
const port = Number(process.env.PORT ?? 5390);
const base = `http://127.0.0.1:${port}`;
const code = 'MEASURE-FIRST-START';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-first-start-'));
fs.chmodSync(dataDir, 0o755);
const cacheDir = cold ? fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-cold-cache-')) : undefined;

const started = performance.now();
const since = () => Math.round(performance.now() - started);
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    PG_PORT: String(process.env.PG_PORT ?? port + 1),
    DATA_DIR: dataDir,
    ACCESS_CODES: code,
    SEED: 'demo',
    LOG_LEVEL: 'info',
    API_RATE_LIMIT: '100000',
    ...(cacheDir ? { MEDIA_CACHE_DIR: cacheDir } : {}),
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});

let switchedLine;
let pending = '';
server.stdout.setEncoding('utf8');
server.stdout.on('data', (chunk) => {
  pending += chunk;
  const lines = pending.split('\n');
  pending = lines.pop() ?? '';
  for (const line of lines) {
    const msg = (() => {
      try {
        return JSON.parse(line).msg ?? '';
      } catch {
        return line;
      }
    })();
    if (/demo (media|clip)/.test(msg)) console.log(`  ${String(since()).padStart(6)} ms  ${msg}`);
    if (/episodes switched to HLS/.test(msg)) switchedLine = since();
  }
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function waitFor(check, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (await check().catch(() => false)) return since();
    await sleep(50);
  }
  throw new Error('timed out');
}

try {
  const health = await waitFor(async () => (await fetch(`${base}/api/health`)).ok, 120_000);
  console.log(`/api/health answered after ${health} ms`);
  const access = await fetch(`${base}/api/access`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  const cookie = access.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const get = async (url) => (await fetch(`${base}${url}`, { headers: { cookie } })).json();
  const allSeries = await get('/api/series');
  const counts = async () => {
    let hls = 0;
    let total = 0;
    for (const s of allSeries) {
      for (const e of await get(`/api/series/${s.id}/episodes`)) {
        total++;
        if (e.videoUrl.endsWith('.m3u8')) hls++;
      }
    }
    return { hls, total };
  };
  const first = await counts();
  console.log(`at health: ${first.hls} of ${first.total} demo episodes on HLS (the rest play their MP4 clip)`);
  await waitFor(async () => switchedLine !== undefined, 15 * 60_000);
  const all = await counts();
  console.log(`all demo episodes on HLS after ${switchedLine} ms (${all.hls} of ${all.total})`);
  if (all.hls !== all.total) process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (cacheDir) fs.rmSync(cacheDir, { recursive: true, force: true });
}
