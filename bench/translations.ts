/**
 * The catalogue in the viewer's language at 10,000 series (issue 12, decision 023): what a language costs.
 *
 *   npm run bench:translations
 *
 * Loads BENCH_SERIES (10000) series and translates every fifth one into es, ar, ja and hi. Then prints
 * - the first read of /api/series after a change (the rebuild), and the first read of each language after it
 *   (its variant built from memory), median of BENCH_ROUNDS (5) changes;
 * - steady-state p50/p99 of the original and the Spanish reads, and of search in Spanish.
 * BENCH_SECONDS (3) per endpoint, BENCH_CONNECTIONS (10), BENCH_PORT (5229; its PostgreSQL uses port + 1000).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startEmbeddedPostgres } from '#server/db/embedded.ts';
import { accessCookie, loadAverage, sleep, startBenchServer, summarize } from './support/server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 5229);
const SERIES = Number(process.env.BENCH_SERIES ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const LANGUAGES = ['es', 'ar', 'ja', 'hi'];

async function loadCatalogue(client: pg.Client) {
  const { rows } = await client.query<{ n: string }>('select count(*) as n from series');
  await client.query(
    `insert into series (title, description, genre, tags, thumbnail_url, total_episodes, likes)
     select 'Bench series ' || i, 'Generated series number ' || i || ' for the translations bench.',
            (array['Drama','Romance','Comedy','Thrillers'])[1 + i % 4], array['bench'],
            '/media/art/bench.svg', 40, i % 997
       from generate_series(1, $1) as i`,
    [SERIES - Number(rows[0]!.n)],
  );
  await client.query(
    `insert into series_translations (series_id, language, title, description, tags)
     select s.id, l, l || ': serie de prueba ' || s.id, 'Texto traducido de la serie ' || s.id, array['prueba']
       from series s cross join unnest($1::text[]) as l
      where s.id % 5 = 0
     on conflict do nothing`,
    [LANGUAGES],
  );
  await client.query('analyze series');
  await client.query('analyze series_translations');
}

async function timed(url: string, cookie: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie, 'accept-encoding': 'br' } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

async function steady(url: string, cookie: string) {
  await autocannon({ url, connections: CONNECTIONS, amount: 200, headers: { cookie } });
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
  });
  return { p50: result.latency.p50, p99: result.latency.p99 };
}

async function main() {
  console.log(`bench:translations — ${SERIES} series; load before: ${loadAverage()}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-bench-translations-'));
  fs.chmodSync(dataDir, 0o755);
  const database = await startEmbeddedPostgres({ clusterDir: path.join(dataDir, 'postgres'), port: PORT + 1000 });
  const server = await startBenchServer({ port: PORT, env: { DATABASE_URL: database.adminUrl, SEED: 'demo' } }).catch(
    async (error: unknown) => {
      await database.stop();
      throw error;
    },
  );
  const client = new pg.Client({ connectionString: database.adminUrl });
  try {
    await server.settled();
    const cookie = await accessCookie(server);
    await client.connect();
    await loadCatalogue(client);
    const { rows } = await client.query<{ n: string }>('select count(*) as n from series_translations');
    console.log(`${rows[0]!.n} translations; load ${loadAverage()}`);
    await sleep(1000);

    // A change (a like moves series.likes) makes the next read of each language rebuild.
    const rebuild: Record<string, number[]> = { original: [], ...Object.fromEntries(LANGUAGES.map((l) => [l, []])) };
    for (let round = 0; round < ROUNDS; round++) {
      await client.query('update series set likes = likes + 1 where id = (select min(id) from series)');
      await sleep(300);
      rebuild.original!.push(await timed(`${server.url}/api/series`, cookie));
      for (const language of LANGUAGES) {
        rebuild[language]!.push(await timed(`${server.url}/api/series?lang=${language}`, cookie));
      }
    }
    console.log('\n| first read after a change | median ms | max ms |\n|---|---|---|');
    for (const [name, values] of Object.entries(rebuild)) {
      const summary = summarize(values);
      console.log(
        `| /api/series${name === 'original' ? '' : `?lang=${name}`} | ${summary.median.toFixed(0)} | ${summary.max.toFixed(0)} |`,
      );
    }

    const { rows: ids } = await client.query<{ id: number }>('select min(series_id) as id from series_translations');
    const id = ids[0]!.id;
    const paths = [
      '/api/series',
      '/api/series?lang=es',
      `/api/series/${id}`,
      `/api/series/${id}?lang=es`,
      '/api/carousel?lang=es',
      '/api/series/search?q=serie%20de%20prueba&lang=es',
      '/api/series/search?q=bench%20series&lang=es',
    ];
    console.log(`\n| steady read (${CONNECTIONS} connections, ${SECONDS} s) | p50 ms | p99 ms |\n|---|---|---|`);
    for (const p of paths) {
      const { p50, p99 } = await steady(`${server.url}${p}`, cookie);
      console.log(`| ${p.replace(`/${id}`, '/{id}')} | ${p50} | ${p99} |`);
    }
    console.log(`\nload after: ${loadAverage()}`);
  } finally {
    await client.end();
    await server.stop();
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
