import { and, between, count, countDistinct, desc, eq, gte, inArray, lt, max, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  insightDays,
  insightEpisodeDays,
  insightEpisodeLastViewers,
  insightEpisodeNumberDays,
  insightEpisodeViewers,
  insightEvents,
  insightSeriesDays,
  insightSeriesViewers,
  insightStartupDays,
  insightViewerDays,
  insightViewers,
  series,
} from '../../db/schema.ts';

export type NewInsightEvent = Omit<typeof insightEvents.$inferInsert, 'receivedAt'>;

export interface DayRange {
  from: string;
  to: string;
}

export function seriesEpisodeCounts(db: Executor, seriesIds: number[]) {
  return db
    .select({ id: series.id, totalEpisodes: series.totalEpisodes })
    .from(series)
    .where(inArray(series.id, seriesIds));
}

export function findSeries(db: Executor, seriesId: number) {
  return db
    .select({ id: series.id, title: series.title, totalEpisodes: series.totalEpisodes, isFree: series.isFree })
    .from(series)
    .where(eq(series.id, seriesId))
    .limit(1)
    .then((rows) => rows[0]);
}

/** Inserts the events not stored before; the rollup trigger folds exactly those in. Returns how many. */
/** Stores the events whose ids are new; returns those ids. */
export async function insertEvents(db: Executor, events: NewInsightEvent[]): Promise<string[]> {
  if (events.length === 0) return [];
  const rows = await db
    .insert(insightEvents)
    .values(events)
    .onConflictDoNothing({ target: insightEvents.eventId })
    .returning({ eventId: insightEvents.eventId });
  return rows.map((row) => row.eventId);
}

/** Raw events go after the retention period; the rollups keep their sums. */
export async function deleteEventsReceivedBefore(db: Executor, before: Date): Promise<number> {
  const result = await db.delete(insightEvents).where(lt(insightEvents.receivedAt, before));
  return result.rowCount ?? 0;
}

const asNumber = (column: Parameters<typeof sum>[0]) => sql<number>`coalesce(${sum(column)}, 0)::float8`;

export async function dayTotals(db: Executor, range: DayRange) {
  const [row] = await db
    .select({
      plays: asNumber(insightDays.plays),
      completions: asNumber(insightDays.completions),
      coinsSpent: asNumber(insightDays.coinsSpent),
      paidCoinsSpent: asNumber(insightDays.paidCoinsSpent),
      watchMs: asNumber(insightDays.watchMs),
      purchases: asNumber(insightDays.purchases),
      paidCoinsSold: asNumber(insightDays.paidCoinsSold),
      moneyCents: asNumber(insightDays.moneyCents),
      checkIns: asNumber(insightDays.checkIns),
    })
    .from(insightDays)
    .where(between(insightDays.day, range.from, range.to));
  return row!;
}

/** The latest day anyone started a play on (null before the first play). */
async function latestPlayDay(db: Executor): Promise<string | null> {
  const [latest] = await db.select({ day: max(insightViewers.lastDay) }).from(insightViewers);
  return latest?.day ?? null;
}

/**
 * Whether each viewer's latest day answers "seen in the range": when nobody was seen after the range, a
 * viewer's latest day falls in it exactly when they were seen in it.
 */
const reachesLatestDay = (latest: string, range: DayRange) => latest <= range.to;

/** Distinct viewers who started a play in the range. */
export async function distinctViewers(db: Executor, range: DayRange): Promise<number> {
  const latest = await latestPlayDay(db);
  if (!latest) return 0;
  if (reachesLatestDay(latest, range)) {
    const [row] = await db
      .select({ viewers: count() })
      .from(insightViewers)
      .where(gte(insightViewers.lastDay, range.from));
    return row!.viewers;
  }
  const [row] = await db
    .select({ viewers: countDistinct(insightViewerDays.userId) })
    .from(insightViewerDays)
    .where(between(insightViewerDays.day, range.from, range.to));
  return row!.viewers;
}

/**
 * Distinct viewers of one series shown the paywall of its first paid episode in the range, and how many
 * of them unlocked it in the range.
 */
