import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminEpisode } from '#contract/index.ts';
import { episodes, mediaJobs, series } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';
import {
  createEpisode,
  createEpisodes,
  createSeries as createTestSeries,
  createUnlock,
} from '../../testing/factory.ts';
import { makeSourceVideo, multipartBody, waitFor } from '../../testing/media-uploads.ts';
import { episodesOwningMedia } from './episodes.repository.ts';
import { MEDIA_PATH_MAX_LENGTH, mediaVerdict } from './episodes.service.ts';
import { sweepExpired } from '../../plugins/housekeeping.ts';
import { retiredMediaGraceMs } from '../transcode/transcode.service.ts';

// Transcodes share two cores with everything else running: allow them time on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

let t: TestContext;
let dataDir: string;
let smallVideo: Buffer;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-episodes-'));
  t = await createTestContext({ DATA_DIR: dataDir, MAX_UPLOAD_MB: '1' });
  smallVideo = fs.readFileSync(await makeSourceVideo(dataDir, { width: 270, height: 480, seconds: 4 }));
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let seriesCount = 0;
function createSeries(values: Partial<typeof series.$inferInsert> = {}) {
  seriesCount += 1;
  return createTestSeries(t.db, {
    title: `Series ${seriesCount}`,
    description: 'A test series',
    thumbnailUrl: '/media/art/test.svg',
    ...values,
  });
}

function upload(
  seriesId: number,
  content: Buffer,
  fields: Record<string, string> = {},
  as: (o: object) => ReturnType<TestContext['admin']> = (o) => t.admin(o),
) {
  return as({
    method: 'POST',
    url: `/api/series/${seriesId}/episodes`,
    ...multipartBody(fields, [{ field: 'video', filename: 'episode.mp4', content }]),
  });
}

async function adminEpisode(episodeId: number): Promise<AdminEpisode> {
  const response = await t.admin({ method: 'GET', url: `/api/episodes/${episodeId}/admin` });
  expect(response.statusCode).toBe(200);
  return response.json<AdminEpisode>();
}

function waitUntilSettled(episodeId: number) {
  return waitFor(`episode ${episodeId} to be transcoded`, async () => {
    const episode = await adminEpisode(episodeId);
    return episode.media.status === 'ready' || episode.media.status === 'failed' ? episode : null;
  });
}

