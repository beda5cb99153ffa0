import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { isDatabaseUnavailable, unavailableReason } from '../../db/availability.ts';
import { DomainError } from '../../errors.ts';
import type { Database } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import type { MediaStorage } from '../../media/storage.ts';
import {
  NotAVideoError,
  TranscodeError,
  probeVideo,
  transcodeToHls,
  type HlsOutput,
} from '../../media/hls-pipeline.ts';
import {
  finishJob,
  findEpisodeForJob,
  holdRunningJobLock,
  isRunningJobAbandoned,
  lockEpisodeMedia,
  lockJobsMarkedRunning,
  lockNextQueuedJob,
  lockOwnedRun,
  recordProgress,
  releaseRunningJobLock,
  setEpisodeMedia,
  settleAbandonedJob,
  startJob,
  workDirsOfRunningJobs,
  type MediaJobRow,
} from './transcode.repository.ts';
import { stopOrphanedTranscodes } from './orphaned-transcodes.ts';
import { episodeMediaFolder, removeQuietly } from './media-folders.ts';
import { fetchOriginal, removeOriginal } from './uploaded-originals.ts';
import { carrySubtitleTracks } from '../subtitles/subtitles.service.ts';
import { queueEpisodeAlerts } from '../alerts/alerts.service.ts';
import { wakeablePause } from '../../wakeable-pause.ts';

/** A job that kills its worker this many times is failed instead of retried forever. */
export const MAX_ATTEMPTS = 3;
const PROGRESS_WRITE_MS = 500;
/** How long a worker waits after the media store could not be reached before it takes a job again. */
const STORE_BACKOFF_MS = 30_000;
const STORE_UNAVAILABLE_FAILURE =
  'The media store could not be reached to publish the video. The upload is kept: retry it when the store is back.';
const SWEEP_EVERY_MS = 30_000;

export interface WorkerLog {
  info(message: string): void;
  warn(message: string): void;
  error(error: unknown, message: string): void;
}

export interface TranscodeWorkerOptions {
  db: Database;
  storage: MediaStorage;
  /** Scratch space for running transcodes (DATA_DIR/work); best on the filesystem of the media. */
  workRoot: string;
  /** Jobs run at once by this process. */
  concurrency: number;
  log: WorkerLog;
  /** How often an idle worker looks for jobs other instances queued. */
  pollMs?: number;
  /** Told instead of the log when the database is unreachable (an outage is reported once, elsewhere). */
  onDatabaseUnavailable?: (reason: string) => void;
  /** How long to wait after the media store could not be reached before taking a job again (default 30 s). */
  storeBackoffMs?: number;
  /** Told after an episode became playable for the first time (its alerts are queued). */
  onEpisodePublished?: (episodeId: number) => void;
  /** Told about each ffmpeg process a job starts (tests use it to kill one). */
  onFfmpegSpawn?: (jobId: number, pid: number) => void;
}

export interface TranscodeWorker {
  /** Sweeps jobs left running by dead processes back into the queue, then starts taking jobs. */
  start(): Promise<void>;
  /** Stops taking jobs; jobs running here go back to the queue for the next start. */
  stop(): Promise<void>;
  /** A job was queued: look now rather than at the next poll. */
  wake(): void;
  /** Stops this process's runs of these jobs (their episode was deleted or got a newer upload). */
  abandonJobs(jobIds: number[]): void;
  /** Finds runs whose worker died; answers how many went back to the queue or failed. */
  sweepAbandonedJobs(): Promise<number>;
}

class Stopping extends Error {}
class NoLongerOurs extends Error {}

interface Slot {
  client: pg.Client | null;
  db: Database | null;
}

