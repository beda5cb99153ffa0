import type { EpisodeProgress, SeriesProgress } from '#contract/index.ts';
import type { Database, Executor } from '../../db/client.ts';
import { createBatchedWrites } from '../../db/batched-writes.ts';
import { invalid, notFound } from '../../errors.ts';
import * as repo from './library.repository.ts';
import { ensureViewers, viewersOfWrite, type ViewerStart } from '../viewers/viewers.service.ts';

/** From this percent on an episode counts as watched (the last seconds are credits). */
export const EPISODE_WATCHED_PERCENT = 90;

const noSuchUser = () => notFound('No such user');
const seriesNotFound = () => notFound('Series not found.');

interface LikeToggle {
  userId: string;
  seriesId: number;
}

/**
 * Likes and unlikes: each toggles the viewer's like of a series and moves its count. A new viewer's first tap is
 * often a like, so the toggles that arrive together are made in one transaction (one commit, and one change of
 * the series for every instance to hear of), a viewer's toggles still one after another.
 */
export function openLikes(db: Database, start: ViewerStart) {
  const writes = createBatchedWrites(
    (toggles: LikeToggle[]) =>
      db.transaction(async (tx) => {
        const viewers = await viewersOfWrite(
          tx,
          toggles.map((toggle) => toggle.userId),
          start,
        );
        const found = await repo.lockForToggles(
          tx,
          toggles.map((toggle) => toggle.userId),
          toggles.map((toggle) => toggle.seriesId),
        );
        const valid = toggles.filter((toggle) => found.users.has(toggle.userId) && found.series.has(toggle.seriesId));
        const made = valid.length > 0 ? await repo.toggleLikes(tx, valid) : [];
        await viewers.keepFor(valid.map((toggle) => toggle.userId));
        let next = 0;
        return toggles.map((toggle) => {
          if (!found.users.has(toggle.userId)) return noSuchUser();
          if (!found.series.has(toggle.seriesId)) return seriesNotFound();
          return { seriesId: toggle.seriesId, ...made[next++]! };
        });
      }),
    { maxBatch: 200, concurrency: 1, keyOf: (toggle) => `${toggle.userId} ${toggle.seriesId}` },
  );
  return {
    async toggle(userId: string, seriesId: number) {
      const result = await writes.write({ userId, seriesId });
      if (result instanceof Error) throw result;
      return result;
    },
  };
}

export async function toggleBookmark(db: Database, userId: string, seriesId: number, start: ViewerStart) {
  return db.transaction(async (tx) => {
    // A refusal below rolls the new viewer's row back with the rest.
    await ensureViewers(tx, [userId], start);
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

/** Why a report was not written, or nothing when it was. */
function refusalOf(report: ProgressReport, check: repo.ProgressCheck): Error | undefined {
  if (!check.userFound) return noSuchUser();
  if (!check.seriesFound) return seriesNotFound();
  if (check.episodeSeriesId === null) return notFound('Episode not found.');
  if (check.episodeSeriesId !== report.seriesId) {
    return invalid(`Episode ${report.episodeId} does not belong to series ${report.seriesId}.`, 'episodeId');
  }
  return undefined;
}

/**
 * Keeps one row per (user, episode): the latest percent and position. Players report every few seconds, so the
 * reports of this instance are written in batches: one statement for all that arrived while the last was written.
 */
export function openProgressRecorder(db: Database, start: ViewerStart) {
  const batches = createBatchedWrites(
    (reports: ProgressReport[]) =>
      db.transaction(async (tx) => {
        const viewers = await viewersOfWrite(
          tx,
          reports.map((report) => report.userId),
          start,
        );
        const checks = await repo.upsertProgressEntries(
          tx,
          reports.map((report) => ({
            userId: report.userId,
            seriesId: report.seriesId,
            episodeId: report.episodeId,
            percent: Math.round(report.progress),
            positionSeconds: report.positionSeconds ?? null,
          })),
        );
        const refusals = reports.map((report, i) => refusalOf(report, checks[i]!));
        await viewers.keepFor(reports.filter((_, i) => refusals[i] === undefined).map((report) => report.userId));
        return refusals;
      }),
    { maxBatch: 500, concurrency: 2 },
  );
  return {
    async record(report: ProgressReport): Promise<void> {
      const refusal = await batches.write(report);
      if (refusal) throw refusal;
    },
  };
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

/** A guest's likes, saves and progress become the account's when they sign in (in the caller's transaction). */
export function bringAlongLibrary(db: Executor, guestId: string, accountId: string): Promise<void> {
  return repo.moveLibrary(db, guestId, accountId);
}

/** A viewer's likes, saves and progress per episode, as "Download my data" gives them. */
export async function libraryDataOf(db: Database, userId: string) {
  const [liked, saved, watched] = await Promise.all([
    likedSeriesIds(db, userId),
    bookmarkedSeriesIds(db, userId),
    repo.watchedEpisodesLatestFirst(db, userId),
  ]);
  return {
    likes: liked,
    saves: saved,
    progress: watched.map((row) => ({
      seriesId: row.seriesId,
      episodeId: row.episodeId,
      episodeNumber: row.episodeNumber,
      percent: row.percent,
      positionSeconds: row.positionSeconds,
      updatedAt: row.updatedAt.toISOString(),
    })),
  };
}

/** A deleted account's likes, saves and progress are removed (in the caller's transaction). */
export function forgetLibrary(db: Executor, userId: string): Promise<void> {
  return repo.deleteLibrary(db, userId);
}
