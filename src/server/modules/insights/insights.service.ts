import {
  CLIENT_EVENT_MAX_AGE_DAYS,
  FREE_EPISODES,
  INSIGHTS_MAX_RANGE_DAYS,
  MAX_EVENTS_PER_BATCH,
  isEpisodeFree,
  type EpisodeFunnelRow,
  type EventBatch,
  type EventBatchReply,
  type InsightsRange,
  type InsightsSummary,
  type SeriesInsights,
} from '#contract/index.ts';
import { createBatchedWrites } from '../../db/batched-writes.ts';
import type { Database } from '../../db/client.ts';
import { invalid, notFound } from '../../errors.ts';
import * as repo from './insights.repository.ts';

const DAY_MS = 86_400_000;
/** Phones' clocks drift; a little of the future is tolerated, more is a broken clock. */
const FUTURE_TOLERANCE_MS = 10 * 60_000;
const TOP_SERIES = 20;
/** Every paid series has the same first paid episode: the one after the free ones. */
const FIRST_PAID_EPISODE = FREE_EPISODES + 1;

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
const cents = (value: number) => Math.round(value) / 100;

/** A batch's events that happened too long ago, or in the future, make it a 400 before it waits for a write. */
function checkEventTimes(batch: EventBatch, now: Date) {
  const oldest = now.getTime() - CLIENT_EVENT_MAX_AGE_DAYS * DAY_MS;
  batch.events.forEach((event, i) => {
    const at = Date.parse(event.occurredAt);
    if (at < oldest || at > now.getTime() + FUTURE_TOLERANCE_MS) {
      throw invalid(
        `events.${i}.occurredAt: must lie within the last ${CLIENT_EVENT_MAX_AGE_DAYS} days`,
        `events.${i}.occurredAt`,
      );
    }
  });
}

/** Why a batch names an episode that does not exist, or nothing when every one does. */
function missingEpisodeIn(batch: EventBatch, episodeCounts: Map<number, number>): Error | undefined {
  for (const [i, event] of batch.events.entries()) {
    const total = episodeCounts.get(event.seriesId);
    if (total === undefined)
      return invalid(`events.${i}.seriesId: series ${event.seriesId} does not exist`, `events.${i}.seriesId`);
    if (event.episodeNumber > total) {
      return invalid(
        `events.${i}.episodeNumber: episode ${event.episodeNumber} does not exist (the series has ${total} episodes)`,
        `events.${i}.episodeNumber`,
      );
    }
  }
  return undefined;
}

const rowsOf = (batch: EventBatch): repo.NewInsightEvent[] =>
  batch.events.map((event) => ({
    eventId: event.eventId,
    userId: batch.userId,
    kind: event.kind,
    seriesId: event.seriesId,
    episodeNumber: event.episodeNumber,
    occurredAt: new Date(event.occurredAt),
    startupMs: event.kind === 'play_start' ? event.startupMs : null,
    percent: event.kind === 'progress' || event.kind === 'leave' ? event.percent : null,
    reason: event.kind === 'leave' ? event.reason : null,
    watchedMs: event.kind === 'progress' || event.kind === 'leave' ? event.watchedMs : 0,
  }));

/** Events in one INSERT at most: ten columns each keeps it under PostgreSQL's 65,535 parameters. */
const EVENTS_PER_STATEMENT = 5000;

/**
 * Stores batches from the player: each all of it, or (on any bad event) none of it. Event ids seen before are
 * skipped, so a batch sent twice counts once. Players send every few seconds, so the batches that arrive while
 * one statement runs go together into the next: one statement (and one fold of the rollups) for many viewers.
 */
export function openEventRecorder(db: Database) {
  const writes = createBatchedWrites(
    async (batches: EventBatch[]): Promise<(EventBatchReply | Error)[]> => {
      const seriesIds = [...new Set(batches.flatMap((batch) => batch.events.map((event) => event.seriesId)))];
      const episodeCounts = new Map(
        (await repo.seriesEpisodeCounts(db, seriesIds)).map((s) => [s.id, s.totalEpisodes]),
      );
      const refusals = batches.map((batch) => missingEpisodeIn(batch, episodeCounts));
      // One statement, so the rollup trigger folds all of it in at once (and duplicate ids count once).
      const stored = new Set(
        await repo.insertEvents(
          db,
          batches.flatMap((batch, i) => (refusals[i] ? [] : rowsOf(batch))),
        ),
      );
      return batches.map((batch, i) => {
        const refusal = refusals[i];
        if (refusal) return refusal;
        let accepted = 0;
        for (const event of batch.events) {
          // Each new id is credited once, to the first batch that carried it.
          if (stored.delete(event.eventId.toLowerCase())) accepted++;
        }
        return { accepted, duplicates: batch.events.length - accepted };
      });
    },
    { maxBatch: Math.floor(EVENTS_PER_STATEMENT / MAX_EVENTS_PER_BATCH), concurrency: 2 },
  );
  return {
    async record(batch: EventBatch, now = new Date()): Promise<EventBatchReply> {
      checkEventTimes(batch, now);
      const reply = await writes.write(batch);
      if (reply instanceof Error) throw reply;
      return reply;
    },
  };
}

