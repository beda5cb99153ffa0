import type { Executor } from '../../db/client.ts';
import { conflict } from '../../errors.ts';
import type { AnyMediaStorage } from '../../media/storage.ts';
import { removeOriginal, removeOriginalsOfSeries } from './uploaded-originals.ts';
import {
  failUnfinishedJobsOfEpisode,
  insertJob,
  latestJobsOfEpisodes,
  releaseKeptSources,
  unfinishedJobsOfEpisode,
  type MediaJobRow,
} from './transcode.repository.ts';
import type { TranscodeWorker } from './transcode.worker.ts';

export { episodeMediaFolder, partialOwner, removeQuietly, seriesUploadsDir } from './media-folders.ts';
export { keepOriginal, removeOriginal } from './uploaded-originals.ts';
export { retiredMediaGraceMs } from './retired-media.ts';

/** One transcode of an episode's upload: its state, progress and error as the dashboard shows them. */
export type Transcode = MediaJobRow;

/** The media storage and the transcode worker of this process (`app.mediaPipeline`). */
export interface MediaPipeline {
  storage: AnyMediaStorage;
  worker: TranscodeWorker;
  /** Where uploads are received (DATA_DIR/uploads); on local disk they also wait there for their transcode. */
  uploadsRoot: string;
}

export const SUPERSEDED = 'Replaced by a newer upload.';

/**
 * Queues a transcode of `sourcePath` into the episode, inside the caller's transaction. Jobs of the
 * episode still waiting or running are failed as superseded: after commit, abandon their runs and
 * remove their source files.
 */
export async function queueTranscode(
  tx: Executor,
  episodeId: number,
  sourcePath: string,
): Promise<{ job: Transcode; superseded: { id: number; sourcePath: string }[] }> {
  const superseded = await failUnfinishedJobsOfEpisode(tx, episodeId, SUPERSEDED);
  const kept = (await releaseKeptSources(tx, episodeId)).filter((j) => j.sourcePath !== sourcePath);
  const job = await insertJob(tx, { episodeId, sourcePath });
  return { job, superseded: [...superseded, ...kept] };
}

/**
 * Queues the episode's failed transcode again from the upload it kept (a job failed by restarts, not by its
 * video), inside the caller's transaction; 409 when there is nothing to retry.
 */
export async function requeueFailedTranscode(tx: Executor, episodeId: number): Promise<Transcode> {
  const latest = (await latestTranscodes(tx, [episodeId])).get(episodeId);
  if (!latest || latest.status !== 'failed' || !latest.retryable) {
    throw conflict('There is no failed transcode to retry for this episode; upload the video again.');
  }
  await releaseKeptSources(tx, episodeId);
  const { job } = await queueTranscode(tx, episodeId, latest.sourcePath);
  return job;
}

/**
 * Removes everything the pipeline stored for a series: published media and waiting uploads. Call it
 * after the series row is deleted (its episodes and jobs go with it; a transcode still running for it
 * notices and stops).
 */
export async function removeSeriesMedia(
  media: { storage: AnyMediaStorage; uploadsRoot: string },
  seriesId: number,
): Promise<void> {
  await media.storage.remove(`series/${seriesId}`);
  await removeOriginalsOfSeries(media.storage, media.uploadsRoot, seriesId);
}

/** The latest transcode of each of these episodes, by episode; episodes made without one (the demo's) have none. */
export async function latestTranscodes(db: Executor, episodeIds: number[]): Promise<Map<number, Transcode>> {
  return new Map((await latestJobsOfEpisodes(db, episodeIds)).map((job) => [job.episodeId, job]));
}

/**
 * The episode's transcodes that still hold an uploaded file (waiting, running, or kept for a retry), read inside
 * the caller's transaction before the episode goes; hand them to `abandonTranscodes` after commit.
 */
export function transcodesHoldingUploads(
  tx: Executor,
  episodeId: number,
): Promise<{ id: number; sourcePath: string }[]> {
  return unfinishedJobsOfEpisode(tx, episodeId);
}

/** After commit: the worker stops running these transcodes, and their uploaded files are removed. */
export async function abandonTranscodes(media: MediaPipeline, jobs: { id: number; sourcePath: string }[]) {
  media.worker.abandonJobs(jobs.map((job) => job.id));
  await Promise.all(jobs.map((job) => removeOriginal(media.storage, job.sourcePath)));
}
