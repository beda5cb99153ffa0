import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_EPISODES } from '#contract/index.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { DEMO_CLIPS } from './demo-clips.ts';
import { DEMO_FALLBACK_MP4, DEMO_STAGING_DIR, demoHlsKey, prepareDemoHls } from './demo-hls.ts';
import { demoFontFile } from './demo-clip-generator.ts';
import { segmentDurations } from '../media/hls-pipeline.ts';
import { episodes, series, subtitleTracks } from '../db/schema.ts';
import { creditViewer, updateEpisode } from '../testing/factory.ts';
import { seedDemoCatalogue } from './seed.ts';
import { prepareDemoMedia, type DemoMediaResult } from './demo-media.ts';

let t: TestContext;
let first: DemoMediaResult;
let episodeCount: number;
const logs: string[] = [];
const log = { info: (m: string) => logs.push(m), warn: (m: string) => logs.push(`WARN ${m}`) };
const OPERATOR_URL = '/media/series/1/episodes/1/7-1-abcdef/master.m3u8';
const DEMO_URL = /^\/media\/series\/(\d+)\/episodes\/(\d+)\/demo-(\d+)-([0-9a-f]{12})\/master\.m3u8$/;

const fileOf = (url: string) => path.join(t.mediaDir, url.replace(/^\/media\//, ''));
const get = (url: string) => t.viewer({ method: 'GET', url });
// ffmpeg names the init segment by its version (init.mp4, init_0.mp4); the playlist says which.
const initOf360p = (dir: string) =>
  `360p/${/#EXT-X-MAP:URI="([^"]+)"/.exec(fs.readFileSync(path.join(dir, '360p', 'index.m3u8'), 'utf8'))![1]}`;

beforeAll(async () => {
  t = await createTestContext();
  await seedDemoCatalogue(t.db, { mediaDir: t.mediaDir, log: () => {} });
  // An episode an operator already gave its own video: the demo media must leave it alone.
  const [operatorEpisode] = await t.db
    .select()
    .from(episodes)
    .orderBy(desc(episodes.seriesId), asc(episodes.episodeNumber))
    .limit(1);
  await updateEpisode(t.db, operatorEpisode!.id, { videoUrl: OPERATOR_URL });
  episodeCount = (await t.db.select().from(episodes)).length;
  // Shared cache: encodes only on a machine's very first run (then a minute or two), links afterwards.
  first = await prepareDemoMedia(t.db, t.mediaDir, { log, retireClipsAfterMs: 0 });
  logs.push(`first run: ${JSON.stringify(first)}`);
}, 600_000);
afterAll(async () => {
  console.info(logs.filter((l) => /demo media|first run|again/.test(l)).join('\n'));
  await t.close();
});

async function demoEpisodes() {
  return t.db
    .select({
      id: episodes.id,
      seriesId: episodes.seriesId,
      episodeNumber: episodes.episodeNumber,
      videoUrl: episodes.videoUrl,
    })
    .from(episodes)
    .where(like(episodes.videoUrl, '%/demo-%'));
}

async function episodeOf(isFree: boolean, episodeNumber: number) {
  const [row] = await t.db
    .select({ seriesId: series.id, id: episodes.id, videoUrl: episodes.videoUrl, cost: series.episodeCost })
    .from(episodes)
    .innerJoin(series, eq(series.id, episodes.seriesId))
    .where(and(eq(series.isFree, isFree), eq(episodes.episodeNumber, episodeNumber)))
    .orderBy(asc(series.id))
    .limit(1);
  return row!;
}

describe('demo episodes on HLS', () => {
  it('switches every demo episode to a folder of its own, and leaves an operator video alone', async () => {
    const rows = await demoEpisodes();
    expect(first.switched).toBe(episodeCount - 1);
    expect(rows.length).toBe(episodeCount - 1);
    expect(new Set(rows.map((r) => r.videoUrl)).size).toBe(rows.length);
    for (const row of rows) {
      const match = DEMO_URL.exec(row.videoUrl);
      expect(match, row.videoUrl).not.toBeNull();
      expect(Number(match![1])).toBe(row.seriesId);
      expect(Number(match![2])).toBe(row.id);
    }
    const [kept] = await t.db.select().from(episodes).where(eq(episodes.videoUrl, OPERATOR_URL));
    expect(kept).toBeDefined();
  });

  it('makes each folder from hard links to the same files (no copies), with HLS, poster and an MP4 fallback', async () => {
    const rows = await demoEpisodes();
    const byClip = new Map<string, string[]>();
    for (const row of rows) {
      const clip = DEMO_URL.exec(row.videoUrl)![3]!;
      byClip.set(clip, [...(byClip.get(clip) ?? []), row.videoUrl]);
    }
    expect(byClip.size).toBe(DEMO_CLIPS.length);
    for (const urls of byClip.values()) {
      const [a, b] = urls.map((u) => path.dirname(fileOf(u)));
      for (const file of [
        'master.m3u8',
        '360p/index.m3u8',
        initOf360p(a!),
        '360p/seg_00000.m4s',
        'poster.jpg',
        DEMO_FALLBACK_MP4,
      ]) {
        expect(fs.existsSync(path.join(a!, file)), file).toBe(true);
        expect(fs.statSync(path.join(a!, file)).ino, file).toBe(fs.statSync(path.join(b!, file)).ino);
      }
      const playlist = fs.readFileSync(path.join(a!, '360p/index.m3u8'), 'utf8');
      const durations = segmentDurations(playlist);
      expect(durations.length).toBeGreaterThanOrEqual(10);
      for (const d of durations.slice(0, -1)) expect(d).toBeCloseTo(2, 1);
    }
    expect(first.copied).toBe(false);
  });

  it('gives every demo episode caption tracks in en, es, ar, ja and hi, listed in its master playlist', async () => {
    const rows = await demoEpisodes();
    const tracks = await t.db.select().from(subtitleTracks);
    const [row] = rows;
    const mine = tracks.filter((track) => track.episodeId === row!.id);
    expect(mine.map((track) => track.language).sort()).toEqual(['ar', 'en', 'es', 'hi', 'ja']);
    expect(new Set(tracks.map((track) => track.episodeId)).size).toBe(rows.length);
    const master = fs.readFileSync(fileOf(row!.videoUrl), 'utf8');
    expect(master.match(/#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="(en|es|ar|ja|hi)"/g)).toHaveLength(5);
    expect(master.match(/^#EXT-X-STREAM-INF:.*SUBTITLES="subs"$/gm)!.length).toBeGreaterThan(0);
    const episode = (await get(`/api/episodes/${row!.id}`)).json() as {
      subtitles: { language: string; fileUrl: string }[];
    };
    const arabic = episode.subtitles.find((s) => s.language === 'ar')!;
    const served = await t.admin({ method: 'GET', url: arabic.fileUrl });
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain('[ترجمة تجريبية]');
  });

  it('links and switches all demo episodes within a few seconds', () => {
    expect(first.publishMs).toBeLessThan(10_000);
  });

  it("answers 403 for a locked demo episode's playlists, segments and MP4, 200 after unlocking", async () => {
    const locked = await episodeOf(false, FREE_EPISODES + 1);
    const dir = locked.videoUrl.replace(/master\.m3u8$/, '');
    const init = initOf360p(path.dirname(fileOf(locked.videoUrl)));
    const media = ['master.m3u8', '360p/index.m3u8', init, '360p/seg_00003.m4s', DEMO_FALLBACK_MP4];
    for (const name of media) {
      const res = await get(dir + name);
      expect(res.statusCode, name).toBe(403);
      expect(res.json().message, name).toBe('Unlock this episode to watch it.');
    }
    const poster = await get(`${dir}poster.jpg`);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');

    await creditViewer(t.db, t.viewerId, { coins: locked.cost });
    const unlock = await t.viewer({
      method: 'POST',
      url: '/api/user/user-1/unlock-episode',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'demo-media-unlock' },
      payload: JSON.stringify({ seriesId: locked.seriesId, episodeNumber: FREE_EPISODES + 1 }),
    });
    expect(unlock.statusCode).toBe(201);
    for (const name of media) expect((await get(dir + name)).statusCode, name).toBe(200);
    const segment = await get(`${dir}360p/seg_00003.m4s`);
    expect(segment.rawPayload.equals(fs.readFileSync(fileOf(`${dir}360p/seg_00003.m4s`)))).toBe(true);
  });

  it('plays free episodes (1-10 of a paid series, any of a free series) and serves art to every viewer', async () => {
    for (const episode of [
      await episodeOf(false, 1),
      await episodeOf(false, FREE_EPISODES),
      await episodeOf(true, 25),
    ]) {
      const master = await get(episode.videoUrl);
      expect(master.statusCode, episode.videoUrl).toBe(200);
      expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
      expect(master.headers['cache-control']).toBe('public, no-cache');
      const segment = await get(episode.videoUrl.replace('master.m3u8', '360p/seg_00000.m4s'));
      expect(segment.statusCode).toBe(200);
      expect(segment.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(segment.headers['content-type']).toBe('video/iso.segment');
    }
    const [someSeries] = await t.db.select().from(series).where(eq(series.isFree, false)).limit(1);
    expect((await get(someSeries!.verticalThumbnailUrl!)).statusCode).toBe(200);
    expect((await get(someSeries!.thumbnailUrl)).statusCode).toBe(200);
  });

  it('retires the shared MP4 clips once no episode plays them, and never serves the staging folder', async () => {
    expect((await get('/media/clips/clip-1.mp4')).statusCode).toBe(404);
    const { key } = demoHlsKey(await demoFontFile());
    expect(fs.existsSync(path.join(t.mediaDir, DEMO_STAGING_DIR, key, 'clip-1', 'master.m3u8'))).toBe(true);
    expect((await get(`/media/${DEMO_STAGING_DIR}/${key}/clip-1/master.m3u8`)).statusCode).toBe(404);
  });

  it('does nothing on a restart, remakes a folder that went missing, and moves folders of an older recipe', async () => {
    const again = await prepareDemoMedia(t.db, t.mediaDir, { log, retireClipsAfterMs: 0 });
    logs.push(`again: ${JSON.stringify(again)}`);
    expect(again).toMatchObject({ switched: 0, linked: 0, encoded: 0, alreadyHls: episodeCount - 1 });

    const [gone, old] = await demoEpisodes();
    fs.rmSync(path.dirname(fileOf(gone!.videoUrl)), { recursive: true });
    const oldUrl = old!.videoUrl.replace(/demo-(\d+)-[0-9a-f]{12}/, 'demo-$1-000000abcdef');
    fs.cpSync(path.dirname(fileOf(old!.videoUrl)), path.dirname(fileOf(oldUrl)), { recursive: true });
    fs.rmSync(path.dirname(fileOf(old!.videoUrl)), { recursive: true });
    await updateEpisode(t.db, old!.id, { videoUrl: oldUrl });

    const repaired = await prepareDemoMedia(t.db, t.mediaDir, { log, retireClipsAfterMs: 0 });
    expect(repaired).toMatchObject({ switched: 1, linked: 2, encoded: 0 });
    expect(fs.existsSync(fileOf(gone!.videoUrl))).toBe(true);
    const [moved] = await t.db.select().from(episodes).where(eq(episodes.id, old!.id));
    expect(moved!.videoUrl).toBe(old!.videoUrl);
    expect(fs.existsSync(path.dirname(fileOf(oldUrl)))).toBe(false);
  });
});

describe('demo HLS cache', () => {
  it('encodes a clip once through the HLS pipeline, then links it into any new data directory', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-test-demo-hls-'));
    try {
      const cacheDir = path.join(root, 'cache');
      const clips = [DEMO_CLIPS[0]!];
      const made = await prepareDemoHls(path.join(root, 'a', 'media'), { log, cacheDir, clips, seconds: 4.5 });
      expect(made).toMatchObject({ encoded: 1, reused: 0 });
      const staged = made.staged.get(1)!;
      const playlist = fs.readFileSync(path.join(staged, '360p', 'index.m3u8'), 'utf8');
      expect(segmentDurations(playlist).map((d) => Math.round(d * 10) / 10)).toEqual([2, 2, 0.5]);
      // The full ladder, smallest first: a throttled player starts low and climbs.
      const master = fs.readFileSync(path.join(staged, 'master.m3u8'), 'utf8');
      expect([...master.matchAll(/RESOLUTION=(\d+x\d+).*\n(.+)/g)].map((m) => [m[1], m[2]])).toEqual([
        ['360x640', '360p/index.m3u8'],
        ['540x960', '540p/index.m3u8'],
        ['720x1280', '720p/index.m3u8'],
      ]);
      for (const file of [initOf360p(staged), 'poster.jpg', DEMO_FALLBACK_MP4]) {
        expect(fs.statSync(path.join(staged, file)).size, file).toBeGreaterThan(100);
      }

      const started = Date.now();
      const reused = await prepareDemoHls(path.join(root, 'b', 'media'), { log, cacheDir, clips, seconds: 4.5 });
      expect(Date.now() - started).toBeLessThan(1000);
      expect(reused).toMatchObject({ encoded: 0, reused: 1, hash: made.hash });
      const other = reused.staged.get(1)!;
      expect(fs.statSync(path.join(other, '360p', 'seg_00000.m4s')).ino).toBe(
        fs.statSync(path.join(staged, '360p', 'seg_00000.m4s')).ino,
      );
      expect(fs.readdirSync(path.join(cacheDir))).toEqual(
        expect.arrayContaining([demoHlsKey(await demoFontFile(), 4.5).key]),
      );
      expect(fs.readdirSync(path.join(cacheDir, demoHlsKey(await demoFontFile(), 4.5).key))).toEqual(['clip-1']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 120_000);

  it('keys the cache by the recipe', () => {
    expect(demoHlsKey('/a/font.ttf').key).toBe(demoHlsKey('/b/font.ttf').key);
    expect(demoHlsKey('/a/font.ttf').key).not.toBe(demoHlsKey(undefined).key);
    expect(demoHlsKey(undefined).key).not.toBe(demoHlsKey(undefined, 3).key);
    expect(demoHlsKey(undefined).hash).toMatch(/^[0-9a-f]{12}$/);
  });
});
