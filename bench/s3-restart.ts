import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A restart with MEDIA_STORAGE=s3 and the demo catalogue, measured from outside:
 *   npm run bench:s3-restart [-- <checkout>]
 * starts s3rver and the server of `checkout` (default: this one) on a new DATA_DIR, stops it (SIGTERM) after
 * FIRST_RUN_S seconds, starts it again on the same DATA_DIR, and prints the time to /api/health, then the objects and
 * bytes in the bucket once they stop changing (or after COPY_WAIT_S). Ports: BENCH_PORT (25200) and the two above it.
 */
const checkout = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
const port = Number(process.env.BENCH_PORT ?? 25200);
const firstRunMs = Number(process.env.FIRST_RUN_S ?? 60) * 1000;
const healthCapMs = Number(process.env.HEALTH_CAP_S ?? 300) * 1000;
const copyWaitMs = Number(process.env.COPY_WAIT_S ?? 600) * 1000;
const bucketName = 'bench-media';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-s3-restart-'));
fs.chmodSync(work, 0o755);
const dataDir = path.join(work, 'data');
// s3rver in a process of its own, as a real store would be; the bucket is counted from its folder.
const s3Dir = path.join(work, 's3');
const s3 = spawn(
  process.execPath,
  [
    '-e',
    `const S3rver = require('s3rver'); new S3rver({ address: '127.0.0.1', port: ${port + 2}, silent: true,
      directory: process.argv[1], configureBuckets: [{ name: '${bucketName}' }] }).run()`,
    s3Dir,
  ],
  { cwd: checkout, stdio: 'inherit' },
);
await new Promise((r) => setTimeout(r, 2000));
const settings = { endpoint: `http://127.0.0.1:${port + 2}` };

function start(label: string): { child: ChildProcess; log: string[] } {
  const log: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(checkout, 'src/server/main.ts')], {
    cwd: checkout,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      PG_PORT: String(port + 1),
      DATA_DIR: dataDir,
      SEED: 'demo',
      LOG_LEVEL: 'info',
      ACCESS_CODES: 'BENCH',
      ADMIN_PASSWORD: 'bench restart',
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: bucketName,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (/copy|bucket|listening|ready|demo media/i.test(line)) log.push(`[${label}] ${line.slice(0, 240)}`);
      tail.push(line.slice(0, 400));
      if (tail.length > 20) tail.shift();
    }
  };
  child.once('exit', (code) => {
    if (code !== 0) console.log(`[${label}] exited with ${code}:\n${tail.join('\n')}`);
  });
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return { child, log };
}

async function timeToHealth(child: ChildProcess, capMs: number): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < capMs && child.exitCode === null) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGTERM');
  await Promise.race([gone, new Promise((r) => setTimeout(r, 15_000))]);
  if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
}

async function bucketTotals() {
  let objects = 0;
  let bytes = 0;
  const entries = await fs.promises.readdir(path.join(s3Dir, bucketName), { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('._S3rver_object')) continue;
    objects++;
    bytes += (await fs.promises.stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { objects, mb: Math.round(bytes / 1024 / 1024) };
}

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
console.log(`checkout ${checkout}; load ${load()}`);
const first = start('first');
const firstHealth = await timeToHealth(first.child, firstRunMs);
await new Promise((r) => setTimeout(r, Math.max(0, firstRunMs - (firstHealth ?? firstRunMs))));
await stop(first.child);
console.log(
  `first run: health after ${firstHealth} ms; stopped after ${firstRunMs / 1000} s; bucket`,
  await bucketTotals(),
);

const second = start('restart');
const restartHealth = await timeToHealth(second.child, healthCapMs);
console.log(`restart: health after ${restartHealth ?? `more than ${healthCapMs}`} ms; load ${load()}`);

// The copy is done once the bucket stops changing for 30 s.
const waitStarted = Date.now();
let last = await bucketTotals();
let stableSince = Date.now();
while (Date.now() - waitStarted < copyWaitMs && Date.now() - stableSince < 30_000) {
  await new Promise((r) => setTimeout(r, 5000));
  const now = await bucketTotals();
  if (now.objects !== last.objects || now.mb !== last.mb) stableSince = Date.now();
  last = now;
}
const settled = Date.now() - stableSince >= 30_000;
console.log(
  `bucket ${settled ? 'settled' : `still changing after ${copyWaitMs / 1000} s`}:`,
  last,
  `${Math.round((Date.now() - waitStarted) / 1000)} s later; load ${load()}`,
);
await stop(second.child);
console.log([...first.log, ...second.log].slice(-30).join('\n'));
s3.kill('SIGTERM');
fs.rmSync(work, { recursive: true, force: true });