function waitUntilQueueEmpty() {
  return waitFor('the queue to empty', async () => {
    const busy = await t.db
      .select({ id: mediaJobs.id })
      .from(mediaJobs)
      .where(inArray(mediaJobs.status, ['queued', 'processing']));
    return busy.length === 0;
  });
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/** Everything an upload could change. */
async function state(seriesId: number) {
  const [row] = await t.db.select({ total: series.totalEpisodes }).from(series).where(eq(series.id, seriesId));
  return {
    episodes: await t.db.select().from(episodes).where(eq(episodes.seriesId, seriesId)).orderBy(episodes.id),
    jobs: await t.db.select({ id: mediaJobs.id, status: mediaJobs.status }).from(mediaJobs).orderBy(mediaJobs.id),
    totalEpisodes: row?.total,
    uploads: filesUnder(path.join(dataDir, 'uploads')),
    media: filesUnder(t.mediaDir),
  };
}

const mediaFile = (url: string) => path.join(t.mediaDir, url.replace(/^\/media\//, ''));

describe('operator episode uploads', () => {
  it('refuses an upload without an operator session, changing nothing', async () => {
    const s = await createSeries();
    const before = await state(s.id);
    const asViewer = await upload(s.id, smallVideo, {}, (o) => t.viewer(o));
    expect(asViewer.statusCode).toBe(401);
    expect(asViewer.json().message).toBe('Your admin session has ended. Please sign in again.');
    const anonymous = await upload(s.id, smallVideo, {}, (o) => t.app.inject(o));
    expect(anonymous.statusCode).toBe(401);
    expect(await state(s.id)).toEqual(before);
  });

  it('turns an uploaded video into a playable HLS episode', async () => {
    const s = await createSeries();
    const response = await upload(s.id, smallVideo, { title: 'Pilot', episodeNumber: '1' });
    expect(response.statusCode).toBe(201);
    const created = response.json<AdminEpisode>();
    expect(created).toMatchObject({ seriesId: s.id, episodeNumber: 1, title: 'Pilot', videoUrl: '' });
    expect(created.media).toMatchObject({ status: 'queued', playable: false, error: null });
    expect((await state(s.id)).totalEpisodes).toBe(1);

    const ready = await waitUntilSettled(created.id);
    expect(ready.media).toMatchObject({ status: 'ready', percent: 100, playable: true, error: null });
    expect(ready.videoUrl).toMatch(new RegExp(`^/media/series/${s.id}/episodes/${created.id}/[\\w-]+/master\\.m3u8$`));
    expect(ready.thumbnailUrl).toBe(ready.videoUrl.replace('master.m3u8', 'poster.jpg'));
    expect(ready.duration).toBe(4);
    const master = fs.readFileSync(mediaFile(ready.videoUrl), 'utf8');
    expect(master).toContain('RESOLUTION=270x480');
    expect(fs.readFileSync(mediaFile(ready.thumbnailUrl)).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    // The source and the scratch folder are gone once published.
    expect(filesUnder(path.join(dataDir, 'uploads'))).toEqual([]);
    expect(filesUnder(path.join(dataDir, 'work'))).toEqual([]);

    const list = await t.admin({ method: 'GET', url: `/api/series/${s.id}/episodes/admin` });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([ready]);
    // The viewer side sees the published video.
    const viewer = await t.viewer({ method: 'GET', url: `/api/episodes/${created.id}` });
    expect(viewer.json()).toMatchObject({ videoUrl: ready.videoUrl, duration: 4 });
  });

  it('numbers an upload after the last episode and refuses a number that is taken', async () => {
    const s = await createSeries();
    const fifth = await upload(s.id, smallVideo, { episodeNumber: '5' });
    expect(fifth.statusCode).toBe(201);
    expect(fifth.json()).toMatchObject({ episodeNumber: 5, title: 'Episode 5' });
    const next = await upload(s.id, smallVideo);
    expect(next.statusCode).toBe(201);
    expect(next.json()).toMatchObject({ episodeNumber: 6, title: 'Episode 6' });
    await waitUntilQueueEmpty();

    const before = await state(s.id);
    expect(before.totalEpisodes).toBe(2);
    const taken = await upload(s.id, smallVideo, { episodeNumber: '5' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: 'Episode 5 already exists in this series.', field: 'episodeNumber' });
    const badNumber = await upload(s.id, smallVideo, { episodeNumber: 'five' });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json()).toMatchObject({ message: 'Episode number must be a number', field: 'episodeNumber' });
    expect(await state(s.id)).toEqual(before);
  });

  it('refuses a file that is not a video, changing nothing', async () => {
    const s = await createSeries();
    await waitUntilQueueEmpty();
    const before = await state(s.id);
    const junk = Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => (i * 7919 + 13) % 256));
    const response = await upload(s.id, junk, { title: 'Broken' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'The file is not a playable video: it is not an MP4, MOV, MKV or WebM video',
      field: 'video',
    });
    const noFile = await t.admin({
      method: 'POST',
      url: `/api/series/${s.id}/episodes`,
      ...multipartBody({ title: 'x' }, []),
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe('Choose a video file to upload.');
    expect(await state(s.id)).toEqual(before);
  });

  it('refuses a playlist, a concat list and a picture with a readable 400, storing nothing', async () => {
    const s = await createSeries();
    await waitUntilQueueEmpty();
    const before = await state(s.id);
    // ffmpeg would follow either list to a file outside DATA_DIR and publish it as the episode.
    const outside = await makeSourceVideo(os.tmpdir(), { width: 180, height: 320, seconds: 1 });
    const playlist = `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:1.0,\n${outside}\n#EXT-X-ENDLIST\n`;
    const concat = `ffconcat version 1.0\nfile '${outside}'\n`;
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    for (const [name, content] of [
      ['episode.m3u8', playlist],
      ['episode.mp4', playlist],
      ['list.txt', concat],
      ['poster.png', png],
    ] as const) {
      const response = await t.admin({
        method: 'POST',
        url: `/api/series/${s.id}/episodes`,
        ...multipartBody({}, [{ field: 'video', filename: name, content: Buffer.from(content) }]),
      });
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toMatchObject({
        message: 'The file is not a playable video: it is not an MP4, MOV, MKV or WebM video',
        field: 'video',
      });
    }
    fs.rmSync(outside, { force: true });
    expect(await state(s.id)).toEqual(before);
  });

  it('accepts Matroska as well as MP4, and stores the upload under a neutral name', async () => {
    const s = await createSeries();
    const source = await makeSourceVideo(dataDir, { width: 270, height: 480, seconds: 2, container: 'matroska' });
    const response = await t.admin({
      method: 'POST',
      url: `/api/series/${s.id}/episodes`,
      ...multipartBody({}, [
        { field: 'video', filename: 'episode.mkv', content: fs.readFileSync(source), contentType: 'video/x-matroska' },
      ]),
    });
    expect(response.statusCode).toBe(201);
    const id = response.json<AdminEpisode>().id;
    const [job] = await t.db
      .select({ sourcePath: mediaJobs.sourcePath })
      .from(mediaJobs)
      .where(eq(mediaJobs.episodeId, id));
    expect(path.basename(job!.sourcePath)).toMatch(/^\d+-[0-9a-f]{12}\.video$/);
    const ready = await waitUntilSettled(id);
    expect(ready.media).toMatchObject({ status: 'ready', playable: true });
  });

  it('refuses an upload over MAX_UPLOAD_MB with 413, changing nothing', async () => {
    const s = await createSeries();
    await waitUntilQueueEmpty();
    const before = await state(s.id);
    // Just over the limit: caught while streaming to disk.
    const over = await upload(s.id, Buffer.concat([smallVideo, Buffer.alloc(1024 * 1024)]));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({
      error: 'Payload Too Large',
      message: 'The video is too large (the limit is 1 MB).',
    });
    // Far over: refused from its declared length before reading it.
    const farOver = await upload(s.id, Buffer.alloc(3 * 1024 * 1024));
    expect(farOver.statusCode).toBe(413);
    expect(await state(s.id)).toEqual(before);
  });

  it('answers 404 for an upload to a missing series', async () => {
    const response = await upload(999_999, smallVideo);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Series not found.');
    expect(filesUnder(path.join(dataDir, 'uploads'))).toEqual([]);
  });
});

describe('operator episode management', () => {
  async function readyEpisode(seriesId: number, episodeNumber: number) {
    const response = await upload(seriesId, smallVideo, { episodeNumber: String(episodeNumber) });
    expect(response.statusCode).toBe(201);
    return waitUntilSettled(response.json<AdminEpisode>().id);
  }

  it('edits the title and number of an episode', async () => {
    const s = await createSeries();
    const [first, second] = await createEpisodes(t.db, s.id, 2, (n) => ({
      title: `E${n}`,
      videoUrl: '/media/clips/a.mp4',
      thumbnailUrl: '',
      duration: 0,
    }));
    const edited = await t.admin({
      method: 'PUT',
      url: `/api/episodes/${first!.id}`,
      payload: { title: ' The Return ', episodeNumber: 3 },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      id: first!.id,
      title: 'The Return',
      episodeNumber: 3,
      media: { status: 'ready', playable: true },
    });

    const taken = await t.admin({ method: 'PUT', url: `/api/episodes/${second!.id}`, payload: { episodeNumber: 3 } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: 'Episode 3 already exists in this series.', field: 'episodeNumber' });
    const blank = await t.admin({ method: 'PUT', url: `/api/episodes/${second!.id}`, payload: { title: '  ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: 'title: Title is required', field: 'title' });
    const [unchanged] = await t.db.select().from(episodes).where(eq(episodes.id, second!.id));
    expect(unchanged).toMatchObject({ title: 'E2', episodeNumber: 2 });

    expect(
      (await t.viewer({ method: 'PUT', url: `/api/episodes/${second!.id}`, payload: { title: 'x' } })).statusCode,
    ).toBe(401);
    expect((await t.admin({ method: 'PUT', url: '/api/episodes/999999', payload: { title: 'x' } })).statusCode).toBe(
      404,
    );
  });

  it('replaces the video, keeping the old one playable until the new one is published', async () => {
    const s = await createSeries();
    const original = await readyEpisode(s.id, 1);
    const oldFolder = path.dirname(mediaFile(original.videoUrl));
    expect(fs.existsSync(oldFolder)).toBe(true);

    const replaced = await t.admin({
      method: 'PUT',
      url: `/api/episodes/${original.id}/video`,
      ...multipartBody({}, [{ field: 'video', filename: 'new.mov', content: smallVideo }]),
    });
    expect(replaced.statusCode).toBe(202);
    expect(replaced.json()).toMatchObject({ videoUrl: original.videoUrl, media: { status: 'queued', playable: true } });

    const ready = await waitUntilSettled(original.id);
    expect(ready.media.status).toBe('ready');
    expect(ready.videoUrl).not.toBe(original.videoUrl);
    expect(fs.existsSync(mediaFile(ready.videoUrl))).toBe(true);
    // A viewer in the middle of the old video plays on: its folder stays through the grace period (tokens handed out
    // before the switch live at most 1.5 times their lifetime), then the sweep of retired media removes it.
    const grace = retiredMediaGraceMs(t.app.config.mediaTokenMs);
    expect(grace).toBeGreaterThan(1.5 * t.app.config.mediaTokenMs);
    expect(fs.existsSync(oldFolder)).toBe(true);
    expect((await sweepExpired(t.app, new Date(Date.now() + grace - 60_000)))['retiredMediaFolders']).toBe(0);
    expect(fs.existsSync(oldFolder)).toBe(true);
    expect((await sweepExpired(t.app, new Date(Date.now() + grace + 60_000)))['retiredMediaFolders']).toBe(1);
    expect(fs.existsSync(oldFolder)).toBe(false);
    expect(fs.existsSync(mediaFile(ready.videoUrl))).toBe(true);

    const junk = await t.admin({
      method: 'PUT',
      url: `/api/episodes/${original.id}/video`,
      ...multipartBody({}, [{ field: 'video', filename: 'new.mp4', content: Buffer.from('not a video at all') }]),
    });
    expect(junk.statusCode).toBe(400);
    expect((await adminEpisode(original.id)).videoUrl).toBe(ready.videoUrl);
  });

  it('deletes an episode with its media, and totalEpisodes follows', async () => {
    const s = await createSeries();
    const episode = await readyEpisode(s.id, 1);
    const second = await upload(s.id, smallVideo);
    expect((await state(s.id)).totalEpisodes).toBe(2);
    await waitUntilQueueEmpty();

    const folder = path.dirname(mediaFile(episode.videoUrl));
    expect((await t.viewer({ method: 'DELETE', url: `/api/episodes/${episode.id}` })).statusCode).toBe(401);
    const deleted = await t.admin({ method: 'DELETE', url: `/api/episodes/${episode.id}` });
    expect(deleted.statusCode).toBe(204);
    expect(fs.existsSync(folder)).toBe(false);
    const after = await state(s.id);
    expect(after.totalEpisodes).toBe(1);
    expect(after.episodes.map((e) => e.id)).toEqual([second.json<AdminEpisode>().id]);
    expect((await t.admin({ method: 'GET', url: `/api/episodes/${episode.id}/admin` })).statusCode).toBe(404);
    expect((await t.admin({ method: 'DELETE', url: `/api/episodes/${episode.id}` })).statusCode).toBe(404);
  });

  it('lists a series for operators only', async () => {
    const s = await createSeries();
    expect((await t.viewer({ method: 'GET', url: `/api/series/${s.id}/episodes/admin` })).statusCode).toBe(401);
    expect((await t.admin({ method: 'GET', url: `/api/series/${s.id}/episodes/admin` })).json()).toEqual([]);
    expect((await t.admin({ method: 'GET', url: '/api/series/999999/episodes/admin' })).statusCode).toBe(404);
  });
});

describe('mediaVerdict', () => {
  it('refuses the playlists and segments of a locked episode until the viewer unlocks it', async () => {
    const paid = await createSeries({ isFree: false });
    const free = await createSeries({ isFree: true });
    const hls = (s: number, e: number) => `/media/series/${s}/episodes/${e}/1-1-abc/master.m3u8`;
    const episode = (seriesId: number, episodeNumber: number, title: string, videoUrl: string) =>
      createEpisode(t.db, seriesId, episodeNumber, { title, videoUrl, thumbnailUrl: '', duration: 0 });
    await episode(paid.id, 3, 'Three', hls(paid.id, 3));
    await episode(paid.id, 11, 'Eleven', hls(paid.id, 11));
    await episode(free.id, 12, 'Twelve', hls(free.id, 12));
    // A demo clip shared by a free and a locked episode, and one only a locked episode plays.
    await episode(paid.id, 1, 'One', '/media/clips/shared.mp4');
    await episode(paid.id, 15, 'Fifteen', '/media/clips/shared.mp4');
    await episode(paid.id, 16, 'Sixteen', '/media/clips/only-16.mp4');
    const verdict = (p: string) => mediaVerdict(t.db, t.viewerId, p);
    const can = async (p: string) => (await verdict(p)) !== 'locked';
    const locked = hls(paid.id, 11);

    expect(await can(locked)).toBe(false);
    expect(await can(locked.replace('master.m3u8', '360p/index.m3u8'))).toBe(false);
    expect(await can(locked.replace('master.m3u8', '360p/seg_00001.m4s'))).toBe(false);
    expect(await can(locked.replace('master.m3u8', '360p/init_0.mp4?x=1'))).toBe(false);
    expect(await can('/media/clips/only-16.mp4')).toBe(false);

    expect(await can(locked.replace('master.m3u8', 'poster.jpg'))).toBe(true);
    expect(await can(hls(paid.id, 3).replace('master.m3u8', '360p/seg_00000.m4s'))).toBe(true);
    expect(await can(hls(free.id, 12).replace('master.m3u8', '540p/seg_00003.m4s'))).toBe(true);
    expect(await can('/media/clips/shared.mp4')).toBe(true);
    expect(await can('/media/art/poster.svg')).toBe(true);
    expect(await can('/media/somewhere/else.m4s')).toBe(true);

    // Free media may sit in shared caches; an unlocked episode's only in the viewer's own.
    expect(await verdict(hls(free.id, 12).replace('master.m3u8', '540p/seg_00003.m4s'))).toBe('free');
    expect(await verdict(hls(paid.id, 3))).toBe('free');
    expect(await verdict('/media/art/poster.svg')).toBe('open');

    await createUnlock(t.db, t.viewerId, paid.id, 11);
    expect(await can(locked.replace('master.m3u8', '360p/seg_00001.m4s'))).toBe(true);
    expect(await verdict(locked)).toBe('unlocked');
  });

  it('asks with a named statement per number of folders, prepared once per connection', async () => {
    await t.db.transaction(async (tx) => {
      // One transaction is one connection: the second round reuses what the first prepared.
      for (let round = 0; round < 2; round++) {
        await episodesOwningMedia(tx, t.viewerId, '/media/clips/x.mp4', ['/media/clips/'], 10);
        await episodesOwningMedia(tx, t.viewerId, '/media/a/b/c.m4s', ['/media/a/b/', '/media/a/'], 10);
      }
      const { rows } = await tx.execute<{ name: string }>(
        sql`select name from pg_prepared_statements where name like 'media_owners%' order by name`,
      );
      expect(rows.map((row) => row.name)).toEqual(['media_owners_in_1_folders', 'media_owners_in_2_folders']);
    });
  });

  it('answers paths longer or deeper than any we make without a query, and finds owners only two folders up', async () => {
    const deep = `/media/${'a/'.repeat(7000)}x.m4s`;
    expect(await mediaVerdict(t.db, t.viewerId, deep)).toBe('no-such-path');
    expect(await mediaVerdict(t.db, t.viewerId, `/%6dedia/${'a/'.repeat(7000)}x.m4s`)).toBe('no-such-path');
    expect(await mediaVerdict(t.db, t.viewerId, `/media/${'x'.repeat(MEDIA_PATH_MAX_LENGTH)}.m4s`)).toBe(
      'no-such-path',
    );
    expect(await mediaVerdict(t.db, t.viewerId, '/media/%E0%A4%A.m4s')).toBe('no-such-path');
    expect(await mediaVerdict(t.db, t.viewerId, '/media/a/b/c/d/e/f/g/h/i/j/k.m4s')).toBe('no-such-path');

    const paid = await createSeries({ isFree: false });
    const folder = `/media/series/${paid.id}/episodes/30/1-1-fedcba/`;
    await createEpisode(t.db, paid.id, 30, {
      title: 'Thirty',
      videoUrl: `${folder}master.m3u8`,
      thumbnailUrl: '',
      duration: 0,
    });
    expect(await mediaVerdict(t.db, t.viewerId, `${folder}360p/seg_00001.m4s`)).toBe('locked');
    // Three levels below the episode's folder is no file of the episode's.
    expect(await mediaVerdict(t.db, t.viewerId, `${folder}360p/deeper/seg_00001.m4s`)).toBe('open');
  });
});
