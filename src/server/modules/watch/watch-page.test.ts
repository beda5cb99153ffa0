import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  WATCH_START_ELEMENT_ID,
  WATCH_START_VIDEO_ID,
  episodeProgressUrl,
  episodeUrl,
  episodesUrl,
  seriesUnlocksUrl,
  seriesUrl,
  type WatchStart,
} from '#contract/watch-start.ts';
import { createEpisode, createSeries, createUnlock } from '../../testing/factory.ts';
import { createTestContext, TEST_ACCESS_CODES, type TestContext } from '../../testing/harness.ts';
import { firstMediaFiles, hlsLayout } from './watch-start.ts';

const INDEX_HTML =
  '<!doctype html><html><head><title>app</title><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>';
const WATCH_HTML =
  '<!doctype html><html><head><title>app</title><meta name="watch-app-entry" content="/assets/app.js"></head><body><div id="root"></div></body></html>';

let t: TestContext;
let clientDir: string;
let freeSeriesId: number;
let paidSeriesId: number;
const episodeIds: Record<string, number> = {};

/** An episode's HLS folder as the pipeline writes it: master, one 360p variant of three 2 s segments, the first frame. */
function writeHls(folder: string, withPoster = true) {
  const dir = path.join(t.mediaDir, folder);
  fs.mkdirSync(path.join(dir, '360p'), { recursive: true });
  if (withPoster) fs.writeFileSync(path.join(dir, 'poster.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  fs.writeFileSync(
    path.join(dir, 'master.m3u8'),
    '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-STREAM-INF:BANDWIDTH=950400,RESOLUTION=360x640\n360p/index.m3u8\n' +
      '#EXT-X-STREAM-INF:BANDWIDTH=2000000,RESOLUTION=720x1280\n720p/index.m3u8\n',
  );
  const segments = [0, 1, 2].map((i) => `#EXTINF:2.000000,\nseg_0000${i}.m4s`).join('\n');
  fs.writeFileSync(
    path.join(dir, '360p', 'index.m3u8'),
    `#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-MAP:URI="init.mp4"\n${segments}\n#EXT-X-ENDLIST\n`,
  );
  return `/media/${folder}/master.m3u8`;
}

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-watch-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(clientDir, 'watch.html'), WATCH_HTML);
  t = await createTestContext({ CLIENT_DIR: clientDir });
  const free = await createSeries(t.db, {
    title: 'Free <Series>',
    description: 'd',
    thumbnailUrl: '/media/art/a.svg',
    totalEpisodes: 1,
    isFree: true,
  });
  const paid = await createSeries(t.db, {
    title: 'Paid',
    description: 'd',
    thumbnailUrl: '/media/art/b.svg',
    totalEpisodes: 11,
    episodeCost: 55,
  });
  freeSeriesId = free.id;
  paidSeriesId = paid.id;
  const one = await createEpisode(t.db, freeSeriesId, 1, {
    title: 'One',
    videoUrl: writeHls('free-1-abcdef'),
    thumbnailUrl: '/media/art/e1.jpg',
    duration: 6,
  });
  const eleven = await createEpisode(t.db, paidSeriesId, 11, {
    title: 'Eleven',
    videoUrl: writeHls('paid-11-abcdef'),
    thumbnailUrl: '',
    duration: 6,
  });
  episodeIds.free = one.id;
  episodeIds.locked = eleven.id;
});

/** Episode 11 of the paid series unlocked for the viewer, as a purchase leaves it. */
const unlockEleven = () => createUnlock(t.db, t.viewerId, paidSeriesId, 11);