export async function paywallOutcomes(
  db: Executor,
  range: DayRange,
  firstPaidEpisode: number,
  seriesId: number,
): Promise<{ shown: number; unlocked: number }> {
  const latest = await latestPlayDay(db);
  // A range reaching the latest day: one row per viewer and kind, by each one's latest day.
  const result = await (latest && reachesLatestDay(latest, range)
    ? db.execute<{ shown: number; unlocked: number }>(sql`
        select count(*)::int as shown, count(u.user_id)::int as unlocked
        from ${insightEpisodeLastViewers} p
        left join ${insightEpisodeLastViewers} u
          on u.series_id = p.series_id and u.episode_number = p.episode_number and u.kind = 'unlock'
          and u.user_id = p.user_id and u.last_day >= ${range.from}
        where p.series_id = ${seriesId} and p.episode_number = ${firstPaidEpisode} and p.kind = 'paywall'
          and p.last_day >= ${range.from}`)
    : db.execute<{ shown: number; unlocked: number }>(sql`
        with seen as (
          select v.user_id, bool_or(v.kind = 'paywall') as shown, bool_or(v.kind = 'unlock') as unlocked
          from ${insightEpisodeViewers} v
          where v.series_id = ${seriesId} and v.episode_number = ${firstPaidEpisode}
            and v.kind in ('paywall', 'unlock') and v.day between ${range.from} and ${range.to}
          group by v.user_id
        )
        select count(*) filter (where shown)::int as shown, count(*) filter (where shown and unlocked)::int as unlocked
        from seen`));
  return result.rows[0]!;
}

/**
 * Over every series, from the rollups: unlocks of the first paid episode and the viewers shown its paywall
 * (once per viewer and day), for the summary's conversion. A free series has neither.
 */
export async function paywallTotals(db: Executor, range: DayRange, firstPaidEpisode: number) {
  const [row] = await db
    .select({
      shown: asNumber(insightEpisodeNumberDays.paywallViewers),
      unlocked: asNumber(insightEpisodeNumberDays.unlocks),
    })
    .from(insightEpisodeNumberDays)
    .where(
      and(
        eq(insightEpisodeNumberDays.episodeNumber, firstPaidEpisode),
        between(insightEpisodeNumberDays.day, range.from, range.to),
      ),
    );
  return row!;
}

/** p50 and p95 of start-up per day, read from the day's histogram (nearest rank). */
export async function startupPercentiles(db: Executor, range: DayRange) {
  const result = await db.execute<{ day: string; plays: number; p50: number; p95: number }>(sql`
    with ranked as (
      select day, startup_ms, plays,
        sum(plays) over (partition by day order by startup_ms) as upto,
        sum(plays) over (partition by day) as total
      from ${insightStartupDays}
      where day between ${range.from} and ${range.to}
    )
    select to_char(day, 'YYYY-MM-DD') as day, total::int as plays,
      min(startup_ms) filter (where upto >= ceil(total * 0.5)) as p50,
      min(startup_ms) filter (where upto >= ceil(total * 0.95)) as p95
    from ranked
    group by day, total
    order by day`);
  return result.rows;
}

export interface PlayedSeries {
  seriesId: number;
  title: string;
  plays: number;
  coinsSpent: number;
  paidCoinsSpent: number;
}

/** Sums of the given series over the range, most played first (ties: lower id first). */
function seriesSums(db: Executor, range: DayRange, seriesIds: number[] | 'all', limit: number) {
  return db
    .select({
      seriesId: insightSeriesDays.seriesId,
      title: sql<string>`coalesce(max(${series.title}), '')`,
      plays: asNumber(insightSeriesDays.plays),
      coinsSpent: asNumber(insightSeriesDays.coinsSpent),
      paidCoinsSpent: asNumber(insightSeriesDays.paidCoinsSpent),
    })
    .from(insightSeriesDays)
    .leftJoin(series, eq(series.id, insightSeriesDays.seriesId))
    .where(
      and(
        between(insightSeriesDays.day, range.from, range.to),
        seriesIds === 'all' ? undefined : inArray(insightSeriesDays.seriesId, seriesIds),
      ),
    )
    .groupBy(insightSeriesDays.seriesId)
    .orderBy(desc(sum(insightSeriesDays.plays)), insightSeriesDays.seriesId)
    .limit(limit);
}

/**
 * Each day's `perDay` most played series, and the most any other series can have played over the range:
 * the sum, over the days, of that day's last place (0 on a day with fewer series).
 */
