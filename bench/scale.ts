/**
 * The catalogue at 10,000 series / 500,000 episodes (issue 10): p50/p99 and reply size (as sent, brotli) of every
 * catalogue read the viewer app makes, first on the demo catalogue, then after loading the large one into the same
 * database; the whole-catalogue lists (kept for compatible clients, never read by the viewer app) after.
 *
 *   npm run bench:scale
 *
 * BENCH_SECONDS (3) per endpoint, BENCH_CONNECTIONS (10), BENCH_PORT (5227; its PostgreSQL uses port + 1000),
 * BENCH_SERIES (10000), BENCH_EPISODES_PER_SERIES (50).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { connectDatabase } from '#server/db/client.ts';
import { startEmbeddedPostgres } from '#server/db/embedded.ts';
import { loadLargeCatalogue } from '#server/demo/large-catalogue.ts';
import { accessCookie, loadAverage, sleep, startBenchServer } from './support/server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 5227);
const SERIES = Number(process.env.BENCH_SERIES ?? 10_000);
const EPISODES_PER_SERIES = Number(process.env.BENCH_EPISODES_PER_SERIES ?? 50);
const MAX_VIEWER_REPLY = 100 * 1024;
const MAX_P99_RATIO = 1.5;

interface Row {
  path: string;
  p50: number;
  p99: number;
  /** As sent to a client accepting brotli. */
  bytes: number;
  json: number;
  load: string;
}

async function measure(url: string, cookie: string, p: string): Promise<Row> {
  const sent = await fetch(`${url}${p}`, { headers: { cookie, 'accept-encoding': 'br' } });
  if (!sent.ok) throw new Error(`${p} answered ${sent.status}`);
  const raw = Buffer.from(await sent.arrayBuffer());
  // fetch decodes; content-length is the size on the wire (every reply here has one).
  const bytes = Number(sent.headers.get('content-length') ?? raw.length);
  await autocannon({ url: `${url}${p}`, connections: CONNECTIONS, amount: 200, headers: { cookie } });
  const result = await autocannon({
    url: `${url}${p}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
  });
  return { path: p, p50: result.latency.p50, p99: result.latency.p99, bytes, json: raw.length, load: loadAverage() };
}

async function measureAll(url: string, cookie: string, paths: string[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const p of paths) rows.push(await measure(url, cookie, p));
  return rows;
}

/** What the viewer app reads (home, discover, new release, library, series and watch pages, search). */
function viewerReads(seriesId: number, byId: string): string[] {
  return [
    '/api/series/lists/new?limit=7',
    '/api/series/lists/all?genre=Action+%26+Adventure&limit=7',
    '/api/series/lists/new?limit=24',
    '/api/series/lists/popular?limit=10',
    '/api/series/lists/all?limit=24',
    '/api/series/lists/all?genre=Drama&limit=24',
    `/api/series/by-id?ids=${byId}`,
    `/api/series/${seriesId}`,
    `/api/series/${seriesId}/episodes`,
    '/api/carousel',
    '/api/trending',
    '/api/series/trending',
    '/api/series/search?q=love&limit=24',
    '/api/series/search?q=lov%20strom&limit=24',
    '/api/series/search?q=%E7%B4%84%E6%9D%9F&limit=24',
    '/api/series/search?q=drama&genre=Drama&limit=24',
  ];
}

const COMPATIBLE_LISTS = ['/api/series', '/api/series/new', '/api/series/popular'];

async function main() {
  console.log(`bench:scale — ${CONNECTIONS} connections, ${SECONDS} s per endpoint; load before: ${loadAverage()}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-bench-scale-'));
  fs.chmodSync(dataDir, 0o755);
  const database = await startEmbeddedPostgres({ clusterDir: path.join(dataDir, 'postgres'), port: PORT + 1000 });
  // The owner's URL: the server migrates at start, which the cluster's app role may not do on its own.
  const server = await startBenchServer({ port: PORT, env: { DATABASE_URL: database.adminUrl, SEED: 'demo' } });
  const loader = connectDatabase(database.adminUrl, () => {});
  try {
    await server.settled();
    const cookie = await accessCookie(server);
    const get = async <T>(p: string) => (await (await fetch(`${server.url}${p}`, { headers: { cookie } })).json()) as T;
    const first = await get<{ items: { id: number }[] }>('/api/series/lists/all?limit=24');
    const id = first.items[0]!.id;
    const byId = first.items.map((s) => s.id).join(',');
    const paths = viewerReads(id, byId);
    const demo = await measureAll(server.url, cookie, paths);
    const demoCompatible = await measureAll(server.url, cookie, COMPATIBLE_LISTS);
    console.log(`demo measured (load ${loadAverage()}); loading ${SERIES} series × ${EPISODES_PER_SERIES} episodes…`);
    const started = Date.now();
    await loadLargeCatalogue(loader.db, { series: SERIES, episodesPerSeries: EPISODES_PER_SERIES });
    console.log(`loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await sleep(1000);
    const large = await measureAll(server.url, cookie, paths);
    const largeCompatible = await measureAll(server.url, cookie, COMPATIBLE_LISTS);

    const table = (title: string, demoRows: Row[], largeRows: Row[], judged: boolean) => {
      console.log(`\n${title}\n`);
      console.log(
        '| endpoint | demo p50 ms | demo p99 ms | demo reply | large p50 ms | large p99 ms | large reply (br) | JSON | p99 large/demo | load (1/5/15 min) |',
      );
      console.log('|---|---|---|---|---|---|---|---|---|---|');
      const misses: string[] = [];
      demoRows.forEach((d, i) => {
        const l = largeRows[i]!;
        const ratio = l.p99 / Math.max(d.p99, 1);
        if (judged && ratio > MAX_P99_RATIO) misses.push(`${d.path}: p99 ${ratio.toFixed(2)}×`);
        if (judged && l.bytes > MAX_VIEWER_REPLY) misses.push(`${d.path}: ${kb(l.bytes)}`);
        const name = d.path.replaceAll(`/${id}`, '/{id}').replace(byId, '{24 ids}');
        console.log(
          `| ${name} | ${d.p50} | ${d.p99} | ${kb(d.bytes)} | ${l.p50} | ${l.p99} | ${kb(l.bytes)} | ${kb(l.json)} | ${ratio.toFixed(2)}× | ${l.load} |`,
        );
      });
      if (judged) {
        console.log(
          misses.length
            ? `\nOver target (p99 ≤ ${MAX_P99_RATIO}× demo, ≤ 100 kB): ${misses.join('; ')}`
            : `\nEvery viewer read within ${MAX_P99_RATIO}× its demo p99 and under 100 kB as sent.`,
        );
      }
    };
    table('Reads of the viewer app', demo, large, true);
    table(
      'Whole-catalogue lists (compatible clients; the viewer app does not read them)',
      demoCompatible,
      largeCompatible,
      false,
    );
    console.log(`\nload after: ${loadAverage()}`);
  } finally {
    await loader.close();
    await server.stop();
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
