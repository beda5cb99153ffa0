import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminEpisode } from '#contract/index.ts';
import { episodes, mediaJobs } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';
import { startS3Server, type TestS3Server } from '../../testing/s3-server.ts';
import { createSeries, creditViewer } from '../../testing/factory.ts';
import { makeSourceVideo, multipartBody, waitFor } from '../../testing/media-uploads.ts';
import { createTranscodeWorker, type TranscodeWorker } from './transcode.worker.ts';
import { mediaTokenSecret, tokenMediaUrl } from '../../media/media-token.ts';
import { sweepExpired } from '../../plugins/housekeeping.ts';

const silent = { info: () => {}, warn: () => {}, error: () => {} };

let s3: TestS3Server;
let t: TestContext;
let dataDir: string;
let seriesId: number;
let video: Buffer;
let worker: TranscodeWorker;

beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-bucket-pipeline-'));
  t = await createTestContext(
    { DATA_DIR: dataDir, TRANSCODE_CONCURRENCY: '0', MEDIA_STORAGE: 's3', S3_BUCKET: s3.bucket },
    {
      config: {
        mediaStorage: {
          kind: 's3',
          endpoint: s3.endpoint,
          region: 'us-east-1',
          bucket: s3.bucket,
          accessKeyId: 'S3RVER',
          secretAccessKey: 'S3RVER',
          forcePathStyle: true,
          requestTimeoutMs: 1000,
        },
      },
    },
  );
  await startWorker();
  seriesId = (await createSeries(t.db, { title: 'Bucket', totalEpisodes: 12, episodeCost: 30 })).id;
  video = fs.readFileSync(await makeSourceVideo(dataDir, { width: 180, height: 320, seconds: 2 }));
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await s3?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The worker of "another machine": the app itself runs none (TRANSCODE_CONCURRENCY=0). */
async function startWorker() {
  worker = createTranscodeWorker({
    db: t.db,
    storage: t.app.mediaPipeline.storage,
    workRoot: path.join(dataDir, 'work'),
    concurrency: 1,
    log: silent,
    pollMs: 200,
    storeBackoffMs: 300,
  });
  await worker.start();
}

const adminEpisode = async (id: number) =>
  (await t.admin({ method: 'GET', url: `/api/episodes/${id}/admin` })).json<AdminEpisode>();
const jobsOf = (episodeId: number) =>
  t.db.select().from(mediaJobs).where(eq(mediaJobs.episodeId, episodeId)).orderBy(mediaJobs.id);

const originalInBucket = async (source: string) =>
  (await t.app.mediaPipeline.storage.list(source.replace(/^media-store:/, ''))).length === 1;
const uploadsOnDisk = () =>
  fs.readdirSync(path.join(dataDir, 'uploads'), { recursive: true }).filter((name) => String(name).endsWith('.video'));

const SRT = '1\n00:00:00,200 --> 00:00:01,500\nHello from the bucket.\n';

