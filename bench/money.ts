/**
 * Money at volume (issue 10): purchases and unlocks through the API, alternating, with 50 connections;
 * once all on one viewer (user-1: every transaction locks the same balance row) and once spread over 50 viewers.
 * Prints committed transactions/s, p50/p99, and checks the ledger is exact (each viewer's balance equals its
 * starting balance plus the ledger's deltas, and the ledger has one row per successful reply).
 *
 *   npm run bench:money
 *
 * The 50 viewers are rows the bench writes into its own fresh database before the run. No route creates a
 * viewer, so the server's rule stays as it is for real clients: an id that is not in `users` answers 404.
 * BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_PORT (5217; its PostgreSQL uses port + 1000).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { VIEWER_USER_ID } from '../src/contract/index.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { accessCookie, loadAverage, startBenchServer } from './support/server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 5217);
const VIEWERS = 50;
const START_COINS = 10_000_000;
const PACKAGE = { id: 'package-1', coins: 500, bonus: 0 };
const EPISODES = 200_000;

async function main() {
  console.log(`bench:money — ${CONNECTIONS} connections, ${SECONDS} s per run; load before: ${loadAverage()}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-bench-money-'));
  fs.chmodSync(dataDir, 0o755);
  const database = await startEmbeddedPostgres({ clusterDir: path.join(dataDir, 'postgres'), port: PORT + 1000 });
  const server = await startBenchServer({ port: PORT, env: { DATABASE_URL: database.adminUrl, SEED: 'none' } });
  await server.settled();
  const cookie = await accessCookie(server);
  const client = new pg.Client({ connectionString: database.adminUrl });
  await client.connect();
  try {
    const viewers = Array.from({ length: VIEWERS }, (_, i) => `bench-viewer-${String(i + 1).padStart(2, '0')}`);
    await client.query(
      `insert into users (id, username, email, coins, bonuses)
       select id, id, id || '@bench.example', $2, 0 from unnest($1::text[]) as id`,
      [viewers, START_COINS],
    );
    await client.query('update users set coins = $1, bonuses = 0 where id = $2', [START_COINS, VIEWER_USER_ID]);
    const {
      rows: [series],
    } = await client.query<{ id: number }>(
      `insert into series (title, description, genre, thumbnail_url, total_episodes, is_free, episode_cost, is_new)
       values ('Bench series', 'For bench:money', 'Drama', 'https://example.com/p.jpg', 1000000, false, 1, false)
       returning id`,
    );
    // Only published episodes are sold: enough of them that every unlock of both runs is a new one.
    await client.query(
      `insert into episodes (series_id, episode_number, title, video_url, thumbnail_url)
       select $1, n, 'Episode ' || n, '/media/bench/' || n || '/index.m3u8', '/media/bench/p.jpg'
         from generate_series(1, $2::int) as n`,
      [series!.id, EPISODES],
    );

    const rows: string[] = [];
    for (const [name, ids] of [
      ['one viewer (user-1)', [VIEWER_USER_ID]],
      ['50 viewers', viewers],
    ] as const) {
      const before = await ledgerRows(client);
      let nextEpisode = 11;
      const result = await autocannon({
        url: server.url,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers: { cookie: cookie, 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (request, state: object) => {
              const context = state as { viewer?: string; turn?: number };
              context.viewer ??= ids[Math.floor(Math.random() * ids.length)];
              context.turn = (context.turn ?? 0) + 1;
              const viewer = context.viewer;
              const headers = { ...request.headers, 'idempotency-key': randomUUID() };
              if (context.turn % 2) {
                return {
                  ...request,
                  method: 'POST',
                  path: `/api/user/${viewer}/purchase-tokens`,
                  headers,
                  body: JSON.stringify({ packageId: PACKAGE.id }),
                };
              }
              // Every unlock is of an episode nobody unlocked yet, so each one commits a charge.
              return {
                ...request,
                method: 'POST',
                path: `/api/user/${viewer}/unlock-episode`,
                headers,
                body: JSON.stringify({ seriesId: series!.id, episodeNumber: nextEpisode++ }),
              };
            },
          },
        ],
      });
      const committed = (await ledgerRows(client)) - before;
      const ok = result['2xx'];
      const exact = await ledgerIsExact(client, [...ids]);
      rows.push(
        `| ${name} | ${(committed / SECONDS).toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${ok} | ${committed} | ${result.non2xx + result.errors} | ${exact ? 'exact' : 'NOT EXACT'} | ${loadAverage()} |`,
      );
      console.log(rows.at(-1));
    }
    console.log('');
    console.log(
      '| run | committed tx/s | p50 ms | p99 ms | 2xx replies | ledger rows | failed | ledger | load (1/5/15 min) |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  } finally {
    await client.end();
    await server.stop();
    await database.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function ledgerRows(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: string }>('select count(*) as n from wallet_ledger');
  return Number(rows[0]!.n);
}

/** Each viewer's balance is its starting balance plus every ledger delta, and no balance went negative. */
async function ledgerIsExact(client: pg.Client, ids: string[]): Promise<boolean> {
  const { rows } = await client.query<{ id: string; coins: number; bonuses: number; dc: string; db: string }>(
    `select u.id, u.coins, u.bonuses, coalesce(sum(l.coins_delta), 0) as dc, coalesce(sum(l.bonuses_delta), 0) as db
       from users u left join wallet_ledger l on l.user_id = u.id
      where u.id = any($1::text[]) group by u.id`,
    [ids],
  );
  return rows.every((r) => r.coins === START_COINS + Number(r.dc) && r.bonuses === Number(r.db));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
