/**
 * Money at volume: purchases and unlocks through the API, alternating, with 50 connections; once all on one
 * viewer (every transaction locks the same balance row), once spread over 50 viewers and once over 10,000
 * (BENCH_VIEWERS). Each request is sent as its viewer (their own signed viewer cookie, `user-1` in the path), so
 * the server creates each viewer's row on their first write, with the starting balance the bench gives new
 * viewers (NEW_VIEWER_COINS). Prints committed transactions/s, p50/p99, and checks the ledger is exact: every
 * viewer's ledger (their `welcome` entry included) sums to their balance, no balance went negative, and the
 * ledger has one row per successful reply.
 *
 *   npm run bench:money
 *
 * BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_VIEWERS (10000), BENCH_PORT (5217; PostgreSQL port + 1000).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { startEmbeddedPostgres } from '#server/db/embedded.ts';
import { newViewerId, viewerCookieKey, writeViewerCookie } from '#server/modules/viewers/viewer-cookie.ts';
import { VIEWER_COOKIE } from '#server/modules/viewers/viewers.plugin.ts';
import { accessCookie, loadAverage, startBenchServer } from './support/server.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORT = Number(process.env.BENCH_PORT ?? 5217);
const MANY_VIEWERS = Number(process.env.BENCH_VIEWERS ?? 10_000);
const START_COINS = 10_000_000;
const PACKAGE = { id: 'package-1', coins: 500, bonus: 0 };
const EPISODES = 200_000;

async function main() {
  console.log(`bench:money — ${CONNECTIONS} connections, ${SECONDS} s per run; load before: ${loadAverage()}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-bench-money-'));
  fs.chmodSync(dataDir, 0o755);
  const database = await startEmbeddedPostgres({ clusterDir: path.join(dataDir, 'postgres'), port: PORT + 1000 });
  const server = await startBenchServer({
    port: PORT,
    env: { DATABASE_URL: database.adminUrl, SEED: 'none', NEW_VIEWER_COINS: String(START_COINS) },
  });
  await server.settled();
  const cookie = await accessCookie(server);
  const client = new pg.Client({ connectionString: database.adminUrl });
  await client.connect();
  try {
    // Cookies as the server writes them, signed with the key every instance derives from the database's secret.
    const {
      rows: [gate],
    } = await client.query<{ signing_key: string }>('select signing_key from access_gate limit 1');
    const key = viewerCookieKey(gate!.signing_key);
    const issuedAt = Math.floor(Date.now() / 1000);
    const viewerCookies = (count: number) =>
      Array.from(
        { length: count },
        () => `${VIEWER_COOKIE}=${writeViewerCookie(key, { viewerId: newViewerId(), issuedAt })}`,
      );
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
    for (const [name, cookies] of [
      ['one viewer', viewerCookies(1)],
      ['50 viewers', viewerCookies(50)],
      [`${MANY_VIEWERS.toLocaleString('en')} viewers`, viewerCookies(MANY_VIEWERS)],
    ] as const) {
      // Each viewer's first write (their row and `welcome` entry, then a check-in) before the timed run, so it
      // measures money on viewers who exist; how fast new viewers are taken in is printed apart.
      const firstWrites = Date.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (next < cookies.length) {
            const viewer = cookies[next++]!;
            const res = await fetch(`${server.url}/api/user/user-1/daily-checkin`, {
              method: 'POST',
              headers: { cookie: `${cookie}; ${viewer}` },
            });
            if (res.status !== 200) throw new Error(`first write answered ${res.status}: ${await res.text()}`);
          }
        }),
      );
      const created = cookies.length / ((Date.now() - firstWrites) / 1000);
      if (cookies.length >= 1000) {
        console.log(`${cookies.length} new viewers' first writes: ${created.toFixed(0)}/s; load ${loadAverage()}`);
      }
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
              const context = state as { turn?: number };
              context.turn = (context.turn ?? 0) + 1;
              const viewer = cookies[Math.floor(Math.random() * cookies.length)]!;
              const headers = { ...request.headers, cookie: `${cookie}; ${viewer}`, 'idempotency-key': randomUUID() };
              if (context.turn % 2) {
                return {
                  ...request,
                  method: 'POST',
                  path: '/api/user/user-1/purchase-tokens',
                  headers,
                  body: JSON.stringify({ packageId: PACKAGE.id }),
                };
              }
              // Every unlock is of an episode nobody unlocked yet, so each one commits a charge.
              return {
                ...request,
                method: 'POST',
                path: '/api/user/user-1/unlock-episode',
                headers,
                body: JSON.stringify({ seriesId: series!.id, episodeNumber: nextEpisode++ }),
              };
            },
          },
        ],
      });
      const committed = (await ledgerRows(client)) - before;
      const ok = result['2xx'];
      const exact = await ledgerIsExact(client);
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

/**
 * Every viewer's ledger sums to their balance (their starting balance is their `welcome` entry), each was given
 * the starting balance exactly once, and no balance went negative.
 */
async function ledgerIsExact(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ coins: number; bonuses: number; dc: string; db: string; welcomes: string }>(
    `select u.coins, u.bonuses, coalesce(sum(l.coins_delta), 0) as dc, coalesce(sum(l.bonuses_delta), 0) as db,
            count(*) filter (where l.kind = 'welcome' and l.coins_delta = ${START_COINS}) as welcomes
       from users u left join wallet_ledger l on l.user_id = u.id
      group by u.id`,
  );
  return (
    rows.length > 0 &&
    rows.every(
      (r) =>
        r.coins === Number(r.dc) &&
        r.bonuses === Number(r.db) &&
        Number(r.welcomes) === 1 &&
        r.coins >= 0 &&
        r.bonuses >= 0,
    )
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
