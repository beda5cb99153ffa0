import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { series } from '../../db/schema.ts';
import { MEDIA_STORE_UNAVAILABLE } from '../../media/storage.ts';
import { mediaTokenSecret, tokenMediaUrl } from '../../media/media-token.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';
import { startS3Server, type TestS3Server } from '../../testing/s3-server.ts';
import { createEpisode, createSeries, creditViewer, updateEpisode } from '../../testing/factory.ts';
import { writeHlsFolder } from '../../testing/media-uploads.ts';

let s3: TestS3Server;
let t: TestContext;
let scratch: string;
let paidSeries: number;

const TOKEN_MINUTES = 5;

beforeAll(async () => {
  s3 = await startS3Server();
  const s3Settings = {
    kind: 's3',
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket: s3.bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    requestTimeoutMs: 1000,
  } as const;
  t = await createTestContext(
    { MEDIA_STORAGE: 's3', S3_BUCKET: s3.bucket, MEDIA_TOKEN_MINUTES: String(TOKEN_MINUTES) },
    { config: { mediaStorage: s3Settings } },
  );
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-media-store-'));
  paidSeries = (await createSeries(t.db, { title: 'Paid', totalEpisodes: 12, episodeCost: 30 })).id;
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** An episode whose published HLS folder is in the bucket (put there through the app's own store), where the pipeline puts it. */
async function episodeInBucket(seriesId: number, episodeNumber: number) {
  const row = await createEpisode(t.db, seriesId, episodeNumber, { videoUrl: '', thumbnailUrl: '' });
  const folder = `series/${seriesId}/episodes/${row.id}/1-1-a1b2c3`;
  const local = path.join(scratch, `${seriesId}-${episodeNumber}`);
  writeHlsFolder(local, `segment zero of episode ${episodeNumber}`);
  await t.app.mediaPipeline.storage.publishFolder(local, folder);
  await updateEpisode(t.db, row.id, {
    videoUrl: `/media/${folder}/master.m3u8`,
    thumbnailUrl: `/media/${folder}/poster.jpg`,
  });
  return { id: row.id, folder, url: (name: string) => `/media/${folder}/${name}` };
}

const playbackOf = (id: number, as = t.viewer) => as({ method: 'GET', url: `/api/episodes/${id}/playback` });
/** A request with no cookies at all: what a CDN fetching from this server sends. */
const anonymous = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('media in an S3-compatible store (MEDIA_STORAGE=s3)', () => {
  it('streams files from the bucket: ranges, ETag revalidation, types, 404 for what is not there', async () => {
    const free = await episodeInBucket(paidSeries, 1);
    expect(fs.readdirSync(t.mediaDir)).toEqual([]);

    const segment = await t.viewer({ method: 'GET', url: free.url('360p/seg_00000.m4s') });
    expect(segment.statusCode).toBe(200);
    expect(segment.body).toBe('segment zero of episode 1');
    expect(segment.headers['content-type']).toBe('video/iso.segment');
    expect(segment.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const part = await t.viewer({
      method: 'GET',
      url: free.url('360p/seg_00000.m4s'),
      headers: { range: 'bytes=8-11' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('zero');
    expect(part.headers['content-range']).toBe(`bytes 8-11/${'segment zero of episode 1'.length}`);

    const master = await t.viewer({ method: 'GET', url: free.url('master.m3u8') });
    expect(master.headers['cache-control']).toBe('public, no-cache');
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const again = await t.viewer({
      method: 'GET',
      url: free.url('master.m3u8'),
      headers: { 'if-none-match': String(master.headers.etag) },
    });
    expect(again.statusCode).toBe(304);

    expect((await t.viewer({ method: 'GET', url: free.url('360p/seg_00009.m4s') })).statusCode).toBe(404);
    expect((await t.viewer({ method: 'HEAD', url: free.url('poster.jpg') })).headers['content-length']).toBe('4');
    // The access gate still comes first for plain addresses.
    expect((await anonymous(free.url('360p/seg_00000.m4s'))).statusCode).toBe(401);
  });

  it('a free episode plays from its plain address; a locked one gets no token until it is unlocked', async () => {
    const free = await episodeInBucket(paidSeries, 2);
    expect((await playbackOf(free.id)).json()).toEqual({ videoUrl: free.url('master.m3u8'), expiresAt: null });

    const locked = await episodeInBucket(paidSeries, 11);
    const refused = await playbackOf(locked.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Unlock this episode to watch it.');
    expect((await t.viewer({ method: 'GET', url: locked.url('360p/seg_00000.m4s') })).statusCode).toBe(403);

    await creditViewer(t.db, t.viewerId, { coins: 100 });
    const unlock = await t.viewer({
      method: 'POST',
      url: '/api/user/user-1/unlock-episode',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'media-store-unlock-11' },
      payload: JSON.stringify({ seriesId: paidSeries, episodeNumber: 11 }),
    });
    expect(unlock.statusCode).toBe(201);

    const before = Date.now();
    const playback = await playbackOf(locked.id);
    expect(playback.statusCode).toBe(200);
    expect(playback.headers['cache-control']).toBe('private, no-store');
    const { videoUrl, expiresAt } = playback.json() as { videoUrl: string; expiresAt: string };
    expect(videoUrl).toMatch(new RegExp(`^/media/~t/[^/]+/${locked.folder}/master\\.m3u8$`));
    const lifetime = Date.parse(expiresAt) - before;
    expect(lifetime).toBeGreaterThanOrEqual(TOKEN_MINUTES * 60_000 - 1000);
    expect(lifetime).toBeLessThanOrEqual(TOKEN_MINUTES * 60_000 * 1.5 + 1000);

    // The player's relative URLs keep the token; no cookie is needed (a CDN has none), and no lock is looked up.
    const base = videoUrl.slice(0, videoUrl.lastIndexOf('/') + 1);
    const master = await anonymous(videoUrl);
    expect(master.statusCode).toBe(200);
    expect(master.body).toBe('#EXTM3U\n360p/index.m3u8\n');
    const segment = await anonymous(`${base}360p/seg_00000.m4s`);
    expect(segment.statusCode).toBe(200);
    expect(segment.body).toBe('segment zero of episode 11');
    const cacheSeconds = Number(/^public, max-age=(\d+)$/.exec(String(segment.headers['cache-control']))?.[1]);
    // Shared caches may keep it only while the token lives.
    expect(cacheSeconds).toBeGreaterThan(0);
    expect(cacheSeconds * 1000).toBeLessThanOrEqual(Date.parse(expiresAt) - Date.now() + 1000);
    const ranged = await anonymous(`${base}360p/seg_00000.m4s`, { range: 'bytes=0-6' });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.body).toBe('segment');
  });

  it('refuses (403) a token of another episode, an expired one and an altered one', async () => {
    const opened = await episodeInBucket(paidSeries, 3);
    const locked = await episodeInBucket(paidSeries, 12);
    const secret = mediaTokenSecret(t.app.accessGate.signingKey);

    // A genuine token of a free episode's folder does not open the locked episode's files.
    const { url } = tokenMediaUrl({ secret, lifetimeMs: 60_000 }, opened.folder, `${opened.folder}/master.m3u8`);
    const token = url.split('/')[3]!;
    expect((await anonymous(url)).statusCode).toBe(200);
    const borrowed = await anonymous(`/media/~t/${token}/${locked.folder}/360p/seg_00000.m4s`);
    expect(borrowed.statusCode).toBe(403);
    expect(borrowed.headers['cache-control']).toBe('no-store');
    expect(borrowed.json().message).toBe('This media link does not open this file. Open the episode again.');
    expect(borrowed.body).not.toContain('segment zero');

    const expired = tokenMediaUrl(
      { secret, lifetimeMs: 60_000 },
      locked.folder,
      `${locked.folder}/360p/seg_00000.m4s`,
      Date.now() - 3 * 60_000,
    );
    const late = await anonymous(expired.url);
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toBe('This media link has expired. Open the episode again.');

    const genuine = tokenMediaUrl({ secret, lifetimeMs: 60_000 }, locked.folder, `${locked.folder}/master.m3u8`);
    const altered = genuine.url.replace(
      /\.(\d+)\.(.)/,
      (_, depth: string, c: string) => `.${depth}.${c === 'A' ? 'B' : 'A'}`,
    );
    expect((await anonymous(altered)).statusCode).toBe(403);
    const otherKey = tokenMediaUrl(
      { secret: 'not ours', lifetimeMs: 60_000 },
      locked.folder,
      `${locked.folder}/master.m3u8`,
    );
    expect((await anonymous(otherKey.url)).statusCode).toBe(403);
    expect((await anonymous(genuine.url)).statusCode).toBe(200);
  });

  it('MEDIA_PUBLIC_URL points the player at a CDN, which the page policy allows and token replies may be read from', async () => {
    const cdn = await createTestContext(
      { MEDIA_PUBLIC_URL: 'https://cdn.example/media/', MEDIA_STORAGE: 's3', S3_BUCKET: s3.bucket },
      { sharingDatabaseOf: t, config: { mediaStorage: t.app.config.mediaStorage } },
    );
    try {
      const free = await episodeInBucket(paidSeries, 7);
      const paid = await episodeInBucket(paidSeries, 13);
      const plain = (await cdn.viewer({ method: 'GET', url: `/api/episodes/${free.id}/playback` })).json();
      expect(plain).toEqual({ videoUrl: `https://cdn.example/media/${free.folder}/master.m3u8`, expiresAt: null });
      // Locked for the viewer: an operator's preview gets its token.
      const tokened = (await cdn.admin({ method: 'GET', url: `/api/episodes/${paid.id}/playback` })).json();
      expect(tokened.videoUrl).toMatch(
        new RegExp(`^https://cdn\\.example/media/~t/[^/]+/${paid.folder}/master\\.m3u8$`),
      );
      // What the CDN asks this server for: the same path, no cookie.
      const fromCdn = await cdn.app.inject({ method: 'GET', url: new URL(tokened.videoUrl).pathname });
      expect(fromCdn.statusCode).toBe(200);
      expect(fromCdn.headers['access-control-allow-origin']).toBe('*');
      const page = await cdn.app.inject({ method: 'GET', url: '/api/health' });
      const policy = String(page.headers['content-security-policy']);
      expect(policy).toMatch(/media-src 'self' blob: https:\/\/cdn\.example;/);
      expect(policy).toMatch(/connect-src 'self' https:\/\/cdn\.example;/);
    } finally {
      await cdn.close();
    }
  });

  it('with MEDIA_PUBLIC_URL, free media and every picture in the episodes list, series and playback replies is at the CDN; without it nothing changes', async () => {
    const cdn = await createTestContext(
      { MEDIA_PUBLIC_URL: 'https://cdn.example/media/', MEDIA_STORAGE: 's3', S3_BUCKET: s3.bucket },
      { sharingDatabaseOf: t, config: { mediaStorage: t.app.config.mediaStorage } },
    );
    try {
      const shown = await createSeries(t.db, {
        title: 'Shown',
        thumbnailUrl: '/media/art/shown.1a2b3c4d5e.jpg',
        verticalThumbnailUrl: '/media/art/shown-v.1a2b3c4d5e.webp',
        totalEpisodes: 12,
        episodeCost: 30,
      });
      const free = await episodeInBucket(shown.id, 2);
      const paid = await episodeInBucket(shown.id, 11);
      const at = (url: string) => `https://cdn.example${url}`;

      const list = (await cdn.viewer({ method: 'GET', url: `/api/series/${shown.id}/episodes` })).json();
      const byNumber = new Map(list.map((e: { episodeNumber: number }) => [e.episodeNumber, e]));
      expect(byNumber.get(2)).toMatchObject({
        videoUrl: at(free.url('master.m3u8')),
        thumbnailUrl: at(free.url('poster.jpg')),
      });
      // An episode that can be locked keeps its plain video address (the player opens it through playback).
      expect(byNumber.get(11)).toMatchObject({
        videoUrl: paid.url('master.m3u8'),
        thumbnailUrl: at(paid.url('poster.jpg')),
      });
      const one = (await cdn.viewer({ method: 'GET', url: `/api/series/${shown.id}` })).json();
      expect(one).toMatchObject({
        thumbnailUrl: at('/media/art/shown.1a2b3c4d5e.jpg'),
        verticalThumbnailUrl: at('/media/art/shown-v.1a2b3c4d5e.webp'),
      });
      const lists = (await cdn.viewer({ method: 'GET', url: '/api/series' })).json();
      expect(JSON.stringify(lists)).toContain(at('/media/art/shown.1a2b3c4d5e.jpg'));
      expect(JSON.stringify(lists)).not.toContain('"/media/art/shown');
      const played = (await cdn.viewer({ method: 'GET', url: `/api/episodes/${free.id}/playback` })).json();
      expect(played.videoUrl).toBe(at(free.url('master.m3u8')));

      // An operator saving the series sends the CDN address back: the database keeps the /media/ path.
      const saved = await cdn.admin({
        method: 'PUT',
        url: `/api/series/${shown.id}`,
        payload: { thumbnailUrl: one.thumbnailUrl, verticalThumbnailUrl: one.verticalThumbnailUrl },
      });
      expect(saved.statusCode).toBe(200);
      const [row] = await t.db.select().from(series).where(eq(series.id, shown.id));
      expect(row!.thumbnailUrl).toBe('/media/art/shown.1a2b3c4d5e.jpg');
      expect(row!.verticalThumbnailUrl).toBe('/media/art/shown-v.1a2b3c4d5e.webp');

      // Without MEDIA_PUBLIC_URL the same replies keep the plain addresses.
      const plainList = (await t.viewer({ method: 'GET', url: `/api/series/${shown.id}/episodes` })).json();
      expect(plainList.find((e: { episodeNumber: number }) => e.episodeNumber === 2)).toMatchObject({
        videoUrl: free.url('master.m3u8'),
        thumbnailUrl: free.url('poster.jpg'),
      });
      expect((await t.viewer({ method: 'GET', url: `/api/series/${shown.id}` })).json().thumbnailUrl).toBe(
        '/media/art/shown.1a2b3c4d5e.jpg',
      );
      expect((await t.viewer({ method: 'GET', url: `/api/episodes/${free.id}/playback` })).json().videoUrl).toBe(
        free.url('master.m3u8'),
      );
    } finally {
      await cdn.close();
    }
  });

  it('a store that does not answer gives 503 with a readable message (never 500), and health names it', async () => {
    const episode = await episodeInBucket(paidSeries, 6);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    s3.process.kill('SIGSTOP');
    try {
      for (const url of [episode.url('360p/seg_00000.m4s'), episode.url('master.m3u8')]) {
        const res = await t.viewer({ method: 'GET', url });
        expect(res.statusCode, url).toBe(503);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.headers['retry-after']).toBe('30');
        expect(res.json()).toEqual({ statusCode: 503, error: 'Service Unavailable', message: MEDIA_STORE_UNAVAILABLE });
      }
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toMatchObject({ status: 'unavailable', down: ['media-store'] });
      expect(health.json().message).toMatch(/^media store: /);
    } finally {
      s3.process.kill('SIGCONT');
    }
    expect((await t.viewer({ method: 'GET', url: episode.url('360p/seg_00000.m4s') })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('a revoked access pass and a deleted episode get no new token', async () => {
    const episode = await episodeInBucket(paidSeries, 4);
    expect((await playbackOf(episode.id)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/episodes/${episode.id}/playback` })).statusCode).toBe(401);

    const deleted = await t.admin({ method: 'DELETE', url: `/api/episodes/${episode.id}` });
    expect(deleted.statusCode).toBe(204);
    expect((await playbackOf(episode.id)).statusCode).toBe(404);
    expect(await t.app.mediaPipeline.storage.list(episode.folder)).toEqual([]);

    const other = await episodeInBucket(paidSeries, 5);
    expect((await playbackOf(other.id)).statusCode).toBe(200);
    const left = await t.viewer({ method: 'POST', url: '/api/access/leave' });
    expect(left.statusCode).toBeLessThan(300);
    expect((await playbackOf(other.id)).statusCode).toBe(401);
  });
});
