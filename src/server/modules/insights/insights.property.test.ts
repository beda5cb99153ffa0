import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayerEventInput } from '#contract/index.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';
import { createSeriesDayFigures, createSeriesWithEpisodes, deleteAllInsights } from '../../testing/factory.ts';
import { mostPlayedSeries } from './insights.repository.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ EVENTS_RATE_LIMIT: '100000' });
});
afterAll(() => t.close());

/** mulberry32: a small seeded generator, so a failing seed can be replayed. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]) => items[int(items.length)]!;
  const shuffle = <T>(items: T[]) => {
    for (let i = items.length - 1; i > 0; i--) {
      const j = int(i + 1);
      [items[i], items[j]] = [items[j]!, items[i]!];
    }
    return items;
  };
  return { int, pick, shuffle };
}

type Sent = PlayerEventInput & { userId: string };

function randomEvent(rand: ReturnType<typeof generator>, seriesIds: number[], userIds: string[]): Sent {
  const base = {
    eventId: randomUUID(),
    userId: rand.pick(userIds),
    seriesId: rand.pick(seriesIds),
    episodeNumber: 1 + rand.int(12),
    // Spread over the last five days, at any hour, so day boundaries and out-of-order days occur.
    occurredAt: new Date(Date.now() - rand.int(5 * 86_400_000)).toISOString(),
  };
  switch (rand.int(4)) {
    case 0:
      return { ...base, kind: 'play_start', startupMs: rand.int(8000) };
    case 1:
      return { ...base, kind: 'progress', percent: rand.pick([25, 50, 75, 100] as const), watchedMs: rand.int(20_000) };
    case 2:
      return {
        ...base,
        kind: 'leave',
        percent: rand.int(100),
        reason: rand.pick(['swipe', 'back', 'hidden'] as const),
        watchedMs: rand.int(20_000),
      };
    default:
      return { ...base, kind: 'paywall_shown' };
  }
}

/** What the rollups must say, counted in plain TypeScript from the events that were meant to be stored once. */
function expectedRollups(unique: Sent[]) {
  const day = (e: Sent) => e.occurredAt.slice(0, 10);
  const episodeDays = new Map<string, Record<string, number>>();
  const days = new Map<string, Record<string, number>>();
  const episodeViewers = new Set<string>();
  const viewerDays = new Set<string>();
  const startup = new Map<string, number>();
  const lastDays = new Map<string, string>();
  const seriesLastDays = new Map<string, string>();
  const episodeLastDays = new Map<string, string>();
  const episodeNumberDays = new Map<string, Record<string, number>>();
  const later = (map: Map<string, string>, key: string, day: string) =>
    map.set(key, [map.get(key) ?? '', day].sort()[1]!);
  const add = (map: Map<string, Record<string, number>>, key: string, field: string, amount = 1) => {
    if (amount === 0 && map.has(key)) return;
    const row = map.get(key) ?? {};
    if (amount !== 0) row[field] = (row[field] ?? 0) + amount;
    map.set(key, row);
  };
  for (const e of unique) {
    const ep = `${e.seriesId}/${e.episodeNumber}/${day(e)}`;
    add(episodeDays, ep, 'watchMs', 'watchedMs' in e ? (e.watchedMs ?? 0) : 0);
    add(days, day(e), 'watchMs', 'watchedMs' in e ? (e.watchedMs ?? 0) : 0);
    if (e.kind === 'play_start') {
      add(episodeDays, ep, 'plays');
      add(days, day(e), 'plays');
      episodeViewers.add(`${ep}/start/${e.userId}`);
      viewerDays.add(`${day(e)}/${e.userId}`);
      const ms = e.startupMs;
      const bucket = ms < 1000 ? ms - (ms % 10) : ms < 5000 ? ms - (ms % 50) : ms - (ms % 500);
      startup.set(`${day(e)}/${bucket}`, (startup.get(`${day(e)}/${bucket}`) ?? 0) + 1);
      later(lastDays, e.userId, day(e));
      later(seriesLastDays, `${e.seriesId}/${e.userId}`, day(e));
      later(episodeLastDays, `${e.seriesId}/${e.episodeNumber}/start/${e.userId}`, day(e));
    } else if (e.kind === 'progress') {
      add(episodeDays, ep, e.percent === 100 ? 'completions' : `progress${e.percent}`);
      if (e.percent === 100) add(days, day(e), 'completions');
    } else if (e.kind === 'leave') {
      add(episodeDays, ep, 'leaves');
    } else {
      add(episodeDays, ep, 'paywallShown');
      add(days, day(e), 'paywallShown');
      later(episodeLastDays, `${e.seriesId}/${e.episodeNumber}/paywall/${e.userId}`, day(e));
      if (!episodeViewers.has(`${ep}/paywall/${e.userId}`)) {
        add(episodeDays, ep, 'paywallViewers');
        add(episodeNumberDays, `${e.episodeNumber}/${day(e)}`, 'paywallViewers');
      }
      episodeViewers.add(`${ep}/paywall/${e.userId}`);
    }
  }
  return {
    episodeDays,
    days,
    episodeViewers,
    viewerDays,
    startup,
    lastDays,
    seriesLastDays,
    episodeLastDays,
    episodeNumberDays,
  };
}