async function dailyLeaders(db: Executor, range: DayRange, perDay: number) {
  const result = await db.execute<{ series_ids: number[] | null; bound: number }>(sql`
    with leaders as (
      select d.day, top.series_id, top.plays, top.place
      from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as d(day)
      cross join lateral (
        select s.series_id, s.plays, row_number() over (order by s.plays desc nulls last, s.series_id) as place
        from ${insightSeriesDays} s
        where s.day = d.day::date
        order by s.plays desc nulls last, s.series_id
        limit ${perDay}
      ) top
    )
    select array_agg(distinct series_id) as series_ids,
      coalesce(sum(plays) filter (where place = ${perDay}), 0)::float8 as bound
    from leaders`);
  const row = result.rows[0]!;
  return { seriesIds: row.series_ids ?? [], bound: Number(row.bound) };
}

/**
 * The `limit` most played series of the range, exactly, without summing every series: any series outside
 * every day's leaders played at most the sum of the days' last places, so when the leaders' sums rank
 * `limit` series above that bound those are the answer (plays are skewed: they almost always are). Otherwise
 * it asks for more leaders per day, and in the end sums every series.
 */
export async function mostPlayedSeries(db: Executor, range: DayRange, limit: number): Promise<PlayedSeries[]> {
  for (const perDay of [limit * 3, limit * 20]) {
    const leaders = await dailyLeaders(db, range, perDay);
    if (leaders.seriesIds.length < limit) break;
    const ranked = await seriesSums(db, range, leaders.seriesIds, limit);
    if (ranked.length === limit && ranked[limit - 1]!.plays > leaders.bound) return ranked;
  }
  return seriesSums(db, range, 'all', limit);
}

/** Distinct viewers who started a play of each series in the range. */
export async function seriesViewers(db: Executor, range: DayRange, seriesIds: number[]) {
  if (seriesIds.length === 0) return new Map<number, number>();
  const latest = await latestPlayDay(db);
  if (!latest) return new Map<number, number>();
  const rows = reachesLatestDay(latest, range)
    ? await db
        .select({ seriesId: insightSeriesViewers.seriesId, viewers: count() })
        .from(insightSeriesViewers)
        .where(and(inArray(insightSeriesViewers.seriesId, seriesIds), gte(insightSeriesViewers.lastDay, range.from)))
        .groupBy(insightSeriesViewers.seriesId)
    : await db
        .select({ seriesId: insightEpisodeViewers.seriesId, viewers: countDistinct(insightEpisodeViewers.userId) })
        .from(insightEpisodeViewers)
        .where(
          and(
            inArray(insightEpisodeViewers.seriesId, seriesIds),
            eq(insightEpisodeViewers.kind, 'start'),
            between(insightEpisodeViewers.day, range.from, range.to),
          ),
        )
        .groupBy(insightEpisodeViewers.seriesId);
  return new Map(rows.map((row) => [row.seriesId, row.viewers]));
}

export function episodeTotals(db: Executor, range: DayRange, seriesId: number) {
  return db
    .select({
      episodeNumber: insightEpisodeDays.episodeNumber,
      plays: asNumber(insightEpisodeDays.plays),
      completions: asNumber(insightEpisodeDays.completions),
      paywallShown: asNumber(insightEpisodeDays.paywallShown),
      unlocks: asNumber(insightEpisodeDays.unlocks),
      coinsSpent: asNumber(insightEpisodeDays.coinsSpent),
      paidCoinsSpent: asNumber(insightEpisodeDays.paidCoinsSpent),
    })
    .from(insightEpisodeDays)
    .where(and(eq(insightEpisodeDays.seriesId, seriesId), between(insightEpisodeDays.day, range.from, range.to)))
    .groupBy(insightEpisodeDays.episodeNumber);
}

/** Distinct viewers who started each episode of a series in the range. */
export async function episodeViewers(db: Executor, range: DayRange, seriesId: number) {
  const latest = await latestPlayDay(db);
  if (!latest) return [];
  if (reachesLatestDay(latest, range)) {
    return db
      .select({ episodeNumber: insightEpisodeLastViewers.episodeNumber, viewers: count() })
      .from(insightEpisodeLastViewers)
      .where(and(eq(insightEpisodeLastViewers.seriesId, seriesId), gte(insightEpisodeLastViewers.lastDay, range.from)))
      .groupBy(insightEpisodeLastViewers.episodeNumber);
  }
  return db
    .select({
      episodeNumber: insightEpisodeViewers.episodeNumber,
      viewers: countDistinct(insightEpisodeViewers.userId),
    })
    .from(insightEpisodeViewers)
    .where(
      and(
        eq(insightEpisodeViewers.seriesId, seriesId),
        eq(insightEpisodeViewers.kind, 'start'),
        between(insightEpisodeViewers.day, range.from, range.to),
      ),
    )
    .groupBy(insightEpisodeViewers.episodeNumber);
}
