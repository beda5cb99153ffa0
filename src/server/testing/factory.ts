import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { OperatorRole } from '#contract/index.ts';
import type { Executor } from '../db/client.ts';
import {
  carouselItems,
  episodes,
  insightEvents,
  insightSeriesDays,
  likes,
  mediaJobs,
  operatorPasskeys,
  operators,
  passkeyChallenges,
  passkeys,
  series,
  signInFlows,
  trendingItems,
  unlocks,
  users,
  walletLedger,
} from '../db/schema.ts';
import { hashSecret } from '../secrets.ts';
import { ensureViewers } from '../modules/viewers/viewers.service.ts';
import { newViewerId } from '../modules/viewers/viewer-cookie.ts';

/**
 * The rows tests start from, written to the test's real database: each function fills in what a test does not
 * care about, and takes any column it does. Every module test sets its data up through these.
 */

export type SeriesRow = typeof series.$inferSelect;
export type EpisodeRow = typeof episodes.$inferSelect;
type SeriesValues = Partial<Omit<typeof series.$inferInsert, 'id'>>;
type EpisodeValues = Partial<Omit<typeof episodes.$inferInsert, 'id' | 'seriesId' | 'episodeNumber'>>;
/** The same columns for every episode, or the columns of episode `episodeNumber`. */
type EpisodesValues = EpisodeValues | ((episodeNumber: number, seriesId: number) => EpisodeValues);

/** A series, with no episodes yet. */
export async function createSeries(db: Executor, values: SeriesValues = {}): Promise<SeriesRow> {
  const [row] = await createManySeries(db, 1, () => values);
  return row!;
}

