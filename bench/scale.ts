/**
 * The catalogue at 10,000 series / 500,000 episodes (issue 10): p50/p99 and compressed reply size of every viewer
 * catalogue read, first on the demo catalogue, then after loading the large one into the same database.
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
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { accessCookie, loadAverage, sleep, startBenchServer } from './support/server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 5227);
const SERIES = Number(process.env.BENCH_SERIES ?? 10_000);
const EPISODES_PER_SERIES = Number(process.env.BENCH_EPISODES_PER_SERIES ?? 50);

/** Titles in several scripts so search meets what a real catalogue holds. */
const WORDS = ['Love', 'Storm', 'Café', 'Secret', 'Night', 'Bride', 'قلب', 'الصحراء', '約束', '月下', 'รัก', 'สายฝน'];

async function loadLargeCatalogue(client: pg.Client) {
  const { rows } = await client.query<{ n: string }>('select count(*) as n from series');
  const missing = SERIES - Number(rows[0]!.n);
  await client.query(
    `insert into series (title, description, genre, tags, thumbnail_url, total_episodes, is_new, likes, rating)
     select ($2::text[])[1 + i % array_length($2::text[], 1)] || ' ' || ($2::text[])[1 + (i / 7) % array_length($2::text[], 1)]
              || ' ' || i,
            'Generated series number ' || i || ' for the scale bench.',
            (array['Drama','Romance','Comedy','Thrillers','Horror','Anime'])[1 + i % 6],
            array['bench', 'tag' || (i % 50)],
            'https://example.com/poster-' || i || '.jpg', $3, i % 10 = 0, i % 997, 50 + i % 50
       from generate_series(1, $1) as i`,
    [missing, WORDS, EPISODES_PER_SERIES],
  );
  await client.query(
    `insert into episodes (series_id, episode_number, title, video_url, thumbnail_url, duration)
     select s.id, n, 'Episode ' || n, '/media/bench/' || s.id || '/' || n || '.m3u8', '/media/bench/thumb.jpg', 90
       from series s cross join generate_series(1, $1) as n
      where not exists (select 1 from episodes e where e.series_id = s.id)`,
    [EPISODES_PER_SERIES],
  );
  await client.query('analyze series');
  await client.query('analyze episodes');
}

interface Row {
  path: string;
  p50: number;
  p99: number;
  bytes: number;
  json: number;
}

async function measureAll(url: string, cookie: string, paths: string[]): Promise<Row[]> {
  const rows: Row[] = [];
  for (const p of paths) {
    const response = await fetch(`${url}${p}`, { headers: { cookie, 'accept-encoding': 'br' } });
    const raw = Buffer.from(await response.arrayBuffer());
    // fetch decodes, so ask node:http-level size through content-length when present, else the decoded size.
    const encoded = Number(response.headers.get('content-length') ?? raw.length);
    if (!response.ok) throw new Error(`${p} answered ${response.status}`);
    await autocannon({ url: `${url}${p}`, connections: CONNECTIONS, amount: 200, headers: { cookie } });
    const result = await autocannon({
      url: `${url}${p}`,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
    });
    rows.push({ path: p, p50: result.latency.p50, p99: result.latency.p99, bytes: encoded, json: raw.length });
  }
  return rows;
}

async function main() {
  console.log(`bench:scale — ${CONNECTIONS} connections, ${SECONDS} s per endpoint; load before: ${loadAverage()}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-bench-scale-'));
  fs.chmodSync(dataDir, 0o755);
  const database = await startEmbeddedPostgres({ clusterDir: path.join(dataDir, 'postgres'), port: PORT + 1000 });
  const server = await startBenchServer({ port: PORT, env: { DATABASE_URL: database.url, SEED: 'demo' } });
  await server.settled();
  const cookie = await accessCookie(server);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const list = (await (await fetch(`${server.url}/api/series`, { headers: { cookie: cookie } })).json()) as {
      id: number;
    }[];
    const id = list[0]!.id;
    const paths = [
      '/api/series',
      '/api/series/new',
      '/api/series/popular',
      '/api/series/trending',
      `/api/series/${id}`,
      `/api/series/${id}/episodes`,
      '/api/carousel',
      '/api/trending',
      '/api/series/search?q=love',
      '/api/series/search?q=lov%20strom',
      '/api/series/search?genre=Drama',
      '/api/series/search',
    ];
    const demo = await measureAll(server.url, cookie, paths);
    console.log(
      `demo catalogue measured (load ${loadAverage()}); loading ${SERIES} series × ${EPISODES_PER_SERIES} episodes…`,
    );
    const started = Date.now();
    await loadLargeCatalogue(client);
    console.log(`loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await sleep(1000);
    const large = await measureAll(server.url, cookie, paths);

    console.log('');
    console.log(
      '| endpoint | demo p50 ms | demo p99 ms | demo reply | large p50 ms | large p99 ms | large reply (br) | JSON | p99 large/demo |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    demo.forEach((d, i) => {
      const l = large[i]!;
      console.log(
        `| ${d.path.replace(`/${id}`, '/{id}')} | ${d.p50} | ${d.p99} | ${kb(d.bytes)} | ${l.p50} | ${l.p99} | ${kb(l.bytes)} | ${kb(l.json)} | ${(l.p99 / Math.max(d.p99, 1)).toFixed(1)}× |`,
      );
    });
    console.log(`\nload after: ${loadAverage()}`);
  } finally {
    await client.end();
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
