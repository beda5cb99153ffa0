/**
 * Viewers at scale: a database holding BENCH_VIEWERS (1,000,000) viewers with a spread of unlocks, likes, saves
 * and progress like a real audience's (most did little, a few did a lot), generated here in PostgreSQL. Then,
 * each request sent as a viewer drawn at random (their own signed cookie, `user-1` in the path):
 *
 * - per-viewer reads at 10 connections: the account, the liked and saved lists, "continue watching", the unlocked
 *   episodes of a series (p50/p99; the target is p99 ≤ 5 ms); first as fast as the server answers (its ceiling,
 *   where p99 is mostly time queued behind the other nine), then at BENCH_READ_RATE a second, each request sent
 *   when it is due (support/steady-load.ts: the latency a viewer meets when the server is busy but not saturated);
 * - progress and viewing events from BENCH_WRITERS (10,000) viewers at 100 connections (target p99 ≤ 50 ms);
 * - new viewers: writes from browsers without a viewer, each of which the server gives a viewer and a row
 *   (target ≥ 2,000 a second), counted by the rows the database holds after the run.
 *
 *   npm run bench:viewers
 *
 * BENCH_VIEWERS (1000000), BENCH_WRITERS (10000), BENCH_SECONDS (10), BENCH_READ_RATE (1000),
 * BENCH_PORT (5227; PostgreSQL port + 1000).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { startEmbeddedPostgres } from '#server/db/embedded.ts';
import { viewerCookieKey, writeViewerCookie } from '#server/modules/viewers/viewer-cookie.ts';
import { VIEWER_COOKIE } from '#server/modules/viewers/viewers.plugin.ts';
import { accessCookie, loadAverage, startBenchServer } from './support/server.ts';
import { steadyLoad } from './support/steady-load.ts';

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 1_000_000);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const READ_RATE = Number(process.env.BENCH_READ_RATE ?? 1000);
const PORT = Number(process.env.BENCH_PORT ?? 5227);

/** The n-th generated viewer's id, as PostgreSQL writes it below: `v` and 27 hex digits of sha256(n). */
const viewerIdOf = (n: number) => `v${createHash('sha256').update(String(n)).digest('hex').slice(0, 27)}`;
const VIEWER_ID_SQL = `'v' || substr(encode(sha256(n::text::bytea), 'hex'), 1, 27)`;

interface Catalogue {
  seriesIds: number[];
  /** Every published episode: id, its series and number. */
  episodes: { id: number; seriesId: number; number: number }[];
}

