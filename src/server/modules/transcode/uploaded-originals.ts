import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  ORIGINALS_FOLDER,
  type AnyMediaStorage,
  type MediaStorage,
  type RemoteMediaStorage,
} from '../../media/storage.ts';
import { removeQuietly, seriesUploadsDir } from './media-folders.ts';

/**
 * An uploaded video waits for its transcode where every worker can read it. With a bucket that is the bucket
 * (under ORIGINALS_FOLDER, which /media never serves), so a worker on another machine can take the job; on local
 * disk it is DATA_DIR/uploads. A job's source is either a path on disk or `media-store:<key>`.
 */
const IN_STORE = 'media-store:';

const keyOf = (source: string) => (source.startsWith(IN_STORE) ? source.slice(IN_STORE.length) : null);

/** The bucket folder of a series' waiting originals; deleting the series clears it. */
export const seriesOriginalsFolder = (seriesId: number) => `${ORIGINALS_FOLDER}/series-${seriesId}`;

/**
 * Moves a received upload (a file on this disk, already checked to be a video) to where it waits, and answers
 * the job's source. A store that cannot be reached throws `unavailable` (a 503) and the local file stays the
 * caller's to remove.
 */
export async function keepOriginal(storage: AnyMediaStorage, seriesId: number, receivedFile: string): Promise<string> {
  if (storage.kind === 'local') return receivedFile;
  const key = `${seriesOriginalsFolder(seriesId)}/${path.basename(receivedFile)}`;
  await storage.putFile(receivedFile, key);
  return IN_STORE + key;
}

/**
 * A file ffmpeg can read: the source itself when it is on this disk, else a copy fetched into `workDir` (removed
 * with it). A missing original throws ENOENT, as a missing file on disk does.
 */
export async function fetchOriginal(storage: MediaStorage, source: string, workDir: string): Promise<string> {
  const key = keyOf(source);
  if (key === null) return source;
  const found = await storage.read(key);
  if (found === null || typeof found === 'string') {
    throw Object.assign(new Error(`the uploaded original ${key} is missing`), { code: 'ENOENT' });
  }
  await fs.mkdir(workDir, { recursive: true });
  const file = path.join(workDir, 'original.video');
  await pipeline(found.body, createWriteStream(file));
  return file;
}

/** Removes a waiting original; one the store cannot remove now is left to the sweep of unreferenced originals. */
export async function removeOriginal(storage: MediaStorage, source: string): Promise<void> {
  const key = keyOf(source);
  if (key === null) return removeQuietly(source);
  await storage.remove(key).catch(() => {});
}

/** Whether a job's source is an original kept in the store (and so reachable from any machine). */
export const isOriginalInStore = (source: string) => keyOf(source) !== null;

/** Removes every original waiting for a transcode of the series, wherever it waits. */
export async function removeOriginalsOfSeries(storage: AnyMediaStorage, uploadsRoot: string, seriesId: number) {
  await removeQuietly(seriesUploadsDir(uploadsRoot, seriesId));
  if (storage.kind === 'remote') await storage.remove(seriesOriginalsFolder(seriesId));
}

/** Originals written this long ago and still named by no job were left by an upload cut off before its job. */
const UNCLAIMED_AFTER_MS = 3600_000;

/**
 * Removes originals in the store that no job needs any more (none waits, runs, or keeps it for a retry): an
 * instance that stopped between storing an upload and queueing its job, or a removal the store refused at the time. Received files are named `<ms since epoch>-…`,
 * so their age needs no metadata. Answers how many went.
 */
export async function sweepUnclaimedOriginals(
  storage: RemoteMediaStorage,
  stillNeeded: (sources: string[]) => Promise<Set<string>>,
  now: Date,
): Promise<number> {
  const old = (await storage.list(ORIGINALS_FOLDER)).filter((file) => {
    const written = Number(/^(\d+)-/.exec(path.posix.basename(file.key))?.[1]);
    return Number.isFinite(written) && now.getTime() - written > UNCLAIMED_AFTER_MS;
  });
  if (old.length === 0) return 0;
  const needed = await stillNeeded(old.map((file) => IN_STORE + file.key));
  let removed = 0;
  for (const file of old) {
    if (needed.has(IN_STORE + file.key)) continue;
    await storage.remove(file.key);
    removed++;
  }
  return removed;
}
