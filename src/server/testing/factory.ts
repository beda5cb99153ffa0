import { randomUUID } from 'node:crypto';
import type { OperatorRole } from '../../contract/index.ts';
import type { Executor } from '../db/client.ts';
import { episodes, operators, series, unlocks } from '../db/schema.ts';
import { hashSecret } from '../secrets.ts';
import { ensureViewers } from '../modules/viewers/viewers.service.ts';
import { newViewerId } from '../modules/viewers/viewer-cookie.ts';

/**
 * The rows tests start from, written to the test's real database: each function fills in what a test does not
 * care about, and takes any column it does.
 */

export type SeriesRow = typeof series.$inferSelect;
export type EpisodeRow = typeof episodes.$inferSelect;
type SeriesValues = Partial<Omit<typeof series.$inferInsert, 'id'>>;
type EpisodeValues = Partial<Omit<typeof episodes.$inferInsert, 'id' | 'seriesId' | 'episodeNumber'>>;
/** The same columns for every episode, or the columns of episode `episodeNumber`. */
type EpisodesValues = EpisodeValues | ((episodeNumber: number, seriesId: number) => EpisodeValues);

/** A series, with no episodes yet. */
export async function createSeries(db: Executor, values: SeriesValues = {}): Promise<SeriesRow> {
  const [row] = await db
    .insert(series)
    .values({
      title: `Test series ${randomUUID().slice(0, 8)}`,
      description: 'A series made by the tests.',
      genre: 'Drama',
      thumbnailUrl: 'https://example.com/poster.jpg',
      ...values,
    })
    .returning();
  return row!;
}

/** Episodes 1..count of the series, each with a video (published), in episode order. */
export async function createEpisodes(
  db: Executor,
  seriesId: number,
  count: number,
  values: EpisodesValues = {},
): Promise<EpisodeRow[]> {
  if (count === 0) return [];
  const rows = await db
    .insert(episodes)
    .values(
      Array.from({ length: count }, (_, i) => ({
        seriesId,
        episodeNumber: i + 1,
        title: `Episode ${i + 1}`,
        videoUrl: '/media/clip.mp4',
        thumbnailUrl: '/media/thumb.jpg',
        duration: 60,
        ...(typeof values === 'function' ? values(i + 1, seriesId) : values),
      })),
    )
    .returning();
  return rows.sort((a, b) => a.episodeNumber - b.episodeNumber);
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

/** A viewer with their row, as after their first write, holding `coins` and `bonuses` from a welcome entry. */
export async function createViewer(db: Executor, start: { coins?: number; bonuses?: number } = {}): Promise<string> {
  const id = newViewerId();
  await ensureViewers(db, [id], { coins: start.coins ?? 0, bonuses: start.bonuses ?? 0 });
  return id;
}

/** The viewer has unlocked this episode (no coins move: for tests of what an unlock opens). */
export async function createUnlock(db: Executor, viewerId: string, seriesId: number, episodeNumber: number) {
  await db.insert(unlocks).values({ userId: viewerId, seriesId, episodeNumber });
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