async function storedRollups() {
  const rows = <T>(query: ReturnType<typeof sql>) => t.db.execute(query).then((r) => r.rows as T[]);
  const episodeDays = new Map<string, Record<string, number>>();
  for (const r of await rows<Record<string, number | string>>(sql`
    select series_id, episode_number, to_char(day, 'YYYY-MM-DD') as day, plays, progress_25, progress_50, progress_75,
      completions, leaves, paywall_shown, paywall_viewers, watch_ms::float8 as watch_ms from insight_episode_days`)) {
    const row: Record<string, number> = {
      plays: Number(r.plays),
      progress25: Number(r.progress_25),
      progress50: Number(r.progress_50),
      progress75: Number(r.progress_75),
      completions: Number(r.completions),
      leaves: Number(r.leaves),
      paywallShown: Number(r.paywall_shown),
      paywallViewers: Number(r.paywall_viewers),
      watchMs: Number(r.watch_ms),
    };
    episodeDays.set(
      `${r.series_id}/${r.episode_number}/${r.day}`,
      Object.fromEntries(Object.entries(row).filter(([, v]) => v !== 0)),
    );
  }
  const days = new Map<string, Record<string, number>>();
  for (const r of await rows<Record<string, number | string>>(sql`
    select to_char(day, 'YYYY-MM-DD') as day, plays, completions, paywall_shown, watch_ms::float8 as watch_ms from insight_days`)) {
    const row: Record<string, number> = {
      plays: Number(r.plays),
      completions: Number(r.completions),
      paywallShown: Number(r.paywall_shown),
      watchMs: Number(r.watch_ms),
    };
    days.set(String(r.day), Object.fromEntries(Object.entries(row).filter(([, v]) => v !== 0)));
  }
  const episodeViewers = new Set(
    (
      await rows<{ key: string }>(sql`
      select series_id || '/' || episode_number || '/' || to_char(day, 'YYYY-MM-DD') || '/' || kind || '/' || user_id as key
      from insight_episode_viewers`)
    ).map((r) => r.key),
  );
  const viewerDays = new Set(
    (
      await rows<{ key: string }>(
        sql`select to_char(day, 'YYYY-MM-DD') || '/' || user_id as key from insight_viewer_days`,
      )
    ).map((r) => r.key),
  );
  const startup = new Map(
    (
      await rows<{ key: string; plays: number }>(sql`
      select to_char(day, 'YYYY-MM-DD') || '/' || startup_ms as key, plays from insight_startup_days`)
    ).map((r) => [r.key, Number(r.plays)]),
  );
  const lastDays = new Map(
    (
      await rows<{ user_id: string; day: string }>(
        sql`select user_id, to_char(last_day, 'YYYY-MM-DD') as day from insight_viewers`,
      )
    ).map((r) => [r.user_id, r.day]),
  );
  const lastDaysOf = async (query: ReturnType<typeof sql>) =>
    new Map((await rows<{ key: string; day: string }>(query)).map((r) => [r.key, r.day]));
  const seriesLastDays = await lastDaysOf(sql`
    select series_id || '/' || user_id as key, to_char(last_day, 'YYYY-MM-DD') as day from insight_series_viewers`);
  const episodeLastDays = await lastDaysOf(sql`
    select series_id || '/' || episode_number || '/' || kind || '/' || user_id as key, to_char(last_day, 'YYYY-MM-DD') as day
    from insight_episode_last_viewers`);
  const episodeNumberDays = new Map<string, Record<string, number>>();
  for (const r of await rows<{ key: string; paywall_viewers: number; unlocks: number }>(sql`
    select episode_number || '/' || to_char(day, 'YYYY-MM-DD') as key, paywall_viewers, unlocks
    from insight_episode_number_days`)) {
    const row: Record<string, number> = { paywallViewers: Number(r.paywall_viewers), unlocks: Number(r.unlocks) };
    episodeNumberDays.set(r.key, Object.fromEntries(Object.entries(row).filter(([, v]) => v !== 0)));
  }
  return {
    episodeDays,
    days,
    episodeViewers,
    viewerDays,
    startup,
    lastDays,
    seriesLastDays,
    episodeLastDays,
    episodeNumberDays,
  };
}