/** Checks that the range is real dates, in order, and not too long; returns it as stored days. */
export function checkedRange(range: InsightsRange): repo.DayRange {
  const from = Date.parse(`${range.from}T00:00:00Z`);
  const to = Date.parse(`${range.to}T00:00:00Z`);
  if (Number.isNaN(from) || new Date(from).toISOString().slice(0, 10) !== range.from) {
    throw invalid(`from: ${range.from} is not a date`, 'from');
  }
  if (Number.isNaN(to) || new Date(to).toISOString().slice(0, 10) !== range.to) {
    throw invalid(`to: ${range.to} is not a date`, 'to');
  }
  if (to < from) throw invalid('to: must not be before from', 'to');
  if ((to - from) / DAY_MS + 1 > INSIGHTS_MAX_RANGE_DAYS) {
    throw invalid(`to: a range covers at most ${INSIGHTS_MAX_RANGE_DAYS} days`, 'to');
  }
  return { from: range.from, to: range.to };
}

/** Money per paid coin in the range: what paid coins spent on a series were bought for. */
function moneyPerPaidCoin(totals: { moneyCents: number; paidCoinsSold: number }) {
  return ratio(totals.moneyCents, totals.paidCoinsSold);
}

export async function insightsSummary(db: Database, range: InsightsRange): Promise<InsightsSummary> {
  const days = checkedRange(range);
  const [totals, viewers, paywall, startup, top] = await Promise.all([
    repo.dayTotals(db, days),
    repo.distinctViewers(db, days),
    repo.paywallTotals(db, days, FIRST_PAID_EPISODE),
    repo.startupPercentiles(db, days),
    repo.mostPlayedSeries(db, days, TOP_SERIES),
  ]);
  const topViewers = await repo.seriesViewers(
    db,
    days,
    top.map((s) => s.seriesId),
  );
  const perCoin = moneyPerPaidCoin(totals);
  return {
    from: days.from,
    to: days.to,
    viewers,
    plays: totals.plays,
    watchSeconds: Math.round(totals.watchMs / 1000),
    completionRate: ratio(totals.completions, totals.plays),
    // An unlock made without the paywall in the player (from the series page) has no paywall view: at most 1.
    paywallConversion: Math.min(1, ratio(paywall.unlocked, paywall.shown)),
    coinsSpent: totals.coinsSpent,
    moneyTaken: cents(totals.moneyCents),
    purchases: totals.purchases,
    checkIns: totals.checkIns,
    startup: startup.map((d) => ({ day: d.day, plays: d.plays, p50Ms: d.p50, p95Ms: d.p95 })),
    topSeries: top.map((s) => ({
      seriesId: s.seriesId,
      title: s.title,
      viewers: topViewers.get(s.seriesId) ?? 0,
      plays: s.plays,
      coinsSpent: s.coinsSpent,
      moneyTaken: cents(s.paidCoinsSpent * perCoin),
    })),
  };
}

export async function seriesInsights(db: Database, seriesId: number, range: InsightsRange): Promise<SeriesInsights> {
  const days = checkedRange(range);
  const found = await repo.findSeries(db, seriesId);
  if (!found) throw notFound('Series not found.');
  const [totals, viewers, paywall, dayTotals] = await Promise.all([
    repo.episodeTotals(db, days, seriesId),
    repo.episodeViewers(db, days, seriesId),
    repo.paywallOutcomes(db, days, FIRST_PAID_EPISODE, seriesId),
    repo.dayTotals(db, days),
  ]);
  const totalsByEpisode = new Map(totals.map((row) => [row.episodeNumber, row]));
  const viewersByEpisode = new Map(viewers.map((row) => [row.episodeNumber, row.viewers]));
  const episodeCount = Math.max(found.totalEpisodes, ...totals.map((row) => row.episodeNumber));
  const episodes: EpisodeFunnelRow[] = Array.from({ length: episodeCount }, (_, i) => {
    const episodeNumber = i + 1;
    const row = totalsByEpisode.get(episodeNumber);
    const completions = row?.completions ?? 0;
    return {
      episodeNumber,
      viewers: viewersByEpisode.get(episodeNumber) ?? 0,
      completions,
      completionRate: ratio(completions, row?.plays ?? 0),
      paywallShown: row?.paywallShown ?? 0,
      unlocks: row?.unlocks ?? 0,
      coinsSpent: row?.coinsSpent ?? 0,
    };
  });
  const paidCoinsSpent = totals.reduce((total, row) => total + row.paidCoinsSpent, 0);
  const firstPaidEpisode =
    found.totalEpisodes >= FIRST_PAID_EPISODE && !isEpisodeFree(FIRST_PAID_EPISODE, found) ? FIRST_PAID_EPISODE : null;
  return {
    seriesId,
    title: found.title,
    firstPaidEpisode,
    paywallConversion: ratio(paywall.unlocked, paywall.shown),
    coinsSpent: episodes.reduce((total, row) => total + row.coinsSpent, 0),
    moneyTaken: cents(paidCoinsSpent * moneyPerPaidCoin(dayTotals)),
    episodes,
  };
}

/** Deletes raw events older than the retention period; rollups are kept. */
export function dropExpiredEvents(db: Database, retentionDays: number, now = new Date()) {
  return repo.deleteEventsReceivedBefore(db, new Date(now.getTime() - retentionDays * DAY_MS));
}
