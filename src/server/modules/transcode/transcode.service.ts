import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Executor } from '../../db/client.ts';
import type { MediaStorage } from '../../media/storage.ts';
import {
  failUnfinishedJobsOfEpisode,
  insertJob,
  releaseKeptSources,
  type MediaJobRow,
} from './transcode.repository.ts';

/** Where the pipeline publishes an episode's media: one folder per transcode below this. */
export function episodeMediaFolder(seriesId: number, episodeId: number): string {
  return `series/${seriesId}/episodes/${episodeId}`;
}

export function isFolderOfEpisode(folder: string, seriesId: number, episodeId: number): boolean {
  return folder.startsWith(`${episodeMediaFolder(seriesId, episodeId)}/`);
}

/** Uploaded files wait here until their transcode ends; one folder per series, so deleting a series can clear it. */
export function seriesUploadsDir(uploadsRoot: string, seriesId: number): string {
  return path.join(uploadsRoot, `series-${seriesId}`);
}

/** Which process writes a partial upload: `<host>~<pid>`, so a start can tell a dead one's leftovers from a live upload. */
export function partialOwner(): string {
  return `${os.hostname().replace(/[^A-Za-z0-9-]/g, '_')}~${process.pid}`;
}

export async function removeQuietly(file: string): Promise<void> {
  await fs.rm(file, { recursive: true, force: true }).catch(() => {});
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
): Promise<{ job: MediaJobRow; superseded: { id: number; sourcePath: string }[] }> {
  const superseded = await failUnfinishedJobsOfEpisode(tx, episodeId, SUPERSEDED);
  const kept = (await releaseKeptSources(tx, episodeId)).filter((j) => j.sourcePath !== sourcePath);
  const job = await insertJob(tx, { episodeId, sourcePath });
  return { job, superseded: [...superseded, ...kept] };
}

/**
 * Removes everything the pipeline stored for a series: published media and waiting uploads. Call it
 * after the series row is deleted (its episodes and jobs go with it; a transcode still running for it
 * notices and stops).
 */
export async function removeSeriesMedia(
  media: { storage: MediaStorage; uploadsRoot: string },
  seriesId: number,
): Promise<void> {
  await media.storage.remove(`series/${seriesId}`);
  await removeQuietly(seriesUploadsDir(media.uploadsRoot, seriesId));
}