/** The same counts made by SQL straight from the raw events, as a second, independent reading. */
async function countedFromRawEvents() {
  const result = await t.db.execute<{ plays: number; completions: number; paywall: number; watch: number }>(sql`
    select count(*) filter (where kind = 'play_start')::int as plays,
      count(*) filter (where kind = 'progress' and percent = 100)::int as completions,
      count(*) filter (where kind = 'paywall_shown')::int as paywall,
      coalesce(sum(watched_ms), 0)::float8 as watch
    from insight_events`);
  const rollup = await t.db.execute<{ plays: number; completions: number; paywall: number; watch: number }>(sql`
    select coalesce(sum(plays), 0)::int as plays, coalesce(sum(completions), 0)::int as completions,
      coalesce(sum(paywall_shown), 0)::int as paywall, coalesce(sum(watch_ms), 0)::float8 as watch
    from insight_episode_days`);
  return { raw: result.rows[0], rollup: rollup.rows[0] };
}

describe('rollups over random event streams', () => {
  it.each([1, 2, 3, 4, 5, 6])('equal the counts of the raw events (seed %i)', async (seed) => {
    await deleteAllInsights(t.db);
    const rand = generator(seed);
    const seriesIds: number[] = [];
    for (let s = 0; s < 3; s++) {
      const row = await createSeriesWithEpisodes(t.db, {
        title: `Property ${seed}/${s}`,
        description: '-',
        thumbnailUrl: 'https://example.com/p.jpg',
        totalEpisodes: 12,
        episode: { videoUrl: '/media/x.mp4', thumbnailUrl: '/media/x.jpg', duration: 0 },
      });
      seriesIds.push(row.id);
    }
    // Four viewers, each sending only their own events (another viewer's id in a body is refused).
    const userIds: string[] = [];
    for (let i = 0; i < 4; i++) userIds.push(await t.addViewer());

    const unique = Array.from({ length: 150 + rand.int(150) }, () => randomEvent(rand, seriesIds, userIds));
    // Batches per viewer, then resent whole, resent in part, and overlapping, all in a shuffled order.
    const batches: Sent[][] = [];
    for (const userId of userIds) {
      const mine = unique.filter((e) => e.userId === userId);
      for (let i = 0; i < mine.length;) {
        const size = 1 + rand.int(25);
        batches.push(mine.slice(i, i + size));
        i += size;
      }
    }
    const extra: Sent[][] = [];
    for (const batch of batches) {
      if (rand.int(3) === 0) extra.push(batch);
      if (rand.int(4) === 0) extra.push(rand.shuffle([...batch]).slice(0, 1 + rand.int(batch.length)));
    }
    const all = rand.shuffle([...batches, ...extra]);
    // Several at once, so concurrent statements fold into the same rollup rows.
    for (let i = 0; i < all.length; i += 4) {
      const replies = await Promise.all(
        all.slice(i, i + 4).map((batch) =>
          t.viewerAs(batch[0]!.userId)({
            method: 'POST',
            url: '/api/events',
            payload: JSON.stringify({ userId: batch[0]!.userId, events: batch.map(({ userId: _, ...e }) => e) }),
            headers: { 'content-type': 'application/json' },
          }),
        ),
      );
      for (const reply of replies) expect(reply.statusCode, reply.body).toBe(200);
    }

    const expected = expectedRollups(unique);
    const stored = await storedRollups();
    expect(stored.episodeDays).toEqual(expected.episodeDays);
    expect(stored.days).toEqual(expected.days);
    expect(stored.episodeViewers).toEqual(expected.episodeViewers);
    expect(stored.viewerDays).toEqual(expected.viewerDays);
    expect(stored.startup).toEqual(expected.startup);
    expect(stored.lastDays).toEqual(expected.lastDays);
    expect(stored.seriesLastDays).toEqual(expected.seriesLastDays);
    expect(stored.episodeLastDays).toEqual(expected.episodeLastDays);
    expect(stored.episodeNumberDays).toEqual(expected.episodeNumberDays);
    const { raw, rollup } = await countedFromRawEvents();
    expect(rollup).toEqual(raw);
    const [{ n }] = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from insight_events`)).rows as [
      { n: number },
    ];
    expect(n).toBe(unique.length);
  });
});

describe('the most played series of a range', () => {
  const DAYS = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'];
  // skewed: a few series lead every day (the bound settles it); flat: many ties (the fallbacks settle it).
  it.each([
    ['skewed', 1],
    ['skewed', 2],
    ['skewed', 3],
    ['flat', 4],
    ['flat', 5],
    ['one day', 6],
  ] as const)('are the series with the largest sums over the range (%s, seed %i)', async (shape, seed) => {
    await deleteAllInsights(t.db);
    const rand = generator(seed);
    const rows: { seriesId: number; day: string; plays: number; coinsSpent: number; paidCoinsSpent: number }[] = [];
    for (const day of shape === 'one day' ? DAYS.slice(0, 1) : DAYS) {
      for (let seriesId = 1; seriesId <= 120; seriesId++) {
        if (rand.int(4) === 0) continue;
        const plays =
          shape === 'flat' ? rand.int(4) : Math.floor(400 * Math.pow(((seriesId * 7919) % 120) / 120, 6) + rand.int(3));
        rows.push({ seriesId, day, plays, coinsSpent: rand.int(50), paidCoinsSpent: rand.int(20) });
      }
    }
    await createSeriesDayFigures(t.db, rows);

    const range = { from: DAYS[1]!, to: DAYS[4]! };
    const sums = new Map<number, { plays: number; coinsSpent: number; paidCoinsSpent: number }>();
    for (const row of rows.filter((r) => r.day >= range.from && r.day <= range.to)) {
      const total = sums.get(row.seriesId) ?? { plays: 0, coinsSpent: 0, paidCoinsSpent: 0 };
      total.plays += row.plays;
      total.coinsSpent += row.coinsSpent;
      total.paidCoinsSpent += row.paidCoinsSpent;
      sums.set(row.seriesId, total);
    }
    const expected = [...sums]
      .sort(([a, x], [b, y]) => y.plays - x.plays || a - b)
      .slice(0, 5)
      .map(([seriesId, total]) => ({ seriesId, ...total }));
    const found = await mostPlayedSeries(t.db, range, 5);
    expect(found.map(({ title: _, ...row }) => row)).toEqual(expected);
  });
});
