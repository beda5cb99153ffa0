import { z } from 'zod';
import { positiveId, userId } from './common.ts';
import { MAX_EVENTS_PER_BATCH } from './constants.ts';

/** Client events older than this are refused: their day's rollups are considered settled. */
export const CLIENT_EVENT_MAX_AGE_DAYS = 7;
export const INSIGHTS_MAX_RANGE_DAYS = 366;

const eventId = z.uuid('eventId must be a UUID');
const occurredAt = z.iso.datetime({ offset: true, error: 'occurredAt must be an ISO date-time' });
const episodeNumber = z.number().int('Must be a whole number').min(1, 'Must be at least 1').max(100_000);
/** Watching time since the previous event of the same play, so watch time adds up without overlap. */
const watchedMs = z.number().int().min(0).max(3_600_000).default(0);

const onEpisode = {
  eventId,
  occurredAt,
  seriesId: positiveId,
  episodeNumber,
};

export const playerEvent = z.discriminatedUnion(
  'kind',
  [
    z.object({
      ...onEpisode,
      kind: z.literal('play_start'),
      /** Navigation or swipe to the first frame, as the player measured it. */
      startupMs: z.number().int().min(0).max(120_000),
    }),
    z.object({
      ...onEpisode,
      kind: z.literal('progress'),
      percent: z.union([z.literal(25), z.literal(50), z.literal(75), z.literal(100)]),
      watchedMs,
    }),
    z.object({
      ...onEpisode,
      kind: z.literal('leave'),
      percent: z.number().int().min(0).max(99),
      reason: z.enum(['swipe', 'back', 'hidden']),
      watchedMs,
    }),
    z.object({ ...onEpisode, kind: z.literal('paywall_shown') }),
  ],
  { error: 'kind must be one of play_start, progress, leave, paywall_shown' },
);
export type PlayerEvent = z.infer<typeof playerEvent>;
export type PlayerEventInput = z.input<typeof playerEvent>;

export const eventBatchBody = z.object({
  userId,
  events: z
    .array(playerEvent)
    .min(1, 'A batch holds at least one event')
    .max(MAX_EVENTS_PER_BATCH, `A batch holds at most ${MAX_EVENTS_PER_BATCH} events`),
});
export type EventBatch = z.infer<typeof eventBatchBody>;
export type EventBatchInput = z.input<typeof eventBatchBody>;

export const eventBatchReply = z.object({
  /** Events stored now; an event id seen before is not stored again. */
  accepted: z.number().int(),
  duplicates: z.number().int(),
});
export type EventBatchReply = z.infer<typeof eventBatchReply>;

const day = z.iso.date('Use a date like 2026-11-24');

export const insightsRangeQuery = z.object({ from: day, to: day });
export type InsightsRange = z.infer<typeof insightsRangeQuery>;

export const startupDay = z.object({
  day,
  plays: z.number().int(),
  p50Ms: z.number().int(),
  p95Ms: z.number().int(),
});
export type StartupDay = z.infer<typeof startupDay>;

export const seriesMoney = z.object({
  seriesId: z.number().int(),
  title: z.string(),
  viewers: z.number().int(),
  plays: z.number().int(),
  coinsSpent: z.number().int(),
  /** Money the paid coins spent on this series were bought for (the range's average price per paid coin). */
  moneyTaken: z.number(),
});
export type SeriesMoney = z.infer<typeof seriesMoney>;

export const insightsSummary = z.object({
  from: day,
  to: day,
  viewers: z.number().int(),
  plays: z.number().int(),
  watchSeconds: z.number().int(),
  /** Plays watched to 100 % ÷ plays started, 0–1. */
  completionRate: z.number(),
  /** Unlocks of the first paid episodes ÷ viewers shown their paywall (once per viewer a day), 0–1. */
  paywallConversion: z.number(),
  coinsSpent: z.number().int(),
  /** Money taken for coin packages, in the packages' currency. */
  moneyTaken: z.number(),
  purchases: z.number().int(),
  checkIns: z.number().int(),
  startup: z.array(startupDay),
  /** The series most watched in the range (at most 20). */
  topSeries: z.array(seriesMoney),
});
export type InsightsSummary = z.infer<typeof insightsSummary>;

export const episodeFunnelRow = z.object({
  episodeNumber: z.number().int(),
  viewers: z.number().int(),
  completions: z.number().int(),
  completionRate: z.number(),
  paywallShown: z.number().int(),
  unlocks: z.number().int(),
  coinsSpent: z.number().int(),
});
export type EpisodeFunnelRow = z.infer<typeof episodeFunnelRow>;

export const seriesInsights = z.object({
  seriesId: z.number().int(),
  title: z.string(),
  /** null when every episode of the series is free. */
  firstPaidEpisode: z.number().int().nullable(),
  /** Viewers who unlocked the first paid episode ÷ viewers shown its paywall, 0–1. */
  paywallConversion: z.number(),
  coinsSpent: z.number().int(),
  moneyTaken: z.number(),
  episodes: z.array(episodeFunnelRow),
});
export type SeriesInsights = z.infer<typeof seriesInsights>;

export const seriesInsightsParams = z.object({ id: positiveId });
