import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { desc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminEpisode } from '#contract/index.ts';
import { episodes, mediaJobs } from '../../db/schema.ts';
import { localDiskStorage } from '../../media/storage.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';
import { createEpisode, createSeries, updateMediaJob } from '../../testing/factory.ts';
import { makeSourceVideo, multipartBody, waitFor } from '../../testing/media-uploads.ts';
import { createTranscodeWorker, type TranscodeWorker } from './transcode.worker.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const silent = { info: () => {}, warn: () => {}, error: () => {} };

/** The job's files go just after the status the test waited for is written. */
async function filesGone(...files: string[]) {
  await waitFor(
    `${files.join(' and ')} to be removed`,
    async () => files.every((file) => !fs.existsSync(file)),
    10_000,
  );
}

let t: TestContext;
let dataDir: string;
let mediaDir: string;
let seriesId: number;
/** Long and large enough (two renditions, 24 s) to be caught mid-transcode even on an idle machine. */
let longVideo: Buffer;
let shortVideo: Buffer;
const workers: TranscodeWorker[] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-worker-'));
  mediaDir = path.join(dataDir, 'media');
  // No worker in the app: each test starts the workers it needs, like separate processes would.
  t = await createTestContext({ DATA_DIR: dataDir, TRANSCODE_CONCURRENCY: '0' });
  const row = await createSeries(t.db, {
    title: 'Worker tests',
    description: 'd',
    genre: 'Drama',
    thumbnailUrl: '/media/art/x.svg',
  });
  seriesId = row.id;
  longVideo = fs.readFileSync(await makeSourceVideo(dataDir, { width: 540, height: 960, seconds: 24, fps: 24 }));
  shortVideo = fs.readFileSync(await makeSourceVideo(dataDir, { width: 180, height: 320, seconds: 2 }));
});

afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function startWorker(onFfmpegSpawn?: (jobId: number, pid: number) => void) {
  const worker = createTranscodeWorker({
    db: t.db,
    storage: localDiskStorage(mediaDir),
    workRoot: path.join(dataDir, 'work'),
    concurrency: 1,
    log: silent,
    pollMs: 200,
    onFfmpegSpawn,
  });
  workers.push(worker);
  return worker;
}

/** worker.main.ts as its own process; `detached` puts it (and its ffmpeg) in a process group of its own. */
function spawnWorkerProcess({ detached }: { detached: boolean }) {
  return spawn(process.execPath, ['--import', 'tsx', path.join(here, 'worker.main.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: (t.pool.options as { connectionString: string }).connectionString,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      TRANSCODE_CONCURRENCY: '1',
    },
    detached,
    stdio: 'ignore',
  });
}

async function uploadEpisode(video: Buffer, episodeNumber?: number): Promise<AdminEpisode> {
  const response = await t.admin({
    method: 'POST',
    url: `/api/series/${seriesId}/episodes`,
    ...multipartBody(episodeNumber ? { episodeNumber: String(episodeNumber) } : {}, [
      { field: 'video', filename: 'episode.mp4', content: video },
    ]),
  });
  expect(response.statusCode).toBe(201);
  return response.json<AdminEpisode>();
}

async function jobOf(episodeId: number) {
  const [job] = await t.db.select().from(mediaJobs).where(eq(mediaJobs.episodeId, episodeId)).orderBy(mediaJobs.id);
  return job!;
}

async function episodeRow(episodeId: number) {
  const [row] = await t.db.select().from(episodes).where(eq(episodes.id, episodeId));
  return row!;
}

const waitForProgress = (episodeId: number) =>
  waitFor('the transcode to be under way', async () => {
    const job = await jobOf(episodeId);
    return job.status === 'processing' && job.percent > 0 ? job : null;
  });

const waitForStatus = (episodeId: number, status: string, timeoutMs = 120_000) =>
  waitFor(
    `the job to be ${status}`,
    async () => {
      const job = await jobOf(episodeId);
      return job.status === status ? job : null;
    },
    timeoutMs,
  );

/** Processes whose command line mentions `text` (our ffmpeg runs name their scratch folder). */
function processesMentioning(text: string): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text);
      } catch {
        return false;
      }
    })
    .map(Number);
}

const episodeFolder = (episodeId: number) =>
  path.join(mediaDir, 'series', String(seriesId), 'episodes', String(episodeId));

