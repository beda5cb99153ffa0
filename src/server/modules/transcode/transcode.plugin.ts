import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMediaStorage } from '../../media/media-store.ts';
import { partialOwner } from './media-folders.ts';
import type { MediaPipeline } from './transcode.service.ts';
import { createTranscodeWorker } from './transcode.worker.ts';
import { sourcesStillNeeded } from './transcode.repository.ts';
import { sweepUnclaimedOriginals } from './uploaded-originals.ts';
import { retiredMediaGraceMs, sweepRetiredMediaFolders } from './retired-media.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mediaPipeline: MediaPipeline;
  }
}

/** Another machine's partial upload not written to for this long is abandoned. */
const STALE_UPLOAD_MS = 3600_000;

/** The media storage and the transcode worker of this process: started when the app is ready, stopped when it closes. */
export const mediaPipelinePlugin = fp(
  async (app: FastifyInstance) => {
    const storage = await createMediaStorage(app.config);
    const uploadsRoot = path.join(app.config.dataDir, 'uploads');
    const worker = createTranscodeWorker({
      db: app.db,
      storage,
      workRoot: path.join(app.config.dataDir, 'work'),
      concurrency: app.config.transcodeConcurrency,
      log: {
        info: (message) => app.log.info(message),
        warn: (message) => app.log.warn(message),
        error: (error, message) => app.log.error({ err: error }, message),
      },
      onDatabaseUnavailable: (reason) => app.databaseAvailability.markDown(reason),
      onEpisodePublished: () => app.alerts.wake(),
    });
    app.decorate('mediaPipeline', { storage, worker, uploadsRoot });
    const graceMs = retiredMediaGraceMs(app.config.mediaTokenMs);
    app.housekeeping.add('retiredMediaFolders', (now) => sweepRetiredMediaFolders(app.db, storage, graceMs, now));
    if (storage.kind === 'remote') {
      app.housekeeping.add('unclaimedOriginals', (now) =>
        sweepUnclaimedOriginals(storage, (sources) => sourcesStillNeeded(app.db, sources), now),
      );
    }

    app.addHook('onReady', async () => {
      await fs.mkdir(uploadsRoot, { recursive: true });
      await removeInterruptedUploads(uploadsRoot);
      await worker.start();
    });
    app.addHook('onClose', async () => {
      await worker.stop();
    });
  },
  { name: 'media-pipeline' },
);

/**
 * Uploads cut off by a crash stay as *.part files. One named by a process of this machine that is gone has no
 * live upload behind it and goes at once; one of another machine (shared storage) goes once it has not been
 * written to for a while, since a live upload writes continuously.
 */
export async function removeInterruptedUploads(uploadsRoot: string) {
  const now = Date.now();
  const here = partialOwner().split('~')[0];
  const entries = await fs.readdir(uploadsRoot, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.part')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const [host, pid] = /\.([A-Za-z0-9_-]+)~(\d+)\.part$/.exec(entry.name)?.slice(1) ?? [];
    if (host === here && Number(pid) !== process.pid && !isRunning(Number(pid))) {
      await fs.rm(file, { force: true });
      continue;
    }
    const stat = await fs.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > STALE_UPLOAD_MS) await fs.rm(file, { force: true });
  }
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
