import type { EpisodeProgress, SeriesProgress } from '../../../contract/index.ts';
import type { Database } from '../../db/client.ts';
import { invalid, notFound } from '../../errors.ts';
import * as repo from './library.repository.ts';

/** From this percent on an episode counts as watched (the last seconds are credits). */
export const EPISODE_WATCHED_PERCENT = 90;

const noSuchUser = () => notFound('No such user');
const seriesNotFound = () => notFound('Series not found.');

export async function toggleLike(db: Database, userId: string, seriesId: number) {
  return db.transaction(async (tx) => {
    if (!(await repo.lockUser(tx, userId))) throw noSuchUser();
    if (!(await repo.seriesExists(tx, seriesId))) throw seriesNotFound();
    if (await repo.deleteLike(tx, userId, seriesId)) {
      return { seriesId, liked: false, likes: await repo.addToLikeCount(tx, seriesId, -1) };
    }
    await repo.insertLike(tx, userId, seriesId);
    return { seriesId, liked: true, likes: await repo.addToLikeCount(tx, seriesId, 1) };
  });
}

export async function toggleBookmark(db: Database, userId: string, seriesId: number) {
  return db.transaction(async (tx) => {
    if (!(await repo.lockUser(tx, userId))) throw noSuchUser();
    if (!(await repo.seriesExists(tx, seriesId))) throw seriesNotFound();
    if (await repo.deleteBookmark(tx, userId, seriesId)) return { seriesId, bookmarked: false };
    await repo.insertBookmark(tx, userId, seriesId);
    return { seriesId, bookmarked: true };
  });
}

export async function likedSeriesIds(db: Database, userId: string) {
  return repo.likedSeriesIdsNewestFirst(db, userId);
}

export async function bookmarkedSeriesIds(db: Database, userId: string) {
  return repo.bookmarkedSeriesIdsNewestFirst(db, userId);
}

export interface ProgressReport {
  userId: string;
  seriesId: number;
  episodeId: number;
  /** percent of the episode, 0-100 */
  progress: number;
  positionSeconds?: number;
}

/** Keeps one row per (user, episode): the latest percent and position. */
export async function recordProgress(db: Database, report: ProgressReport): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await repo.userExists(tx, report.userId))) throw noSuchUser();
    if (!(await repo.seriesExists(tx, report.seriesId))) throw seriesNotFound();
    const episode = await repo.findEpisodeForProgress(tx, report.episodeId);
    if (!episode) throw notFound('Episode not found.');
    if (episode.seriesId !== report.seriesId) {
      throw invalid(`Episode ${report.episodeId} does not belong to series ${report.seriesId}.`, 'episodeId');
    }
    const percent = Math.round(report.progress);
    await repo.upsertProgress(tx, {
      userId: report.userId,
      seriesId: report.seriesId,
      episodeId: report.episodeId,
      percent,
      positionSeconds: report.positionSeconds ?? (episode.duration * percent) / 100,
    });
  });
}

/**
 * A series' progress is the share of its episodes watched: each episode counts fully from
 * EPISODE_WATCHED_PERCENT on, otherwise by its fraction; the latest-watched episode is where to resume.
 */
function seriesProgressOf(rows: repo.WatchedEpisodeRow[]): SeriesProgress[] {
  const bySeries = new Map<number, repo.WatchedEpisodeRow[]>();
  for (const row of rows) {
    const list = bySeries.get(row.seriesId);
    if (list) list.push(row);
    else bySeries.set(row.seriesId, [row]);
  }
  // Rows come latest first, so the map keeps series in order of their latest watch.
  return [...bySeries.values()].map((watched) => {
    const latest = watched[0]!;
    const episodesWatched = watched.reduce(
      (sum, row) => sum + (row.percent >= EPISODE_WATCHED_PERCENT ? 1 : row.percent / 100),
      0,
    );
    const percent = Math.round((episodesWatched / Math.max(latest.totalEpisodes, 1)) * 100);
    return {
      seriesId: latest.seriesId,
      progress: Math.min(100, Math.max(0, percent)),
      lastWatched: latest.updatedAt.toISOString(),
      episodeId: latest.episodeId,
      episodeNumber: latest.episodeNumber,
      positionSeconds: latest.positionSeconds,
    };
  });
}

export async function listSeriesProgress(db: Database, userId: string): Promise<SeriesProgress[]> {
  return seriesProgressOf(await repo.watchedEpisodesLatestFirst(db, userId));
}

export async function getSeriesProgress(db: Database, userId: string, seriesId: number): Promise<SeriesProgress> {
  const [entry] = seriesProgressOf(await repo.watchedEpisodesLatestFirst(db, userId, { seriesId }));
  if (!entry) throw notFound('No progress for this series yet.');
  return entry;
}

export async function getEpisodeProgress(db: Database, userId: string, episodeId: number): Promise<EpisodeProgress> {
  const [row] = await repo.watchedEpisodesLatestFirst(db, userId, { episodeId });
  if (!row) throw notFound('No progress for this episode yet.');
  return {
    episodeId: row.episodeId,
    episodeNumber: row.episodeNumber,
    progress: row.percent,
    positionSeconds: row.positionSeconds,
    lastWatched: row.updatedAt.toISOString(),
  };
}