export function createTranscodeWorker(options: TranscodeWorkerOptions): TranscodeWorker {
  const { db, storage, log } = options;
  const pollMs = options.pollMs ?? 2000;
  const pool = poolOf(db);
  /** Runs of this process by job id. */
  const running = new Map<number, AbortController>();
  const loops: Promise<void>[] = [];
  let stopping = false;
  let started = false;
  let lastSweep = 0;
  /** After the media store refused a publish, no job is taken before this time. */
  let storeBackoffUntil = 0;

  const { wake, pause } = wakeablePause();

  /**
   * Each slot keeps its own connection, outside the pool: the running-job lock lives exactly as long as
   * it, and stop() can wait for it to close.
   */
  async function connectionOf(slot: Slot): Promise<Database> {
    if (!slot.db) {
      const client = new pg.Client(pool.options);
      // A lost connection is dropped at once (its job lock went with it), so the next poll connects afresh.
      client.on('error', () => {
        if (slot.client !== client) return;
        slot.client = null;
        slot.db = null;
        client.end().catch(() => {});
      });
      await client.connect();
      slot.client = client;
      slot.db = drizzle(client, { schema });
    }
    return slot.db;
  }

  async function dropConnection(slot: Slot) {
    const client = slot.client;
    slot.client = null;
    slot.db = null;
    await client?.end().catch(() => {});
  }

  async function sweepAbandonedJobs(): Promise<number> {
    lastSweep = Date.now();
    const settled = await db.transaction(async (tx) => {
      const found: { job: MediaJobRow; failed: boolean }[] = [];
      for (const job of await lockJobsMarkedRunning(tx)) {
        if (!(await isRunningJobAbandoned(tx, job.id))) continue;
        const failed = job.attempts >= MAX_ATTEMPTS;
        await settleAbandonedJob(
          tx,
          job.id,
          failed
            ? {
                status: 'failed',
                error: `The transcode stopped unexpectedly ${job.attempts} times (the server restarted or ran out of memory). The upload is kept: retry it when the server is steady.`,
                retryable: true,
              }
            : { status: 'queued' },
        );
        found.push({ job, failed });
      }
      return found;
    });
    for (const { job, failed } of settled) {
      if (job.workDir) {
        stopOrphanedTranscodes(options.workRoot, [], [job.workDir]);
        await removeQuietly(job.workDir);
      }
      log.warn(`media job ${job.id}: its worker stopped mid-transcode; ${failed ? 'failed' : 'queued again'}`);
    }
    return settled.length;
  }

  async function claim(slot: Slot): Promise<MediaJobRow | null> {
    const slotDb = await connectionOf(slot);
    const workDir = path.join(options.workRoot, `job-${randomBytes(6).toString('hex')}`);
    const claimed = await slotDb.transaction(async (tx) => {
      const next = await lockNextQueuedJob(tx);
      if (!next) return null;
      if (!(await holdRunningJobLock(tx, next.id))) return null;
      return startJob(tx, next.id, workDir);
    });
    return claimed;
  }

  async function runJob(slot: Slot, job: MediaJobRow) {
    const attempt = job.attempts;
    const controller = new AbortController();
    running.set(job.id, controller);
    if (stopping) controller.abort(new Stopping());
    const outDir = path.join(job.workDir!, 'hls');
    let lastWrite = 0;
    let writing = Promise.resolve();
    const onProgress = (percent: number) => {
      const now = Date.now();
      if (now - lastWrite < PROGRESS_WRITE_MS) return;
      lastWrite = now;
      writing = writing
        .then(async () => {
          if (!(await recordProgress(db, job.id, attempt, percent))) controller.abort(new NoLongerOurs());
        })
        .catch((error: unknown) => log.error(error, `media job ${job.id}: progress not recorded`));
    };

    try {
      const episode = await findEpisodeForJob(db, job.episodeId);
      if (!episode) throw new NoLongerOurs();
      const source = await fetchOriginal(storage, job.sourcePath, path.join(job.workDir!, 'source'));
      const probe = await probeVideo(source);
      const output = await transcodeToHls({
        source,
        outDir,
        probe,
        onProgress,
        signal: controller.signal,
        onSpawn: (pid) => options.onFfmpegSpawn?.(job.id, pid),
      });
      await writing;
      if (controller.signal.aborted) throw controller.signal.reason as Error;
      await publish(job, attempt, episode.seriesId, outDir, output);
      log.info(`media job ${job.id}: episode ${job.episodeId} is ready`);
    } catch (error) {
      await writing;
      const reason: unknown = controller.signal.aborted ? controller.signal.reason : error;
      if (reason instanceof Stopping) {
        await finishJob(db, job.id, attempt, { status: 'queued' }).catch(() => {});
      } else if (isStoreUnavailable(reason)) {
        // Nothing was published: the upload is kept and the job tried again once the store may be back.
        const last = attempt >= MAX_ATTEMPTS;
        log.warn(`media job ${job.id}: the media store could not be reached; ${last ? 'failed' : 'queued again'}`);
        storeBackoffUntil = Date.now() + (options.storeBackoffMs ?? STORE_BACKOFF_MS);
        await finishJob(
          db,
          job.id,
          attempt,
          last
            ? { status: 'failed', error: STORE_UNAVAILABLE_FAILURE, retryable: true }
            : { status: 'queued', countsAsAttempt: true },
        ).catch(() => {});
      } else if (!(reason instanceof NoLongerOurs)) {
        const message = failureMessage(reason);
        if (!(reason instanceof TranscodeError || reason instanceof NotAVideoError)) {
          log.error(reason, `media job ${job.id} failed`);
        }
        // Clean up before the job reads as failed, so whoever sees 'failed' finds nothing left behind.
        await removeQuietly(job.workDir!);
        await removeOriginal(storage, job.sourcePath);
        await finishJob(db, job.id, attempt, { status: 'failed', error: message }).catch(() => {});
      }
    } finally {
      running.delete(job.id);
      await removeQuietly(job.workDir!);
      try {
        if (slot.db) await releaseRunningJobLock(slot.db, job.id);
      } catch {
        await dropConnection(slot);
      }
    }
  }

  /**
   * The finished folder becomes visible under a key never used before, then one transaction points the
   * episode at it. A crash before the transaction leaves the episode as it was (and an unreferenced folder).
   */
  async function publish(job: MediaJobRow, attempt: number, seriesId: number, outDir: string, output: HlsOutput) {
    const folder = `${episodeMediaFolder(seriesId, job.episodeId)}/${job.id}-${attempt}-${randomBytes(3).toString('hex')}`;
    await storage.publishFolder(outDir, folder);
    const previous = await db.transaction(async (tx) => {
      // Episode before job, the order every other writer takes them in (no deadlock with a delete or a replace).
      const episode = await lockEpisodeMedia(tx, job.episodeId);
      if (!episode) return null;
      if (!(await lockOwnedRun(tx, job.id, attempt))) return null;
      await setEpisodeMedia(tx, episode.id, {
        videoUrl: storage.urlOf(`${folder}/${output.masterPlaylist}`),
        thumbnailUrl: storage.urlOf(`${folder}/${output.poster}`),
        duration: Math.max(1, Math.round(output.durationSeconds)),
      });
      await carrySubtitleTracks({ storage, workRoot: options.workRoot }, tx, episode.id, folder);
      await finishJob(tx, job.id, attempt, { status: 'ready' });
      // An episode counts as published when it first becomes ready; a replaced video is no news.
      if (episode.videoUrl === '') await queueEpisodeAlerts(tx, episode.id);
      return episode;
    });
    if (!previous) {
      await storage.remove(folder);
      throw new NoLongerOurs();
    }
    if (previous.videoUrl === '') options.onEpisodePublished?.(previous.id);
    await removeOriginal(storage, job.sourcePath);
    // The replaced folder stays for viewers in the middle of it; the sweep of retired media removes it later.
  }

  async function loop(slot: Slot) {
    while (!stopping) {
      try {
        if (Date.now() < storeBackoffUntil) {
          await pause(storeBackoffUntil - Date.now());
          continue;
        }
        if (Date.now() - lastSweep > SWEEP_EVERY_MS) await sweepAbandonedJobs();
        const job = await claim(slot);
        if (job) await runJob(slot, job);
        else await pause(pollMs);
      } catch (error) {
        if (stopping) break;
        if (isDatabaseUnavailable(error)) options.onDatabaseUnavailable?.(unavailableReason(error));
        else log.error(error, 'media worker: could not take a job');
        await dropConnection(slot);
        await pause(pollMs);
      }
    }
    await dropConnection(slot);
  }

  return {
    async start() {
      if (started || options.concurrency < 1) return;
      started = true;
      await fs.mkdir(options.workRoot, { recursive: true });
      await sweepAbandonedJobs();
      // ffmpeg of a process that died (SIGKILL, OOM) runs on as an orphan: anything working under our work root
      // in a folder no running job owns is stopped before this worker starts its own.
      const stopped = stopOrphanedTranscodes(options.workRoot, await workDirsOfRunningJobs(db));
      if (stopped.length) log.warn(`stopped ${stopped.length} orphaned ffmpeg process(es): ${stopped.join(', ')}`);
      for (let i = 0; i < options.concurrency; i++) loops.push(loop({ client: null, db: null }));
    },
    async stop() {
      stopping = true;
      for (const controller of running.values()) controller.abort(new Stopping());
      wake();
      await Promise.all(loops);
    },
    wake,
    abandonJobs(jobIds) {
      for (const id of jobIds) running.get(id)?.abort(new NoLongerOurs());
    },
    sweepAbandonedJobs,
  };
}

/** drizzle keeps the pool it was made with as $client (the Database type does not say so); slots connect with its settings. */
function poolOf(db: Database): pg.Pool {
  const client = (db as unknown as { $client?: pg.Pool }).$client;
  if (!client || typeof client.connect !== 'function' || !('totalCount' in client)) {
    throw new Error('the transcode worker needs a database made on a pg.Pool');
  }
  return client;
}

function isStoreUnavailable(error: unknown): boolean {
  return error instanceof DomainError && error.kind === 'unavailable';
}

function failureMessage(error: unknown): string {
  if (error instanceof NotAVideoError) return `The file is not a playable video: ${error.reason}`;
  if (error instanceof TranscodeError) return error.reason;
  if ((error as NodeJS.ErrnoException)?.code === 'ENOENT') return 'The uploaded file is missing; upload it again.';
  return 'The transcode failed on the server; upload the video again.';
}