/** `count` series in one write, in the order made; `values(n)` gives the columns of the n-th (from 1). */
export async function createManySeries(
  db: Executor,
  count: number,
  values: (n: number) => SeriesValues = () => ({}),
): Promise<SeriesRow[]> {
  const rows = await db
    .insert(series)
    .values(
      Array.from({ length: count }, (_, i) => ({
        title: `Test series ${randomUUID().slice(0, 8)}`,
        description: 'A series made by the tests.',
        genre: 'Drama',
        thumbnailUrl: 'https://example.com/poster.jpg',
        ...values(i + 1),
      })),
    )
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Episodes of the series, 1..count or the numbers given, each with a video (published) unless the values say
 * otherwise; in episode order.
 */
export async function createEpisodes(
  db: Executor,
  seriesId: number,
  numbers: number | readonly number[],
  values: EpisodesValues = {},
): Promise<EpisodeRow[]> {
  const list = typeof numbers === 'number' ? Array.from({ length: numbers }, (_, i) => i + 1) : numbers;
  if (list.length === 0) return [];
  const rows = await db
    .insert(episodes)
    .values(
      list.map((episodeNumber) => ({
        seriesId,
        episodeNumber,
        title: `Episode ${episodeNumber}`,
        videoUrl: '/media/clip.mp4',
        thumbnailUrl: '/media/thumb.jpg',
        duration: 60,
        ...(typeof values === 'function' ? values(episodeNumber, seriesId) : values),
      })),
    )
    .returning();
  return rows.sort((a, b) => a.episodeNumber - b.episodeNumber);
}

/** One episode of the series (published unless its videoUrl is empty). */
export async function createEpisode(
  db: Executor,
  seriesId: number,
  episodeNumber: number,
  values: EpisodeValues = {},
): Promise<EpisodeRow> {
  const [row] = await createEpisodes(db, seriesId, [episodeNumber], values);
  return row!;
}

/**
 * A series of `totalEpisodes` whose first `published` episodes (all, unless said) have a video; the rest are only
 * announced.
 */
export async function createSeriesWithEpisodes(
  db: Executor,
  values: SeriesValues & { totalEpisodes: number; published?: number; episode?: EpisodesValues },
): Promise<SeriesRow & { episodes: EpisodeRow[] }> {
  const { published = values.totalEpisodes, episode, ...seriesValues } = values;
  const row = await createSeries(db, seriesValues);
  return { ...row, episodes: await createEpisodes(db, row.id, published, episode) };
}

/** Columns of a series changed outside any route, as data edited by hand or another instance's write. */
export async function updateSeries(db: Executor, seriesId: number, values: SeriesValues): Promise<void> {
  await db.update(series).set(values).where(eq(series.id, seriesId));
}

/** Columns of an episode changed outside any route (a transcode worker publishing it, say). */
export async function updateEpisode(db: Executor, episodeId: number, values: EpisodeValues): Promise<void> {
  await db.update(episodes).set(values).where(eq(episodes.id, episodeId));
}

export async function deleteEpisode(db: Executor, episodeId: number): Promise<void> {
  await db.delete(episodes).where(eq(episodes.id, episodeId));
}

/** The series with everything that hangs on it (episodes, carousel and trending items, likes, unlocks…). */
export async function deleteSeries(db: Executor, seriesId: number): Promise<void> {
  await db.delete(series).where(eq(series.id, seriesId));
}

/** An empty catalogue: every series goes, with everything that hangs on it. */
export async function deleteAllSeries(db: Executor): Promise<void> {
  await db.delete(series);
}

type CarouselValues = Omit<typeof carouselItems.$inferInsert, 'id' | 'displayOrder'> & { displayOrder?: number };
type TrendingValues = Omit<typeof trendingItems.$inferInsert, 'id' | 'rank' | 'matchPercentage'> & {
  rank?: number;
  matchPercentage?: number;
};

/** Columns of an episode's transcode job changed outside any worker, as a crash or a dead worker leaves them. */
export async function updateMediaJob(
  db: Executor,
  jobId: number,
  values: Partial<Omit<typeof mediaJobs.$inferInsert, 'id' | 'episodeId'>>,
): Promise<void> {
  await db.update(mediaJobs).set(values).where(eq(mediaJobs.id, jobId));
}

/** Carousel items, shown 1, 2, … in the order given unless an item says its place; active unless said. */
export async function createCarouselItems(db: Executor, items: CarouselValues[]): Promise<void> {
  await db.insert(carouselItems).values(items.map((item, i) => ({ displayOrder: i + 1, ...item })));
}

/** Trending items, ranked 1, 2, … in the order given unless an item says its rank; a 90 % match, active unless said. */
export async function createTrendingItems(db: Executor, items: TrendingValues[]): Promise<void> {
  await db.insert(trendingItems).values(items.map((item, i) => ({ rank: i + 1, matchPercentage: 90, ...item })));
}

/** A viewer with their row, as after their first write, holding `coins` and `bonuses` from a welcome entry. */
export async function createViewer(db: Executor, start: { coins?: number; bonuses?: number } = {}): Promise<string> {
  const id = newViewerId();
  await ensureViewers(db, [id], { coins: start.coins ?? 0, bonuses: start.bonuses ?? 0 });
  return id;
}

/** Coins and bonuses support added to the viewer's balance, written in their ledger too (so the two still agree). */
export async function creditViewer(
  db: Executor,
  viewerId: string,
  amounts: { coins?: number; bonuses?: number },
): Promise<void> {
  const coins = amounts.coins ?? 0;
  const bonuses = amounts.bonuses ?? 0;
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ coins: sql`${users.coins} + ${coins}`, bonuses: sql`${users.bonuses} + ${bonuses}` })
      .where(eq(users.id, viewerId));
    await tx
      .insert(walletLedger)
      .values({ userId: viewerId, kind: 'grant', coinsDelta: coins, bonusesDelta: bonuses, reason: 'For a test.' });
  });
}

/** A row of the viewer's ledger alone, their balance untouched (history written by hand, a backdated entry). */
export async function createLedgerEntry(
  db: Executor,
  viewerId: string,
  values: Omit<typeof walletLedger.$inferInsert, 'id' | 'userId'>,
): Promise<void> {
  await db.insert(walletLedger).values({ ...values, userId: viewerId });
}

/** The viewer has unlocked this episode (no coins move: for tests of what an unlock opens). */
export async function createUnlock(db: Executor, viewerId: string, seriesId: number, episodeNumber: number) {
  await db.insert(unlocks).values({ userId: viewerId, seriesId, episodeNumber });
}