describe('the media pipeline with MEDIA_STORAGE=s3', () => {
  it(
    'transcodes an upload into the bucket, adds subtitles there, and plays it through a token once unlocked',
    { timeout: 120_000 },
    async () => {
      const upload = await t.admin({
        method: 'POST',
        url: `/api/series/${seriesId}/episodes`,
        ...multipartBody({ episodeNumber: '11' }, [{ field: 'video', filename: 'e.mp4', content: video }]),
      });
      expect(upload.statusCode).toBe(201);
      const id = upload.json<AdminEpisode>().id;
      const ready = await waitFor('the transcode', async () => {
        const e = await adminEpisode(id);
        return e.media.status === 'ready' && e;
      });
      const key = ready.videoUrl.replace(/^\/media\//, '');
      const folder = key.slice(0, key.lastIndexOf('/'));
      expect(folder).toMatch(new RegExp(`^series/${seriesId}/episodes/${id}/`));
      const inBucket = await t.app.mediaPipeline.storage.list(folder);
      expect(inBucket.some((f) => f.key.endsWith('.m4s'))).toBe(true);
      expect(inBucket.some((f) => f.key === key)).toBe(true);
      // Nothing of it on this disk: another instance on the same bucket can serve it.
      expect(fs.existsSync(path.join(t.mediaDir, folder))).toBe(false);

      const subtitles = await t.admin({
        method: 'PUT',
        url: `/api/episodes/${id}/subtitles/en`,
        ...multipartBody({}, [
          { field: 'file', filename: 'e.en.srt', content: Buffer.from(SRT), contentType: 'text/plain' },
        ]),
      });
      expect(subtitles.statusCode).toBeLessThan(300);

      await creditViewer(t.db, t.viewerId, { coins: 100 });
      const unlock = await t.viewer({
        method: 'POST',
        url: '/api/user/user-1/unlock-episode',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'bucket-unlock-11' },
        payload: JSON.stringify({ seriesId, episodeNumber: 11 }),
      });
      expect(unlock.statusCode).toBe(201);
      const { videoUrl } = (await t.viewer({ method: 'GET', url: `/api/episodes/${id}/playback` })).json<{
        videoUrl: string;
      }>();
      const base = videoUrl.slice(0, videoUrl.lastIndexOf('/') + 1);
      const get = (url: string) => t.app.inject({ method: 'GET', url });
      const master = await get(videoUrl);
      expect(master.statusCode).toBe(200);
      const subtitleLine = /URI="([^"]+)"/.exec(
        master.body.split('\n').find((l) => l.includes('TYPE=SUBTITLES'))!,
      )![1]!;
      const subtitlePlaylist = await get(base + subtitleLine);
      expect(subtitlePlaylist.statusCode).toBe(200);
      const vtt = subtitlePlaylist.body.split('\n').find((l) => l && !l.startsWith('#'))!;
      const cues = await get(base + subtitleLine.slice(0, subtitleLine.lastIndexOf('/') + 1) + vtt);
      expect(cues.body).toContain('Hello from the bucket.');

      const variant = master.body.split('\n').find((l) => l && !l.startsWith('#'))!;
      const playlist = await get(base + variant);
      expect(playlist.statusCode).toBe(200);
      const segment = playlist.body.split('\n').find((l) => l.endsWith('.m4s'))!;
      const variantBase = base + variant.slice(0, variant.lastIndexOf('/') + 1);
      const bytes = await get(variantBase + segment);
      expect(bytes.statusCode).toBe(200);
      expect(bytes.rawPayload.length).toBeGreaterThan(100);
    },
  );

  it(
    'two instances on one database and one bucket: uploaded on one, transcoded by the other, played through both',
    { timeout: 120_000 },
    async () => {
      await worker.stop();
      // The second instance has a data folder of its own: the upload reaches it through the bucket only.
      const otherDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-bucket-other-'));
      const other = await createTestContext(
        { DATA_DIR: otherDataDir, TRANSCODE_CONCURRENCY: '1', MEDIA_STORAGE: 's3', S3_BUCKET: s3.bucket },
        { sharingDatabaseOf: t, config: { mediaStorage: t.app.config.mediaStorage } },
      );
      expect(other.app.config.dataDir).not.toBe(t.app.config.dataDir);
      try {
        const upload = await t.admin({
          method: 'POST',
          url: `/api/series/${seriesId}/episodes`,
          ...multipartBody({ episodeNumber: '3' }, [{ field: 'video', filename: 'e3.mp4', content: video }]),
        });
        expect(upload.statusCode).toBe(201);
        const id = upload.json<AdminEpisode>().id;
        const ready = await waitFor('the other instance to transcode it', async () => {
          const e = await adminEpisode(id);
          return e.media.status === 'ready' && e;
        });
        for (const instance of [t, other]) {
          const { videoUrl } = (await instance.viewer({ method: 'GET', url: `/api/episodes/${id}/playback` })).json<{
            videoUrl: string;
          }>();
          expect(videoUrl).toBe(ready.videoUrl);
          const master = await instance.viewer({ method: 'GET', url: videoUrl });
          expect(master.statusCode).toBe(200);
          const variant = master.body.split('\n').find((l) => l && !l.startsWith('#'))!;
          const variantUrl = videoUrl.replace(/[^/]*$/, variant);
          const playlist = await instance.viewer({ method: 'GET', url: variantUrl });
          const segment = playlist.body.split('\n').find((l) => l.endsWith('.m4s'))!;
          const bytes = await instance.viewer({ method: 'GET', url: variantUrl.replace(/[^/]*$/, segment) });
          expect(bytes.statusCode).toBe(200);
          expect(bytes.rawPayload.length).toBeGreaterThan(100);
        }
      } finally {
        await other.close().catch(() => {});
        fs.rmSync(otherDataDir, { recursive: true, force: true });
        await startWorker();
      }
    },
  );

  it(
    'a store that does not answer at publish leaves the old video playing, keeps the upload and retries',
    { timeout: 120_000 },
    async () => {
      const [episode] = await t.db.select().from(episodes).where(eq(episodes.episodeNumber, 11));
      const before = episode!.videoUrl;
      // The upload reaches the bucket; the store stops before any worker takes the job.
      await worker.stop();
      const replace = await t.admin({
        method: 'PUT',
        url: `/api/episodes/${episode!.id}/video`,
        ...multipartBody({}, [{ field: 'video', filename: 'e2.mp4', content: video }]),
      });
      expect(replace.statusCode).toBeLessThan(300);
      s3.process.kill('SIGSTOP');
      let resumed = false;
      try {
        await startWorker();
        // The publish failed on the store: back in the queue with the attempt counted, its upload kept.
        const requeued = await waitFor('the job to go back to the queue', async () => {
          const job = (await jobsOf(episode!.id)).at(-1)!;
          return job.attempts >= 1 && job.status === 'queued' && job;
        });
        expect(requeued.error).toBeNull();
        expect(requeued.sourcePath).toMatch(/^media-store:originals\//);
        const [still] = await t.db.select().from(episodes).where(eq(episodes.id, episode!.id));
        expect(still!.videoUrl).toBe(before);
        s3.process.kill('SIGCONT');
        resumed = true;
        expect(await originalInBucket(requeued.sourcePath)).toBe(true);
        const done = await waitFor('the retried transcode', async () => {
          const job = (await jobsOf(episode!.id)).at(-1)!;
          return job.status !== 'queued' && job.status !== 'processing' && job;
        });
        expect(done.status).toBe('ready');
        const [after] = await t.db.select().from(episodes).where(eq(episodes.id, episode!.id));
        expect(after!.videoUrl).not.toBe(before);
        expect((await t.app.mediaPipeline.storage.list(after!.videoUrl.slice('/media/'.length))).length).toBe(1);
        expect(await originalInBucket(requeued.sourcePath)).toBe(false);
      } finally {
        if (!resumed) s3.process.kill('SIGCONT');
      }
    },
  );
});