describe('transcode worker', () => {
  it('resumes a job whose worker process died mid-transcode, leaving the episode untouched meanwhile', async () => {
    // An episode that plays an earlier video, which the new upload replaces.
    const episode = await createEpisode(t.db, seriesId, 50, {
      title: 'Replaced',
      videoUrl: `/media/series/${seriesId}/episodes/0/old/master.m3u8`,
      thumbnailUrl: '',
      duration: 7,
    });
    const before = await episodeRow(episode.id);
    const replaced = await t.admin({
      method: 'PUT',
      url: `/api/episodes/${episode.id}/video`,
      ...multipartBody({}, [{ field: 'video', filename: 'new.mp4', content: longVideo }]),
    });
    expect(replaced.statusCode).toBe(202);

    // A separate worker process takes the job...
    const child = spawnWorkerProcess({ detached: true });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const running = await waitForProgress(episode.id);
    expect(running.attempts).toBe(1);
    expect(running.workDir).toBeTruthy();
    expect(processesMentioning(running.workDir!).length).toBeGreaterThan(0);

    // ...and dies with its ffmpeg, as a crashed or killed container would.
    process.kill(-child.pid!, 'SIGKILL');
    await exited;
    await waitFor('ffmpeg to be gone', async () => processesMentioning(running.workDir!).length === 0, 10_000);

    expect(await episodeRow(episode.id)).toEqual(before);
    expect(fs.existsSync(episodeFolder(episode.id))).toBe(false);
    expect((await jobOf(episode.id)).status).toBe('processing');

    // The next start finds the abandoned run, queues it again and finishes it.
    const restarted = startWorker();
    await restarted.start();
    const ready = await waitForStatus(episode.id, 'ready');
    expect(ready).toMatchObject({ attempts: 2, percent: 100, error: null, workDir: null });
    await filesGone(running.workDir!, ready.sourcePath);
    const after = await episodeRow(episode.id);
    expect(after.videoUrl).toMatch(
      new RegExp(`^/media/series/${seriesId}/episodes/${episode.id}/${ready.id}-2-[0-9a-f]+/master\\.m3u8$`),
    );
    expect(after.duration).toBe(24);
    expect(fs.existsSync(path.join(mediaDir, after.videoUrl.replace('/media/', '')))).toBe(true);
    // Only the finished folder was ever published.
    expect(fs.readdirSync(episodeFolder(episode.id))).toEqual([path.basename(path.dirname(after.videoUrl))]);
  }, 300_000);

  it('fails the job cleanly when ffmpeg is killed, with the reason, and publishes nothing', async () => {
    const pids = new Map<number, number>();
    const worker = startWorker((jobId, pid) => pids.set(jobId, pid));
    await worker.start();
    const episode = await uploadEpisode(longVideo, 60);
    const running = await waitForProgress(episode.id);
    process.kill(pids.get(running.id)!, 'SIGKILL');

    const failed = await waitForStatus(episode.id, 'failed');
    expect(failed.error).toBe('ffmpeg was stopped (SIGKILL) before it finished');
    expect(failed.workDir).toBeNull();
    await filesGone(running.workDir!, failed.sourcePath);
    expect(await episodeRow(episode.id)).toMatchObject({ videoUrl: '', thumbnailUrl: '' });
    expect(fs.existsSync(episodeFolder(episode.id))).toBe(false);

    const shown = await t.admin({ method: 'GET', url: `/api/episodes/${episode.id}/admin` });
    expect(shown.json()).toMatchObject({
      media: { status: 'failed', error: 'ffmpeg was stopped (SIGKILL) before it finished', playable: false },
    });
  }, 240_000);

  it('puts a running job back in the queue on a graceful stop, without counting the attempt', async () => {
    const worker = startWorker();
    await worker.start();
    const episode = await uploadEpisode(longVideo, 70);
    const running = await waitForProgress(episode.id);
    await worker.stop();

    const queued = await jobOf(episode.id);
    expect(queued).toMatchObject({ status: 'queued', attempts: 0, percent: 0, workDir: null });
    expect(fs.existsSync(running.workDir!)).toBe(false);
    expect(fs.existsSync(queued.sourcePath)).toBe(true);
    expect(await episodeRow(episode.id)).toMatchObject({ videoUrl: '' });
    await t.admin({ method: 'DELETE', url: `/api/episodes/${episode.id}` });
  }, 240_000);

  it('shares the queue between workers: each job runs once', async () => {
    const ranBy = new Map<number, Set<string>>();
    const note = (name: string) => (jobId: number) => {
      if (!ranBy.has(jobId)) ranBy.set(jobId, new Set());
      ranBy.get(jobId)!.add(name);
    };
    const first = await uploadEpisode(shortVideo, 80);
    const second = await uploadEpisode(shortVideo, 81);
    await Promise.all([startWorker(note('a')).start(), startWorker(note('b')).start()]);

    const jobs = [await waitForStatus(first.id, 'ready'), await waitForStatus(second.id, 'ready')];
    for (const job of jobs) {
      expect(job.attempts).toBe(1);
      expect(ranBy.get(job.id)?.size).toBe(1);
    }
  }, 240_000);
});

