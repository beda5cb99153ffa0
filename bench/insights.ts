/**
 * Insights benchmark (issue 13): ingestion rate and the p95 of every Insights query at volume.
 *
 *   npm run bench:insights                      (10 million events over 90 days, 10,000 series)
 *   BENCH_EVENTS=1000000 npm run bench:insights (a smaller run)
 *
 * On a fresh embedded PostgreSQL (or BENCH_DATABASE_URL, an empty database) it builds the real app, then:
 * 1. API ingestion: BENCH_API_EVENTS (100,000) player events in batches of 200 through POST /api/events
 *    (app.inject: contract validation, checks, insert, the rollup trigger), BENCH_CONCURRENCY (4) at once,
 *    dated within the last 7 days as the API requires;
 * 2. bulk ingestion: the rest of BENCH_EVENTS generated inside PostgreSQL over 90 days, BENCH_BULK_ROWS (20,000)
 *    rows per INSERT, through the same table and trigger (what the store sustains without HTTP and JSON);
 * 3. queries: GET /api/admin/insights/summary (7, 30, 90 days) and /series/{id} (30, 90 days; popular and
 *    rare series), BENCH_RUNS (20) each, p50 and p95.
 * Series popularity is skewed (a few series get most plays), viewers are BENCH_VIEWERS (200,000) ids.
 *
 * BENCH_DATA_DIR=<dir> keeps the embedded cluster there: the first run generates the events, later runs (the
 * same day: ranges end today) find them, apply any new migration, and only measure the queries.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { applyMigrations, connectDatabase } from '#server/db/client.ts';
import { startEmbeddedPostgres } from '#server/db/embedded.ts';
import { series, users } from '#server/db/schema.ts';
import { resolveSecrets } from '#server/secrets.ts';
import { freePort } from '#server/testing/global-setup.ts';
import * as insightQueries from '#server/modules/insights/insights.repository.ts';

const TOTAL = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const API_EVENTS = Math.min(TOTAL, Number(process.env.BENCH_API_EVENTS ?? 100_000));
const SERIES = Number(process.env.BENCH_SERIES ?? 10_000);
const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 200_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const BULK_ROWS = Number(process.env.BENCH_BULK_ROWS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const DAYS = 90;
const API_USERS = 1000;
const BATCH = 200;
const EPISODES = 30;

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const rate = (n: number, ms: number) => Math.round(n / (ms / 1000));
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
/** Popular series first: most plays go to a few low ids. */
const skewedSeries = () => 1 + Math.floor(SERIES * Math.random() ** 3);

function playerEvent(daysBack: number) {
  const base = {
    eventId: randomUUID(),
    seriesId: skewedSeries(),
    episodeNumber: 1 + Math.floor(Math.random() * EPISODES),
    occurredAt: new Date(Date.now() - Math.random() * daysBack * 86_400_000).toISOString(),
  };
  const roll = Math.random();
  if (roll < 0.3) return { ...base, kind: 'play_start', startupMs: Math.round(200 + Math.random() ** 2 * 3000) };
  if (roll < 0.75)
    return { ...base, kind: 'progress', percent: [25, 50, 75, 100][Math.floor(Math.random() * 4)], watchedMs: 15_000 };
  if (roll < 0.9)
    return { ...base, kind: 'leave', percent: Math.floor(Math.random() * 99), reason: 'swipe', watchedMs: 8000 };
  return { ...base, kind: 'paywall_shown', episodeNumber: 11 };
}