afterAll(async () => {
  await t?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

function served(html: string): WatchStart | null {
  const match = new RegExp(`<script type="application/json" id="${WATCH_START_ELEMENT_ID}">(.*?)</script>`).exec(html);
  return match ? (JSON.parse(match[1]!) as WatchStart) : null;
}
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('GET /watch/{id}: the watch page carries the start of the episode', () => {
  it('puts the API’s own answers, preload links for the first media files and the video into the page', async () => {
    const reply = await t.viewer({ method: 'GET', url: `/watch/${episodeIds.free}` });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/html');
    const html = reply.body;
    // watch.html: the boot script loads the app.
    expect(html).toContain('name="watch-app-entry"');

    const start = served(html)!;
    for (const url of [episodeUrl(episodeIds.free!), seriesUrl(freeSeriesId, 'en'), episodesUrl(freeSeriesId)]) {
      const api = await t.viewer({ method: 'GET', url });
      expect(start.answers[url], url).toEqual(api.json());
    }
    // Nothing of the viewer's own: the page is sent to everyone; the player reads where it stopped itself.
    expect(Object.keys(start.answers).sort()).toEqual(
      [episodeUrl(episodeIds.free!), seriesUrl(freeSeriesId, 'en'), episodesUrl(freeSeriesId)].sort(),
    );
    // A "<" in a title cannot close the script element.
    expect(html).not.toContain('Free <Series>');

    const folder = '/media/free-1-abcdef';
    expect(preloads(html)).toEqual([
      `${folder}/master.m3u8`,
      `${folder}/360p/index.m3u8`,
      `${folder}/360p/init.mp4`,
      `${folder}/360p/seg_00000.m4s`,
    ]);
    // The first frame shows until the video plays, asked for first: the page's largest picture.
    expect(html).toMatch(new RegExp(`<video id="${WATCH_START_VIDEO_ID}"[^>]* poster="${folder}/poster.jpg"`));
    expect(html).toMatch(
      new RegExp(
        `<head><link rel="preload" as="image" crossorigin fetchpriority="high" href="${folder}/poster.jpg"><link rel="preload" as="fetch"`,
      ),
    );
    expect(html).toContain(`<source src="${folder}/master.m3u8" type="application/vnd.apple.mpegurl">`);
  });

  it('carries the series in the viewer’s language', async () => {
    const saved = await t.admin({
      method: 'PUT',
      url: `/api/series/${freeSeriesId}/translations/ar`,
      payload: { title: 'مسلسل مجاني' },
    });
    expect(saved.statusCode).toBe(200);
    const reply = await t.viewer({
      method: 'GET',
      url: `/watch/${episodeIds.free}`,
      headers: { 'accept-language': 'ar-EG,ar;q=0.9' },
    });
    const answers = served(reply.body)!.answers;
    expect((answers[seriesUrl(freeSeriesId, 'ar')] as { title: string }).title).toBe('مسلسل مجاني');
    expect(answers[seriesUrl(freeSeriesId, 'en')]).toBeUndefined();
  });

  it('is the same for a viewer who stopped part-way: the player reads the saved position itself', async () => {
    const before = (await t.viewer({ method: 'GET', url: `/watch/${episodeIds.free}` })).body;
    const saved = await t.viewer({
      method: 'POST',
      url: '/api/progress',
      payload: {
        userId: 'user-1',
        seriesId: freeSeriesId,
        episodeId: episodeIds.free,
        progress: 50,
        positionSeconds: 2.5,
      },
    });
    expect(saved.statusCode).toBe(204);
    const html = (await t.viewer({ method: 'GET', url: `/watch/${episodeIds.free}` })).body;
    expect(html).toBe(before);
    expect(preloads(html).at(-1)).toBe('/media/free-1-abcdef/360p/seg_00000.m4s');
    expect(html).toContain('<source src="/media/free-1-abcdef/master.m3u8" type=');
    expect(served(html)!.answers[episodeProgressUrl(episodeIds.free!)]).toBeUndefined();
    expect(html).not.toContain('/api/user');
  });

  it('gives a locked episode no video and no media links, even once this viewer has unlocked it', async () => {
    const locked = async () => (await t.viewer({ method: 'GET', url: `/watch/${episodeIds.locked}` })).body;
    for (const html of [await locked(), (await unlockEleven(), await locked())]) {
      expect(preloads(html)).toEqual([]);
      expect(html).not.toContain('<video');
      expect(html).not.toContain('paid-11-abcdef/360p');
      // The plain index.html (the app loads as usual and reads the unlocks itself) with the catalogue's answers.
      expect(html).toContain('<script type="module" src="/assets/app.js">');
      expect(served(html)!.answers[seriesUnlocksUrl(paidSeriesId)]).toBeUndefined();
      expect(Object.keys(served(html)!.answers)).toHaveLength(3);
    }
    // The viewer may play it: the media answer them, not the page.
    expect((await t.viewer({ method: 'GET', url: '/media/paid-11-abcdef/master.m3u8' })).statusCode).toBe(200);
  });

  it('is made once per episode and language and sent to every visitor with access; an edit shows next visit', async () => {
    const url = `/watch/${episodeIds.free}`;
    const access = await t.app.inject({ method: 'POST', url: '/api/access', payload: { code: TEST_ACCESS_CODES[0] } });
    const other = `${access.cookies[0]!.name}=${access.cookies[0]!.value}`;
    const first = await t.viewer({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    const again = await t.app.inject({ method: 'GET', url, headers: { cookie: other, 'accept-encoding': 'br' } });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    // The query changes nothing on this page: the same bytes.
    const tagged = await t.viewer({
      method: 'GET',
      url: `${url}?utm_campaign=spring`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(tagged.rawPayload.equals(first.rawPayload)).toBe(true);
    const spanish = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: `${other}; cliffhanger_language=es` },
    });
    expect(served(spanish.body)!.answers[seriesUrl(freeSeriesId, 'es')]).toBeDefined();

    const edit = await t.admin({
      method: 'PUT',
      url: `/api/episodes/${episodeIds.free}`,
      payload: { title: 'One, retitled' },
    });
    expect(edit.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url, headers: { cookie: other } });
    expect((served(after.body)!.answers[episodeUrl(episodeIds.free!)] as { title: string }).title).toBe(
      'One, retitled',
    );
    // Never the prepared page to a visitor without access.
    expect((await t.app.inject({ method: 'GET', url })).body).toBe(INDEX_HTML);
  });

  it('serves the plain page to a visitor without access, and for an unknown or malformed episode', async () => {
    for (const [url, asViewer] of [
      [`/watch/${episodeIds.free}`, false],
      ['/watch/999999', true],
      ['/watch/abc', true],
    ] as const) {
      const reply = asViewer ? await t.viewer({ method: 'GET', url }) : await t.app.inject({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(200);
      expect(reply.body, url).toBe(INDEX_HTML);
    }
  });

  it('is the same bytes for a first visitor and a returning viewer: the player’s first write gives the viewer', async () => {
    const url = `/watch/${episodeIds.free}`;
    const viewerCookieOf = (reply: { cookies: { name: string; value: string }[] }) =>
      reply.cookies.find((cookie) => cookie.name === 'cliffhanger_viewer');
    const first = await t.visitor({ method: 'GET', url });
    const returning = await t.viewer({ method: 'GET', url });
    for (const page of [first, returning]) {
      expect(page.statusCode).toBe(200);
      expect(viewerCookieOf(page)).toBeUndefined();
      expect(page.headers['set-cookie']).toBeUndefined();
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    expect(first.body).toBe(returning.body);
    // The player's first write, alone, gives the visitor their viewer; its next writes carry it and are theirs.
    const access = await t.app.inject({ method: 'POST', url: '/api/access', payload: { code: TEST_ACCESS_CODES[0] } });
    const accessCookie = `${access.cookies[0]!.name}=${access.cookies[0]!.value}`;
    const report = (cookie: string, progress: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/progress',
        headers: { cookie, 'content-type': 'application/json' },
        payload: { userId: 'user-1', seriesId: freeSeriesId, episodeId: episodeIds.free, progress },
      });
    const firstWrite = await report(accessCookie, 20);
    expect(firstWrite.statusCode).toBe(204);
    const given = viewerCookieOf(firstWrite);
    expect(given?.value).toBeTruthy();
    const cookie = `${accessCookie}; cliffhanger_viewer=${given!.value}`;
    const [progress, like] = await Promise.all([
      report(cookie, 50),
      t.app.inject({ method: 'POST', url: `/api/user/user-1/like/${freeSeriesId}`, headers: { cookie } }),
    ]);
    expect(progress.statusCode).toBe(204);
    expect(like.statusCode).toBe(200);
    expect(viewerCookieOf(progress)).toBeUndefined();
    expect(viewerCookieOf(like)).toBeUndefined();
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/user/user-1/episodes/${episodeIds.free}/progress`,
      headers: { cookie },
    });
    expect(read.json()).toMatchObject({ progress: 50 });
  });

  it('compresses the page for browsers that accept brotli', async () => {
    const reply = await t.viewer({
      method: 'GET',
      url: `/watch/${episodeIds.free}`,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.rawPayload.length).toBeLessThan(
      Buffer.byteLength((await t.viewer({ method: 'GET', url: `/watch/${episodeIds.free}` })).body),
    );
  });
});

describe('the first media files of an HLS episode', () => {
  const files: Record<string, string> = {
    '/media/x/master.m3u8': '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nlow/index.m3u8\n',
    '/media/x/low/index.m3u8':
      '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:2.0,\na.m4s\n#EXTINF:2.0,\nb.m4s\n#EXT-X-ENDLIST\n',
    '/media/y/master.m3u8': '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nlow/index.m3u8\n',
    '/media/w/master.m3u8': '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nlow/index.m3u8\n',
    '/media/w/low/index.m3u8': '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:2.0,\na.m4s\n#EXT-X-ENDLIST\n',
  };
  const reads: string[] = [];
  const media = {
    read: async (url: string) => {
      reads.push(url);
      return files[url] ?? null;
    },
    exists: async (url: string) => url === '/media/x/poster.jpg',
  };

  it('are master, first variant, init and the segment that holds the start', async () => {
    const layout = (await hlsLayout('/media/x/master.m3u8', media))!;
    expect(firstMediaFiles(layout, 0)).toEqual([
      '/media/x/master.m3u8',
      '/media/x/low/index.m3u8',
      '/media/x/low/init.mp4',
      '/media/x/low/a.m4s',
    ]);
    expect(firstMediaFiles(layout, 3.9).at(-1)).toBe('/media/x/low/b.m4s');
    expect(firstMediaFiles(layout, 60)).toEqual([]);
    expect(layout.poster).toBe('/media/x/poster.jpg');
    // Published media never changes: the playlists are read once.
    reads.length = 0;
    expect(await hlsLayout('/media/x/master.m3u8', media)).toBe(layout);
    expect(reads).toEqual([]);
  });

  it('have no poster when the folder holds no first frame (the page shows the thumbnail)', async () => {
    expect((await hlsLayout('/media/w/master.m3u8', media))?.poster).toBeNull();
  });

  it('are none for a plain MP4, a playlist without variants or a missing variant', async () => {
    expect(await hlsLayout('/media/clips/clip-1.mp4', media)).toBeNull();
    expect(await hlsLayout('/media/x/low/index.m3u8', media)).toBeNull();
    expect(await hlsLayout('/media/y/master.m3u8', media)).toBeNull();
    expect(await hlsLayout('/media/z/master.m3u8', media)).toBeNull();
  });
});