/** A new episode whose transcode job is then put in the given state, as a crash would leave it. */
async function uploadedJobSetTo(episodeNumber: number, state: Partial<typeof mediaJobs.$inferInsert>) {
  const episode = await uploadEpisode(shortVideo, episodeNumber);
  const job = await jobOf(episode.id);
  await updateMediaJob(t.db, job.id, state);
  return { episode, job };
}

describe('transcodes that survive crashes', () => {
  it('stops the ffmpeg a killed worker left running before the next start runs the job again', async () => {
    const episode = await uploadEpisode(longVideo, 160);
    const child = spawnWorkerProcess({ detached: false });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const running = await waitForProgress(episode.id);
    // Only node dies (kill -9 of one pid): its ffmpeg is orphaned and runs on.
    child.kill('SIGKILL');
    await exited;
    const orphans = processesMentioning(running.workDir!);
    expect(orphans.length).toBeGreaterThan(0);

    const restarted = startWorker();
    await restarted.start();
    await waitFor(
      'the orphaned ffmpeg to be gone',
      async () => processesMentioning(running.workDir!).length === 0,
      10_000,
    );
    const ready = await waitForStatus(episode.id, 'ready');
    expect(ready.attempts).toBe(2);
  }, 300_000);

  it('a job failed by restarts keeps its upload, and one call runs it again', async () => {
    // As left by a third worker that died mid-run: marked running, nobody holding its lock.
    const { episode } = await uploadedJobSetTo(161, {
      status: 'processing',
      attempts: 3,
      workDir: path.join(dataDir, 'work', 'job-dead'),
    });
    const sweeper = startWorker();
    expect(await sweeper.sweepAbandonedJobs()).toBe(1);
    const failed = await jobOf(episode.id);
    expect(failed).toMatchObject({ status: 'failed', retryable: true });
    expect(fs.existsSync(failed.sourcePath)).toBe(true);

    const listed = await t.admin({ method: 'GET', url: `/api/episodes/${episode.id}/admin` });
    expect(listed.json().media).toMatchObject({ status: 'failed', retryable: true });
    expect(listed.json().media.error).toMatch(/upload is kept/);

    const retried = await t.admin({ method: 'POST', url: `/api/episodes/${episode.id}/retry-transcode` });
    expect(retried.statusCode).toBe(202);
    expect(retried.json().media).toMatchObject({ status: 'queued', retryable: false });
    await sweeper.start();
    const ready = await waitFor(
      'the retried job to be ready',
      async () => {
        const [latest] = await t.db
          .select()
          .from(mediaJobs)
          .where(eq(mediaJobs.episodeId, episode.id))
          .orderBy(desc(mediaJobs.id))
          .limit(1);
        return latest?.status === 'ready' ? latest : null;
      },
      120_000,
    );
    expect(ready.id).not.toBe(failed.id);
    expect(ready.sourcePath).toBe(failed.sourcePath);
    await filesGone(ready.sourcePath);

    const again = await t.admin({ method: 'POST', url: `/api/episodes/${episode.id}/retry-transcode` });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/no failed transcode to retry/);
  }, 300_000);

  it('deleting the episode removes an upload kept for a retry', async () => {
    const { episode, job } = await uploadedJobSetTo(162, {
      status: 'failed',
      retryable: true,
      error: 'stopped 3 times',
    });
    expect(fs.existsSync(job.sourcePath)).toBe(true);
    expect((await t.admin({ method: 'DELETE', url: `/api/episodes/${episode.id}` })).statusCode).toBe(204);
    await filesGone(job.sourcePath);
  });
});
