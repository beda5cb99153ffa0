import type { Database } from '../db/client.ts';
import { copyMediaToBucket } from '../media/media-migration.ts';
import { sharedDemoKey } from '../media/shared-demo-folders.ts';
import { localDiskStorage, localMediaKeyOf, type RemoteMediaStorage } from '../media/storage.ts';
import { prepareDemoMedia, type DemoMediaOptions } from './demo-media.ts';

const CLIP_FILE = /^clips\/clip-\d+\.mp4$/;

/** While the demo's media is on its way to the bucket: what is still to be sent (once the copy has listed it). */
interface CopyState {
  pending: Set<string> | undefined;
}
let copying: CopyState | undefined;

/**
 * Whether this /media path is demo media the bucket does not have yet because the copy from this server's disk is
 * still running: a file the copy has still to send, or, until it has listed them, any demo episode's file or clip. Answered with a 503 "still being prepared" rather than a 404.
 */
export function isDemoMediaOnItsWay(urlPath: string): boolean {
  if (!copying) return false;
  const key = localMediaKeyOf(urlPath);
  if (!key) return false;
  const shared = sharedDemoKey(key);
  if (!copying.pending) return shared !== null || CLIP_FILE.test(key);
  return copying.pending.has(shared ?? key) || copying.pending.has(key);
}

/**
 * The demo media made on this disk (demo-media.ts) and copied into the bucket, after listen and in the background:
 * first what the disk has (a restart continues where a stopped copy left off), then what making the demo media
 * added. Each clip's files are stored once (shared-demo-folders.ts), the shared clip folders first, and only what the
 * bucket lacks is sent.
 */
export async function prepareDemoMediaInBucket(
  db: Database,
  mediaDir: string,
  bucket: RemoteMediaStorage,
  options: DemoMediaOptions,
): Promise<void> {
  const state: CopyState = { pending: undefined };
  copying = state;
  try {
    await copyToBucket(mediaDir, bucket, state, options);
    if (options.signal?.aborted) return;
    await prepareDemoMedia(db, mediaDir, options);
    await copyToBucket(mediaDir, bucket, state, options);
  } finally {
    if (copying === state) copying = undefined;
  }
}

/** One copy of the media folder into the bucket. Never throws: a failure is logged and the next start tries again. */
async function copyToBucket(mediaDir: string, bucket: RemoteMediaStorage, state: CopyState, options: DemoMediaOptions) {
  if (options.signal?.aborted) return;
  state.pending = undefined;
  const started = Date.now();
  try {
    const report = await copyMediaToBucket(localDiskStorage(mediaDir), bucket, {
      log: (message) => options.log.info(`demo media to the bucket: ${message}`),
      signal: options.signal,
      onPlanned: (keys) => (state.pending = new Set(keys)),
      onCopied: (key) => state.pending?.delete(key),
    });
    if (report.toCopy > 0 && !options.signal?.aborted) {
      options.log.info(
        `demo media to the bucket: ${report.copied} objects (${(report.copiedBytes / 1024 / 1024).toFixed(1)} MB) copied in ${Math.round((Date.now() - started) / 1000)} s`,
      );
    }
  } catch (error) {
    if (!options.signal?.aborted) {
      options.log.warn(
        `demo media not copied to the bucket (the next start continues): ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