async function main() {
  let stopDatabase = async () => {};
  let url = process.env.BENCH_DATABASE_URL;
  let adminUrl: string | undefined;
  const keptDir = process.env.BENCH_DATA_DIR;
  if (keptDir) fs.mkdirSync(keptDir, { recursive: true });
  const dataDir = keptDir
    ? path.resolve(keptDir)
    : fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-bench-insights-'));
  fs.chmodSync(dataDir, 0o755);
  if (!url) {
    const clusterDir = path.join(dataDir, 'postgres');
    if (!fs.existsSync(clusterDir)) {
      fs.mkdirSync(clusterDir, { mode: 0o777 });
      fs.chmodSync(clusterDir, 0o777);
    }
    const database = await startEmbeddedPostgres({ clusterDir, port: await freePort() });
    url = database.url;
    adminUrl = database.adminUrl;
    stopDatabase = () => database.stop();
  }
  // The cluster's superuser migrates and analyzes (it owns the tables); the app role serves, as in production.
  const admin = connectDatabase(adminUrl ?? url, () => {});
  const connection = connectDatabase(url, () => {});
  const { db } = connection;
  try {
    await applyMigrations(admin.db);
    const config = loadConfig({
      DATA_DIR: dataDir,
      ACCESS_CODES: 'BENCH',
      ADMIN_PASSWORD: 'bench password',
      API_RATE_LIMIT: '100000000',
      EVENTS_RATE_LIMIT: '100000000',
      LOG_LEVEL: 'silent',
      SEED: 'none',
      TRANSCODE_CONCURRENCY: '0',
    });
    const secrets = await resolveSecrets(db, config, () => {});
    const app = await buildApp({ config, db, pool: connection.pool, secrets });
    await app.ready();

    console.log(
      `Insights benchmark: ${TOTAL.toLocaleString('en')} events, ${SERIES.toLocaleString('en')} series, ${DAYS} days, ${VIEWERS.toLocaleString('en')} viewers`,
    );
    const [{ stored } = { stored: 0 }] = (
      await db.execute<{ stored: number }>(sql`select count(*)::int as stored from series`)
    ).rows;
    const reuse = keptDir !== undefined && stored >= SERIES;
    if (reuse) {
      console.log(`reusing the events generated before in ${dataDir}`);
    } else {
      for (let i = 0; i < SERIES; i += 5000) {
        await db.insert(series).values(
          Array.from({ length: Math.min(5000, SERIES - i) }, (_, j) => ({
            title: `Series ${i + j + 1}`,
            description: '-',
            genre: 'Drama',
            thumbnailUrl: 'https://example.com/p.jpg',
            totalEpisodes: EPISODES,
          })),
        );
      }
      await db.insert(users).values(
        Array.from({ length: API_USERS }, (_, i) => ({
          id: `bench-${i}`,
          username: `b${i}`,
          email: `b${i}@example.com`,
        })),
      );
    }
    const cookie = async (url: string, payload: object) => {
      const res = await app.inject({ method: 'POST', url, payload });
      return `${res.cookies[0]!.name}=${res.cookies[0]!.value}`;
    };
    const access = await cookie('/api/access', { code: 'BENCH' });
    const operator = `${access}; ${await cookie('/api/admin/login', { password: 'bench password' })}`;

    if (!reuse) {
      // 1. through the API
      let sent = 0;
      const startedApi = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (sent < API_EVENTS) {
            const size = Math.min(BATCH, API_EVENTS - sent);
            sent += size;
            const res = await app.inject({
              method: 'POST',
              url: '/api/events',
              headers: { cookie: access, 'content-type': 'application/json' },
              payload: JSON.stringify({
                userId: `bench-${Math.floor(Math.random() * API_USERS)}`,
                events: Array.from({ length: size }, () => playerEvent(6)),
              }),
            });
            if (res.statusCode !== 200) throw new Error(`POST /api/events: ${res.statusCode} ${res.body}`);
          }
        }),
      );
      const apiMs = performance.now() - startedApi;
      console.log(
        `ingestion via POST /api/events: ${rate(API_EVENTS, apiMs).toLocaleString('en')} events/s (${API_EVENTS.toLocaleString('en')} events, ${CONCURRENCY} at once; load ${load()})`,
      );

      // 2. the rest, generated in PostgreSQL, through the same table and trigger
      const bulk = TOTAL - API_EVENTS;
      const startedBulk = performance.now();
      for (let done = 0; done < bulk; done += BULK_ROWS) {
        const rows = Math.min(BULK_ROWS, bulk - done);
        await db.execute(sql`
          insert into insight_events (event_id, user_id, kind, series_id, episode_number, occurred_at, startup_ms, percent, reason, watched_ms, coins, paid_coins)
          select gen_random_uuid(), 'v' || floor(random() * ${VIEWERS})::int, k.kind,
            1 + floor(${SERIES} * power(random(), 3))::int,
            case when k.kind in ('paywall_shown', 'unlock') then 11 else 1 + floor(random() * ${EPISODES})::int end,
            now() - random() * interval '${sql.raw(String(DAYS))} days',
            case when k.kind = 'play_start' then 200 + floor(power(random(), 2) * 3000)::int end,
            case when k.kind = 'progress' then (1 + floor(random() * 4)::int) * 25 when k.kind = 'leave' then floor(random() * 99)::int end,
            case when k.kind = 'leave' then 'swipe' end,
            case when k.kind in ('progress', 'leave') then 10000 else 0 end,
            case when k.kind = 'unlock' then 50 else 0 end,
            case when k.kind = 'unlock' then 40 else 0 end
          from generate_series(1, ${rows}) g
          cross join lateral (select case
            when r < 0.30 then 'play_start' when r < 0.74 then 'progress' when r < 0.89 then 'leave'
            when r < 0.99 then 'paywall_shown' else 'unlock' end as kind
            from (select random() + g * 0 as r) x) k`);
        if ((done / BULK_ROWS) % 50 === 49) {
          console.log(
            `  … ${(API_EVENTS + done + rows).toLocaleString('en')} events (${rate(done + rows, performance.now() - startedBulk).toLocaleString('en')}/s; load ${load()})`,
          );
        }
      }
      const bulkMs = performance.now() - startedBulk;
      if (bulk > 0) {
        console.log(
          `ingestion in bulk (${BULK_ROWS.toLocaleString('en')} rows a statement): ${rate(bulk, bulkMs).toLocaleString('en')} events/s (${bulk.toLocaleString('en')} events; load ${load()})`,
        );
      }
    }
    await admin.db.execute(sql`vacuum analyze`);
    const [sizes] = (
      await db.execute<{ events: string; rollups: string }>(sql`
        select pg_size_pretty(pg_total_relation_size('insight_events')) as events,
          pg_size_pretty(pg_total_relation_size('insight_episode_days') + pg_total_relation_size('insight_series_days')
            + pg_total_relation_size('insight_days') + pg_total_relation_size('insight_episode_viewers')
            + pg_total_relation_size('insight_viewer_days') + pg_total_relation_size('insight_startup_days')) as rollups`)
    ).rows;
    console.log(`storage: raw events ${sizes!.events}, rollups ${sizes!.rollups}`);

    // 3. the queries, as the dashboard makes them
    const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
    const range = (days: number) => `from=${day(days - 1)}&to=${day(0)}`;
    const queries: { name: string; url: () => string }[] = [
      { name: 'summary, 7 days', url: () => `/api/admin/insights/summary?${range(7)}` },
      { name: 'summary, 30 days', url: () => `/api/admin/insights/summary?${range(30)}` },
      { name: 'summary, 90 days', url: () => `/api/admin/insights/summary?${range(90)}` },
      { name: 'series (most watched), 30 days', url: () => `/api/admin/insights/series/1?${range(30)}` },
      { name: 'series (most watched), 90 days', url: () => `/api/admin/insights/series/1?${range(90)}` },
      {
        name: 'series (any), 90 days',
        url: () => `/api/admin/insights/series/${1 + Math.floor(Math.random() * SERIES)}?${range(90)}`,
      },
    ];
    for (const query of queries) {
      const times: number[] = [];
      for (let i = 0; i < RUNS + 2; i++) {
        const started = performance.now();
        const res = await app.inject({ method: 'GET', url: query.url(), headers: { cookie: operator } });
        if (res.statusCode !== 200) throw new Error(`${query.name}: ${res.statusCode} ${res.body}`);
        if (i >= 2) times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.log(
        `${query.name.padEnd(32)} p50 ${quantile(times, 0.5).toFixed(1)} ms  p95 ${quantile(times, 0.95).toFixed(1)} ms  (${RUNS} runs; load ${load()})`,
      );
    }

    // Each query the two calls make, on its own (90 days; series 1 is the most watched).
    const days90 = { from: day(DAYS - 1), to: day(0) };
    const parts: { name: string; run: () => Promise<unknown> }[] = [
      { name: 'dayTotals', run: () => insightQueries.dayTotals(db, days90) },
      { name: 'distinctViewers', run: () => insightQueries.distinctViewers(db, days90) },
      { name: 'paywallTotals', run: () => insightQueries.paywallTotals(db, days90, 11) },
      { name: 'paywallOutcomes (series 1)', run: () => insightQueries.paywallOutcomes(db, days90, 11, 1) },
      { name: 'startupPercentiles', run: () => insightQueries.startupPercentiles(db, days90) },
      { name: 'mostPlayedSeries', run: () => insightQueries.mostPlayedSeries(db, days90, 20) },
      {
        name: 'seriesViewers (top 20)',
        run: () =>
          insightQueries.seriesViewers(
            db,
            days90,
            Array.from({ length: 20 }, (_, i) => i + 1),
          ),
      },
      { name: 'episodeTotals (series 1)', run: () => insightQueries.episodeTotals(db, days90, 1) },
      { name: 'episodeViewers (series 1)', run: () => insightQueries.episodeViewers(db, days90, 1) },
    ];
    for (const part of parts) {
      const times: number[] = [];
      for (let i = 0; i < RUNS + 2; i++) {
        const started = performance.now();
        await part.run();
        if (i >= 2) times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.log(
        `  query ${part.name.padEnd(26)} p50 ${quantile(times, 0.5).toFixed(1)} ms  p95 ${quantile(times, 0.95).toFixed(1)} ms`,
      );
    }
    await app.close();
  } finally {
    await connection.close();
    await admin.close();
    await stopDatabase();
    if (!keptDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