async function main() {
  console.log(`bench:viewers — ${VIEWERS.toLocaleString('en')} viewers; load before: ${loadAverage()}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-bench-viewers-'));
  fs.chmodSync(dataDir, 0o755);
  const database = await startEmbeddedPostgres({ clusterDir: path.join(dataDir, 'postgres'), port: PORT + 1000 });
  const server = await startBenchServer({ port: PORT, env: { DATABASE_URL: database.adminUrl, SEED: 'demo' } });
  await server.settled();
  const access = await accessCookie(server);
  const client = new pg.Client({ connectionString: database.adminUrl });
  await client.connect();
  try {
    const catalogue = await catalogueOf(client);
    const generated = Date.now();
    await generateAudience(client, catalogue);
    console.log(`audience generated in ${((Date.now() - generated) / 1000).toFixed(0)} s: ${await counts(client)}`);

    const {
      rows: [gate],
    } = await client.query<{ signing_key: string }>('select signing_key from access_gate limit 1');
    const key = viewerCookieKey(gate!.signing_key);
    const issuedAt = Math.floor(Date.now() / 1000);
    const cookieOf = (n: number) =>
      `${access}; ${VIEWER_COOKIE}=${writeViewerCookie(key, { viewerId: viewerIdOf(n), issuedAt })}`;
    const anyViewer = () => cookieOf(1 + Math.floor(Math.random() * VIEWERS));
    const anySeries = () => catalogue.seriesIds[Math.floor(Math.random() * catalogue.seriesIds.length)]!;

    const rows: string[] = [];
    const report = (name: string, result: autocannon.Result, extra = '') => {
      rows.push(
        `| ${name} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx + result.errors} | ${extra} | ${loadAverage()} |`,
      );
      console.log(rows.at(-1));
    };
    const reads: [string, () => string][] = [
      ['GET /api/user', () => '/api/user'],
      ['GET liked', () => '/api/user/user-1/liked'],
      ['GET bookmarked', () => '/api/user/user-1/bookmarked'],
      ['GET continue watching', () => '/api/user/user-1/progress'],
      ['GET unlocked episodes of a series', () => `/api/user/user-1/unlocked-episodes?seriesId=${anySeries()}`],
    ];
    for (const [name, pathOf] of reads) {
      const result = await autocannon({
        url: server.url,
        connections: 10,
        duration: SECONDS,
        requests: [{ setupRequest: (request) => ({ ...request, path: pathOf(), headers: { cookie: anyViewer() } }) }],
      });
      report(name, result);
    }
    for (const [name, pathOf] of reads) {
      const steady = await steadyLoad({
        url: server.url,
        rate: READ_RATE,
        seconds: SECONDS,
        connections: 10,
        request: () => ({ path: pathOf(), headers: { cookie: anyViewer() } }),
      });
      rows.push(
        `| ${name}, ${READ_RATE}/s evenly spaced | ${steady.rate.toFixed(0)} | ${steady.p50} | ${steady.p99} | ${steady.failed} |  | ${loadAverage()} |`,
      );
      console.log(rows.at(-1));
    }

    // Writers: WRITERS viewers reporting progress, then sending viewing events, as players do while watching.
    const writes: [string, string, (episode: Catalogue['episodes'][number]) => object][] = [
      [
        'progress',
        '/api/progress',
        (episode) => ({
          userId: 'user-1',
          seriesId: episode.seriesId,
          episodeId: episode.id,
          progress: Math.floor(Math.random() * 100),
        }),
      ],
      [
        'viewing events',
        '/api/events',
        (episode) => ({
          userId: 'user-1',
          events: [
            {
              eventId: randomUUID(),
              occurredAt: new Date().toISOString(),
              kind: 'progress',
              seriesId: episode.seriesId,
              episodeNumber: episode.number,
              percent: 25,
              watchedMs: 5000,
            },
          ],
        }),
      ],
    ];
    for (const [name, writePath, bodyOf] of writes) {
      let turn = 0;
      const refusals = new Map<string, number>();
      const result = await autocannon({
        url: server.url,
        connections: 100,
        duration: SECONDS,
        requests: [
          {
            setupRequest: (request) => {
              const episode = catalogue.episodes[Math.floor(Math.random() * catalogue.episodes.length)]!;
              return {
                ...request,
                method: 'POST',
                path: writePath,
                headers: { cookie: cookieOf(1 + (turn++ % WRITERS)), 'content-type': 'application/json' },
                body: JSON.stringify(bodyOf(episode)),
              };
            },
            onResponse: (status, body) => {
              if (status < 300) return;
              const reason = `${status} ${body.slice(0, 160)}`;
              refusals.set(reason, (refusals.get(reason) ?? 0) + 1);
            },
          },
        ],
      });
      report(`${name}, ${WRITERS.toLocaleString('en')} viewers`, result);
      for (const [reason, times] of refusals) console.log(`  refused ${times}×: ${reason}`);
    }

    // New viewers: each request comes without a viewer; the server gives one and writes its row.
    const before = await viewerRows(client);
    const creations = await autocannon({
      url: server.url,
      connections: 50,
      duration: SECONDS,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            method: 'POST',
            path: `/api/user/user-1/like/${anySeries()}`,
            headers: { cookie: access },
          }),
        },
      ],
    });
    const created = (await viewerRows(client)) - before;
    report('new viewers (first write: a like)', creations, `${(created / SECONDS).toFixed(0)} rows/s`);

    console.log('');
    console.log('| run | req/s | p50 ms | p99 ms | failed | | load (1/5/15 min) |');
    console.log('|---|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  } finally {
    await client.end();
    await server.stop();
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function catalogueOf(client: pg.Client): Promise<Catalogue> {
  const { rows } = await client.query<{ id: number; series_id: number; episode_number: number }>(
    `select e.id, e.series_id, e.episode_number from episodes e join series s on s.id = e.series_id`,
  );
  return {
    seriesIds: [...new Set(rows.map((row) => row.series_id))],
    episodes: rows.map((row) => ({ id: row.id, seriesId: row.series_id, number: row.episode_number })),
  };
}

/**
 * The audience, in PostgreSQL: every viewer a row; about one in three liked something, one in five saved
 * something, one in four watched (a handful of episodes each, a few a whole series), one in ten unlocked
 * (a run of episodes past the free ones). Balances are zero and the ledger empty, so they agree.
 */
async function generateAudience(client: pg.Client, catalogue: Catalogue) {
  const seriesCount = catalogue.seriesIds.length;
  await client.query(`create temporary table bench_series as select id, row_number() over (order by id) - 1 as k
                        from series`);
  await client.query(
    `insert into users (id, username, email, coins, bonuses)
     select ${VIEWER_ID_SQL}, 'Viewer', '', 0, 0 from generate_series(1, $1::int) as n`,
    [VIEWERS],
  );
  const oneSeries = (salt: number) => `(select id from bench_series where k = (n * ${salt} + i) % ${seriesCount})`;
  await client.query(
    `insert into likes (user_id, series_id)
     select distinct ${VIEWER_ID_SQL}, ${oneSeries(7)}
       from generate_series(1, $1::int) as n, generate_series(1, 1 + n % 4) as i where n % 3 = 0`,
    [VIEWERS],
  );
  await client.query(
    `insert into bookmarks (user_id, series_id)
     select distinct ${VIEWER_ID_SQL}, ${oneSeries(11)}
       from generate_series(1, $1::int) as n, generate_series(1, 1 + n % 3) as i where n % 5 = 0`,
    [VIEWERS],
  );
  await client.query(
    `insert into progress (user_id, episode_id, series_id, percent, position_seconds)
     select ${VIEWER_ID_SQL}, e.id, e.series_id, (n * 37 + e.episode_number) % 101, 30
       from generate_series(1, $1::int) as n
       join episodes e on e.series_id = ${oneSeries(13).replace('+ i', '')}
        and e.episode_number <= case when n % 100 = 0 then 50 else 1 + n % 6 end
      where n % 4 = 0`,
    [VIEWERS],
  );
  await client.query(
    `insert into unlocks (user_id, series_id, episode_number)
     select ${VIEWER_ID_SQL}, ${oneSeries(17).replace('+ i', '')}, 10 + i
       from generate_series(1, $1::int) as n, generate_series(1, case when n % 200 = 0 then 40 else 1 + n % 5 end) as i
      where n % 10 = 0`,
    [VIEWERS],
  );
  // A database in service has had its tables vacuumed and analysed and its writes checkpointed; a freshly loaded
  // one has not, and autovacuum and a checkpoint would run over the millions of new rows during the measurements.
  await client.query('vacuum analyze');
  await client.query('checkpoint');
}

async function counts(client: pg.Client) {
  const { rows } = await client.query<Record<string, string>>(
    `select (select count(*) from users) as viewers, (select count(*) from likes) as likes,
            (select count(*) from bookmarks) as saves, (select count(*) from progress) as progress,
            (select count(*) from unlocks) as unlocks`,
  );
  return Object.entries(rows[0]!)
    .map(([name, value]) => `${Number(value).toLocaleString('en')} ${name}`)
    .join(', ');
}

async function viewerRows(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>('select count(*) as n from users');
  return Number(rows[0]!.n);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