/** The viewer's like row alone, the series' count untouched (data edited by hand). */
export async function createLike(db: Executor, viewerId: string, seriesId: number): Promise<void> {
  await db.insert(likes).values({ userId: viewerId, seriesId });
}

/** Nobody likes the series any more: its like rows and its count are gone. */
export async function clearLikes(db: Executor, seriesId: number): Promise<void> {
  await db.delete(likes).where(eq(likes.seriesId, seriesId));
  await updateSeries(db, seriesId, { likes: 0 });
}

/** A passkey registered to each viewer, which makes them an account (a random key that never signs in). */
export async function createPasskeys(db: Executor, viewerIds: string[]): Promise<void> {
  if (viewerIds.length === 0) return;
  await db.insert(passkeys).values(
    viewerIds.map((viewerId) => ({
      viewerId,
      credentialId: randomBytes(16),
      publicKey: randomBytes(32),
      name: 'Test key',
    })),
  );
}

/** Per-series daily figures as the rollups leave them, for tests of what reads them. */
export async function createSeriesDayFigures(
  db: Executor,
  rows: (typeof insightSeriesDays.$inferInsert)[],
): Promise<void> {
  await db.insert(insightSeriesDays).values(rows);
}

/** The stored viewer events of the series, as if they had been received at `receivedAt`. */
export async function backdateInsightEvents(db: Executor, seriesId: number, receivedAt: Date): Promise<void> {
  await db.update(insightEvents).set({ receivedAt }).where(eq(insightEvents.seriesId, seriesId));
}

/** No viewer events and no figures: the insights start from nothing. */
export async function deleteAllInsights(db: Executor): Promise<void> {
  await db.execute(sql`truncate insight_events, insight_episode_days, insight_series_days, insight_days,
    insight_episode_viewers, insight_viewer_days, insight_viewers, insight_startup_days, insight_episode_number_days,
    insight_series_viewers, insight_episode_last_viewers`);
}

/** An operator who has accepted their invite and signs in with `password`. */
export async function createOperator(
  db: Executor,
  values: { name?: string; role: OperatorRole; password?: string },
): Promise<typeof operators.$inferSelect> {
  const [row] = await db
    .insert(operators)
    .values({
      name: values.name ?? `Operator ${randomUUID().slice(0, 8)}`,
      role: values.role,
      passwordHash: await hashSecret(values.password ?? randomUUID()),
    })
    .returning();
  return row!;
}

/** The operator's invite ran out a second ago, as if its hours had passed. */
export async function expireOperatorInvite(db: Executor, operatorId: number): Promise<void> {
  await db
    .update(operators)
    .set({ inviteExpiresAt: new Date(Date.now() - 1000) })
    .where(eq(operators.id, operatorId));
}

/** Every sign-in under way ran out a second ago, as if its few minutes had passed. */
export async function expireSignInFlows(db: Executor): Promise<void> {
  await db.update(signInFlows).set({ expiresAt: new Date(Date.now() - 1000) });
}

/** Passkeys of an operator, as if saved through the dashboard; any column may be given, the keys are random. */
export async function createOperatorPasskey(
  db: Executor,
  operatorId: number,
  values: Partial<typeof operatorPasskeys.$inferInsert> = {},
): Promise<void> {
  await db
    .insert(operatorPasskeys)
    .values({ operatorId, credentialId: randomBytes(16), publicKey: randomBytes(32), name: 'Test key', ...values });
}

/** Moves an operator's passkeys' signature counters, as a copy of the key signing in elsewhere would. */
export async function setOperatorPasskeyCounter(db: Executor, operatorId: number, signCount: number): Promise<void> {
  await db.update(operatorPasskeys).set({ signCount }).where(eq(operatorPasskeys.operatorId, operatorId));
}

/** Makes a viewer passkey challenge expire one second ago. */
export async function expirePasskeyChallenge(db: Executor, challenge: string): Promise<void> {
  await db
    .update(passkeyChallenges)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(passkeyChallenges.challenge, challenge));
}
