/**
 * Catalogue read benchmark (issue 10): the six reads every viewer screen starts with, served by the app and by a
 * bare node:http server that replays the app's exact reply bytes and headers (the most any Node server can do
 * here). autocannon, 50 connections, alternating app / replay in one run; median req/s, p50, p99 and the ratio.
 *
 *   npm run bench:api          (needs a built client for `/`: npm run build)
 *
 * BENCH_SECONDS (5) per measurement, BENCH_ROUNDS (3) alternations per endpoint, BENCH_CONNECTIONS (50),
 * BENCH_PORT (5207; its PostgreSQL uses port + 1000), BENCH_LOG_LEVEL (the server's default, info).
 * Both servers run in their own process, so autocannon's own work does not land on either.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { accessCookie, loadAverage, startBenchServer, withViewer } from './support/server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 5207);
const REPLAY_PORT = PORT + 1;
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json, text/html' };

interface Recorded {
  path: string;
  status: number;
  headers: Record<string, string>;
  body: string; // base64
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

const load = loadAverage;

/** The replay server's process: `node bench/api.ts replay FILE PORT`. */
function replay(file: string, port: number) {
  const recorded = JSON.parse(fs.readFileSync(file, 'utf8')) as Recorded[];
  const byPath = new Map(recorded.map((r) => [r.path, { ...r, bytes: Buffer.from(r.body, 'base64') }]));
  http
    .createServer((request, response) => {
      const hit = byPath.get(request.url ?? '');
      if (!hit) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(hit.status, hit.headers);
      response.end(hit.bytes);
    })
    .listen(port, () => process.send?.('ready'));
}

async function record(url: string, paths: string[], cookie: string): Promise<Recorded[]> {
  const skipped = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
  const recorded: Recorded[] = [];
  for (const p of paths) {
    const response = await fetch(`${url}${p}`, { headers: { ...BROWSER_HEADERS, cookie } });
    // fetch decodes bodies, so the raw bytes come from node:http.
    const raw = await rawGet(`${url}${p}`, { ...BROWSER_HEADERS, cookie });
    if (response.status !== 200) throw new Error(`${p} answered ${response.status}`);
    const headers = Object.fromEntries(Object.entries(raw.headers).filter(([k]) => !skipped.has(k)));
    headers['content-length'] = String(raw.body.length);
    recorded.push({ path: p, status: raw.status, headers, body: raw.body.toString('base64') });
  }
  return recorded;
}

function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: Object.fromEntries(
              Object.entries(response.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]),
            ),
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

async function measure(url: string, cookie: string): Promise<Figures> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { ...BROWSER_HEADERS, cookie },
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function main() {
  console.log(`bench:api — ${CONNECTIONS} connections, ${SECONDS} s × ${ROUNDS} rounds each; load before: ${load()}`);
  const app = await startBenchServer({ port: PORT, env: { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' } });
  await app.settled();
  const cookie = await accessCookie(app);
  let replayChild: ChildProcess | undefined;
  try {
    const list = (await (await fetch(`${app.url}/api/series`, { headers: { cookie } })).json()) as { id: number }[];
    const id = list[0]!.id;
    const episodes = (await (await fetch(`${app.url}/api/series/${id}/episodes`, { headers: { cookie } })).json()) as {
      id: number;
    }[];
    // The two landing pages a shared link or an ad sends a first visitor to, beside home.
    const paths = [
      '/api/series',
      `/api/series/${id}`,
      `/api/series/${id}/episodes`,
      '/api/trending',
      '/api/carousel',
      '/',
      `/series/${id}`,
      `/watch/${episodes[0]!.id}`,
    ];
    // A first visit to the watch page carries no viewer (the page gives none); a returning viewer's carries their
    // cookie, which is read. The page ignores the query, which tells the replay the two apart. Printed beside the
    // mean, not in it.
    const returning = `/watch/${episodes[0]!.id}?returning`;
    const returningCookie = await withViewer(app, cookie);
    const cookieOf = (p: string) => (p === returning ? returningCookie : cookie);

    const recorded = [
      ...(await record(app.url, paths, cookie)),
      ...(await record(app.url, [returning], returningCookie)),
    ];
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-replay-')), 'replies.json');
    fs.writeFileSync(file, JSON.stringify(recorded));
    replayChild = fork(new URL(import.meta.url).pathname, ['replay', file, String(REPLAY_PORT)], {
      execArgv: ['--import', 'tsx'],
      stdio: 'ignore',
    });
    await new Promise<void>((resolve) => replayChild!.once('message', () => resolve()));
    const replayUrl = `http://localhost:${REPLAY_PORT}`;

    // Warm both (JIT, caches) before the figures count.
    for (const p of [...paths, returning]) {
      await autocannon({
        url: `${app.url}${p}`,
        connections: 10,
        amount: 2000,
        headers: { ...BROWSER_HEADERS, cookie: cookieOf(p) },
      });
      await autocannon({ url: `${replayUrl}${p}`, connections: 10, amount: 2000, headers: BROWSER_HEADERS });
    }

    const rows: string[] = [];
    const ratios: number[] = [];
    let returningRatio = NaN;
    for (const r of recorded) {
      const cookie = cookieOf(r.path);
      const appRuns: Figures[] = [];
      const replayRuns: Figures[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        appRuns.push(await measure(`${app.url}${r.path}`, cookie));
        replayRuns.push(await measure(`${replayUrl}${r.path}`, cookie));
      }
      const a = {
        rps: median(appRuns.map((f) => f.rps)),
        p50: median(appRuns.map((f) => f.p50)),
        p99: median(appRuns.map((f) => f.p99)),
      };
      const n = {
        rps: median(replayRuns.map((f) => f.rps)),
        p50: median(replayRuns.map((f) => f.p50)),
        p99: median(replayRuns.map((f) => f.p99)),
      };
      const errors = appRuns.reduce((sum, f) => sum + f.errors, 0);
      const ratio = a.rps / n.rps;
      if (r.path === returning) returningRatio = ratio;
      else ratios.push(ratio);
      const encoding = r.headers['content-encoding'] ?? 'identity';
      rows.push(
        `| ${r.path.replace(/\/\d+/, '/{id}').replace('?returning', ', returning viewer (not in the mean)')} | ${Math.round(a.rps)} | ${a.p50} | ${a.p99} | ${Math.round(n.rps)} | ${n.p50} | ${n.p99} | ${(ratio * 100).toFixed(1)} % | ${r.headers['content-length']} B ${encoding} | ${errors} | ${load()} |`,
      );
      console.log(rows.at(-1));
    }
    const geomean = Math.exp(ratios.reduce((s, r) => s + Math.log(r), 0) / ratios.length);
    console.log('');
    console.log(
      '| endpoint | app req/s | app p50 ms | app p99 ms | node:http req/s | p50 ms | p99 ms | app / node:http | reply | app errors | load (1/5/15 min) |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
    console.log(`\ngeometric mean of app / node:http: ${geomean.toFixed(3)}; load after: ${load()}`);
    const watchAt = recorded.findIndex((r) => r.path === paths.at(-1));
    const withReturning = Math.exp(
      ratios.reduce((sum, r, i) => sum + Math.log(i === watchAt ? returningRatio : r), 0) / ratios.length,
    );
    console.log(`with a returning viewer's watch page in place of a first visit's: ${withReturning.toFixed(3)}`);
  } finally {
    replayChild?.kill('SIGTERM');
    await app.stop();
  }
}

if (process.argv[2] === 'replay') replay(process.argv[3]!, Number(process.argv[4]));
else
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
