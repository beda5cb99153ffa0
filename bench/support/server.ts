import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface BenchServer {
  url: string;
  /** The server process, when the bench started it. */
  pid?: number;
  accessCode: string;
  /** Resolves once the server has finished its start-up work (the demo media), so no run pays for it. */
  settled: () => Promise<void>;
  stop: () => Promise<void>;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The measured server's node flags: those `npm start` runs it with (package.json), so a bench measures the server
 * as it runs, then BENCH_NODE_FLAGS (`--cpu-prof --cpu-prof-dir=/tmp/profiles` to see where its time goes).
 */
function nodeFlags() {
  const start = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start;
  const startFlags = /\bnode ((?:--\S+ )*)dist\/server\/main\.js/.exec(start)?.[1] ?? '';
  return `${startFlags} ${process.env.BENCH_NODE_FLAGS ?? ''}`.split(' ').filter(Boolean);
}

/**
 * The server a benchmark measures: BENCH_URL (with BENCH_ACCESS_CODE) when given, else a fresh one of the built
 * product started as `npm start` starts it (own DATA_DIR, demo seed) on `port`, serving the client built in
 * BENCH_CLIENT_DIR (dist/client).
 */
export async function startBenchServer(options: { port: number; env?: Record<string, string> }): Promise<BenchServer> {
  const external = process.env.BENCH_URL;
  if (external) {
    const accessCode = process.env.BENCH_ACCESS_CODE;
    if (!accessCode) throw new Error('BENCH_URL needs BENCH_ACCESS_CODE (one of that server’s access codes).');
    return { url: external.replace(/\/$/, ''), accessCode, settled: async () => {}, stop: async () => {} };
  }
  const clientDir = path.resolve(process.env.BENCH_CLIENT_DIR ?? 'dist/client');
  if (!fs.existsSync(path.join(clientDir, 'index.html'))) {
    throw new Error(`No built client in ${clientDir}: run \`npm run build\` first (or set BENCH_CLIENT_DIR).`);
  }
  const port = options.port;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-bench-'));
  fs.chmodSync(dataDir, 0o755);
  const accessCode = 'BENCH-ACCESS';
  // The built server, as `npm start` runs it (compiled first when it is missing or older than its sources).
  const built = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('Building the server failed.');
  const child: ChildProcess = spawn(process.execPath, [...nodeFlags(), 'dist/server/main.js'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      PG_PORT: String(Number(process.env.BENCH_PG_PORT ?? port + 1000)),
      DATA_DIR: dataDir,
      ACCESS_CODES: accessCode,
      ADMIN_PASSWORD: 'bench admin password',
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      CLIENT_DIR: clientDir,
      AUTH_RATE_LIMIT: '1000',
      // Every request of a bench comes from one address: at 50,000 requests/s a limit of a million a minute
      // is spent in 20 s, and the rest of the run would measure 429s.
      API_RATE_LIMIT: '1000000000',
      MEDIA_RATE_LIMIT: '1000000000',
      EVENTS_RATE_LIMIT: '1000000000',
      VIEWER_CREATION_RATE_LIMIT: '1000000000',
      VIEWER_WRITE_RATE_LIMIT: '1000000000',
      ...options.env,
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('The server exited during start-up.');
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error('The server did not answer /api/health within 120 s.');
    await sleep(250);
  }
  return {
    url,
    pid: child.pid,
    accessCode,
    settled: () => untilIdle(child.pid!),
    stop: async () => {
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(25_000)]);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits until a process uses under 5 % of a CPU over two seconds (Linux /proc), three minutes at most. */
async function untilIdle(pid: number) {
  const cpuTicks = () => {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  };
  const ticksPerSecond = 100;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const before = cpuTicks();
    await sleep(2000);
    if ((cpuTicks() - before) / ticksPerSecond / 2 < 0.05) return;
  }
  console.warn('The server was still busy after three minutes; measuring anyway.');
}

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

export function summarize(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    min: sorted[0] ?? NaN,
    max: sorted.at(-1) ?? NaN,
  };
}

/** The machine's load, to print next to every figure: figures from a busy machine are not comparable. */
export function machineLoad(loadAtStart: number) {
  return `machine load (1-minute average): ${loadAtStart.toFixed(1)} at start, ${os.loadavg()[0]!.toFixed(1)} at the end, ${os.cpus().length} CPUs`;
}

/** The 1, 5 and 15 minute load averages, to print next to a figure. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Passes the access gate with the server's access code; the cookie (`name=value`) for requests past it. */
export async function accessCookie(server: BenchServer): Promise<string> {
  const access = await fetch(`${server.url}/api/access`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: server.accessCode }),
  });
  const setCookie = access.headers.get('set-cookie');
  if (!access.ok || !setCookie) throw new Error(`access refused: ${access.status}`);
  return setCookie.split(';', 1)[0]!;
}

/**
 * The access cookie and a viewer of their own (`access; viewer`): the viewer cookie the server gives with a
 * browser's first read of its account, so every later request of a bench is that one viewer's.
 */
export async function withViewer(server: BenchServer, access: string): Promise<string> {
  const response = await fetch(`${server.url}/api/user`, { headers: { cookie: access } });
  const viewer = response.headers.getSetCookie().find((c) => c.startsWith('cliffhanger_viewer='));
  if (!viewer) throw new Error(`GET /api/user gave no viewer cookie (${response.status})`);
  return `${access}; ${viewer.split(';', 1)[0]}`;
}