describe('uploaded originals with MEDIA_STORAGE=s3', () => {
  const uploadWaiting = async (episodeNumber: string) => {
    const upload = await t.admin({
      method: 'POST',
      url: `/api/series/${seriesId}/episodes`,
      ...multipartBody({ episodeNumber }, [{ field: 'video', filename: 'o.mp4', content: video }]),
    });
    expect(upload.statusCode).toBe(201);
    const id = upload.json<AdminEpisode>().id;
    const [job] = await jobsOf(id);
    return { id, source: job!.sourcePath, key: job!.sourcePath.replace(/^media-store:/, '') };
  };

  it(
    'waits in the bucket, never under /media, and goes once its transcode succeeds',
    { timeout: 120_000 },
    async () => {
      await worker.stop();
      try {
        const { id, source, key } = await uploadWaiting('21');
        expect(key).toMatch(new RegExp(`^originals/series-${seriesId}/\\d+-[0-9a-f]+\\.video$`));
        expect(await originalInBucket(source)).toBe(true);
        expect(uploadsOnDisk()).toEqual([]);

        // Neither a plain address (a viewer's or an operator's) nor a genuine token for that very key serves it.
        for (const ask of [t.viewer, t.admin]) {
          const plain = await ask({ method: 'GET', url: `/media/${key}` });
          expect(plain.statusCode).toBe(404);
          expect(plain.rawPayload.length).toBeLessThan(500);
        }
        const secret = mediaTokenSecret(t.app.accessGate.signingKey);
        const { url } = tokenMediaUrl({ secret, lifetimeMs: 600_000 }, key, key);
        const tokened = await t.app.inject({ method: 'GET', url });
        expect(tokened.statusCode).toBe(404);
        const folderToken = tokenMediaUrl({ secret, lifetimeMs: 600_000 }, 'originals', key);
        expect((await t.app.inject({ method: 'GET', url: folderToken.url })).statusCode).toBe(404);

        await startWorker();
        await waitFor('the transcode', async () => (await adminEpisode(id)).media.status === 'ready');
        expect(await originalInBucket(source)).toBe(false);
      } finally {
        await worker.stop();
        await startWorker();
      }
    },
  );

  it('goes with its episode, or its series, before any worker took it', { timeout: 60_000 }, async () => {
    await worker.stop();
    try {
      const episode = await uploadWaiting('22');
      const removed = await t.admin({ method: 'DELETE', url: `/api/episodes/${episode.id}` });
      expect(removed.statusCode).toBe(204);
      expect(await originalInBucket(episode.source)).toBe(false);

      const other = await createSeries(t.db, { title: 'Gone', totalEpisodes: 1, episodeCost: 30 });
      const upload = await t.admin({
        method: 'POST',
        url: `/api/series/${other.id}/episodes`,
        ...multipartBody({}, [{ field: 'video', filename: 'g.mp4', content: video }]),
      });
      expect(upload.statusCode).toBe(201);
      const [job] = await jobsOf(upload.json<AdminEpisode>().id);
      expect(await originalInBucket(job!.sourcePath)).toBe(true);
      expect((await t.admin({ method: 'DELETE', url: `/api/series/${other.id}` })).statusCode).toBe(204);
      expect(await originalInBucket(job!.sourcePath)).toBe(false);
    } finally {
      await startWorker();
    }
  });

  it('an upload that is not a video, or a store that does not answer, leaves nothing behind', async () => {
    const jobsBefore = (await t.db.select().from(mediaJobs)).length;
    const notVideo = await t.admin({
      method: 'POST',
      url: `/api/series/${seriesId}/episodes`,
      ...multipartBody({ episodeNumber: '23' }, [{ field: 'video', filename: 'x.mp4', content: Buffer.from('no') }]),
    });
    expect(notVideo.statusCode).toBe(400);
    s3.process.kill('SIGSTOP');
    try {
      const down = await t.admin({
        method: 'POST',
        url: `/api/series/${seriesId}/episodes`,
        ...multipartBody({ episodeNumber: '24' }, [{ field: 'video', filename: 'd.mp4', content: video }]),
      });
      expect(down.statusCode).toBe(503);
    } finally {
      s3.process.kill('SIGCONT');
    }
    // A stalled store may still finish writing what it was sent once it answers again; no job names that, and the
    // sweep of unclaimed originals removes it (below).
    expect((await t.db.select().from(mediaJobs)).length).toBe(jobsBefore);
    expect(uploadsOnDisk()).toEqual([]);
    const [numbered] = await t.db.select().from(episodes).where(eq(episodes.episodeNumber, 24));
    expect(numbered).toBeUndefined();
  });

  it('the sweep removes an original no job needs once it is an hour old, and keeps one a job waits for', async () => {
    await worker.stop();
    try {
      const waiting = await uploadWaiting('25');
      const storage = t.app.mediaPipeline.storage;
      if (storage.kind !== 'remote') throw new Error('the bucket store');
      const stray = `originals/series-${seriesId}/${Date.now()}-abandoned.video`;
      await storage.putStream(Readable.from([Buffer.from('cut off')]), stray);
      const later = new Date(Date.now() + 2 * 3600_000);
      expect((await sweepExpired(t.app, new Date()))['unclaimedOriginals']).toBe(0);
      expect((await sweepExpired(t.app, later))['unclaimedOriginals']).toBeGreaterThanOrEqual(1);
      // Left: exactly the one a job waits for (earlier tests' originals went with their transcodes or episodes).
      expect((await storage.list('originals')).map((f) => `media-store:${f.key}`)).toEqual([waiting.source]);
      expect((await t.admin({ method: 'DELETE', url: `/api/episodes/${waiting.id}` })).statusCode).toBe(204);
    } finally {
      await startWorker();
    }
  });
});
