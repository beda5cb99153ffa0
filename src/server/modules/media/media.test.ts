import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ACCESS_CODES, TEST_ADMIN_PASSWORD, type TestContext } from '../../testing/harness.ts';
import Fastify from 'fastify';
import { episodes } from '../../db/schema.ts';
import { eq } from 'drizzle-orm';
import { seriesArt, writeArtFiles } from '../../media/art.ts';
import { demoClipsState, prepareDemoClips } from '../../demo/demo-clip-generator.ts';
import { createEpisode, createSeries, createUnlock, creditViewer } from '../../testing/factory.ts';
import { writeHlsFolder } from '../../testing/media-uploads.ts';
import { cacheControlFor } from './media.routes.ts';
import { LOCKED_MEDIA_MESSAGE, refuseLockedEpisodeMedia } from './media-access.hook.ts';

let t: TestContext;
const video = Buffer.alloc(1000);
for (let i = 0; i < video.length; i++) video[i] = (i * 7) % 256;
const art = seriesArt('Salt & <Stone>', 'Documentary', 3);
let secretFile: string;

beforeAll(async () => {
  t = await createTestContext();
  fs.mkdirSync(path.join(t.mediaDir, 'clips'), { recursive: true });
  fs.writeFileSync(path.join(t.mediaDir, 'clips', 'sample.mp4'), video);
  fs.writeFileSync(path.join(t.mediaDir, 'clips', '.clip-9.mp4.123.tmp'), 'half-written');
  writeArtFiles(t.mediaDir, [art.vertical, art.wide]);
  // A file beside the media folder: nothing under /media may reach it.
  secretFile = `${path.basename(t.mediaDir)}-secret.txt`;
  fs.writeFileSync(path.join(path.dirname(t.mediaDir), secretFile), 'TOP-SECRET');
});
afterAll(async () => {
  fs.rmSync(path.join(path.dirname(t.mediaDir), secretFile), { force: true });
  await t.close();
});

describe('media serving', () => {
  it('answers a byte range with 206, the right bytes and Content-Range', async () => {
    const res = await t.viewer({ method: 'GET', url: '/media/clips/sample.mp4', headers: { range: 'bytes=100-199' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 100-199/1000');
    expect(res.headers['content-length']).toBe('100');
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.rawPayload.equals(video.subarray(100, 200))).toBe(true);
  });

  it('answers an open-ended range with the tail of the file', async () => {
    const res = await t.viewer({ method: 'GET', url: '/media/clips/sample.mp4', headers: { range: 'bytes=990-' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 990-999/1000');
    expect(res.rawPayload.equals(video.subarray(990))).toBe(true);
  });

  it('refuses a range past the end with 416', async () => {
    const res = await t.viewer({
      method: 'GET',
      url: '/media/clips/sample.mp4',
      headers: { range: 'bytes=5000-6000' },
    });
    expect(res.statusCode).toBe(416);
  });

  it('serves the whole file with 200, Accept-Ranges and a one-day cache for names that are not versioned', async () => {
    const res = await t.viewer({ method: 'GET', url: '/media/clips/sample.mp4' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-length']).toBe('1000');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.rawPayload.equals(video)).toBe(true);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await t.viewer({ method: 'HEAD', url: '/media/clips/sample.mp4' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe('1000');
    expect(res.body).toBe('');
  });

  it('serves generated SVG art as image/svg+xml, cached for a year as it is content-addressed', async () => {
    for (const file of [art.vertical, art.wide]) {
      const res = await t.viewer({ method: 'GET', url: file.url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.body).toBe(file.svg);
      expect(res.body).toContain('Salt &amp; &lt;Stone&gt;');
    }
  });

  it('answers 304 to a conditional request with the current ETag', async () => {
    const first = await t.viewer({ method: 'GET', url: art.vertical.url });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.viewer({ method: 'GET', url: art.vertical.url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
  });

  it('refuses every request without the access cookie', async () => {
    for (const url of [art.vertical.url, '/media/clips/sample.mp4', '/media/missing.mp4']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-9' } });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe('Enter your access code first.');
    }
  });

  it('never leaves the media folder', async () => {
    const attempts = [
      `/media/../${secretFile}`,
      `/media/%2e%2e/${secretFile}`,
      `/media/..%2f${secretFile}`,
      `/media/clips/..%2f..%2f${secretFile}`,
      `/media/clips/%2e%2e%2f%2e%2e%2f${secretFile}`,
      `/media/clips/..%5c..%5c${secretFile}`,
      `/media/%2fetc%2fpasswd`,
      '/media//etc/passwd',
    ];
    for (const url of attempts) {
      const res = await t.viewer({ method: 'GET', url });
      expect([400, 403, 404], url).toContain(res.statusCode);
      expect(res.body, url).not.toContain('TOP-SECRET');
      expect(res.body, url).not.toContain('root:');
    }
  });

  it('lists no folders and serves no hidden files', async () => {
    for (const url of ['/media/', '/media/clips/', '/media/clips', '/media/art', '/media/clips/.clip-9.mp4.123.tmp']) {
      const res = await t.viewer({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('sample.mp4');
      expect(res.body, url).not.toContain('half-written');
    }
  });

  it('answers a missing file with a readable 404', async () => {
    const res = await t.viewer({ method: 'GET', url: '/media/clips/nope.mp4' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ statusCode: 404, message: 'No such media file: /media/clips/nope.mp4' });
  });

  it('answers 503 for a demo clip that is still being made, and 404 once that stops', async () => {
    const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-test-clip-cache-'));
    const stop = new AbortController();
    const making = prepareDemoClips(t.mediaDir, {
      cacheDir,
      signal: stop.signal,
      log: { info: () => {}, warn: () => {} },
    });
    try {
      expect(demoClipsState()).toBe('preparing');
      const res = await t.viewer({ method: 'GET', url: '/media/clips/clip-6.mp4' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('30');
      expect(res.json().message).toBe('This video is still being prepared. Please try again in a minute.');
    } finally {
      stop.abort();
      await making.catch(() => {});
      fs.rmSync(cacheDir, { recursive: true, force: true });
    }
    expect(demoClipsState()).not.toBe('preparing');
    const after = await t.viewer({ method: 'GET', url: '/media/clips/clip-6.mp4' });
    expect(after.statusCode).toBe(404);
    // An aborted encode leaves no half-written clip behind.
    expect(fs.readdirSync(path.join(t.mediaDir, 'clips')).filter((f) => /^clip-\d+\.mp4$/.test(f))).toEqual([]);
  });
});

describe('locked episode media', () => {
  const paidSeries = (title: string, totalEpisodes: number) =>
    createSeries(t.db, { title, thumbnailUrl: art.wide.url, totalEpisodes, episodeCost: 30 });

  /** A published HLS folder on disk, as the pipeline leaves it, owned by one episode. */
  async function episodeWithMedia(seriesId: number, episodeNumber: number) {
    const folder = `series/${seriesId}/episodes/${episodeNumber}/1-${episodeNumber}-a1b2c3`;
    writeHlsFolder(path.join(t.mediaDir, folder), 'segment zero');
    await createEpisode(t.db, seriesId, episodeNumber, {
      videoUrl: `/media/${folder}/master.m3u8`,
      thumbnailUrl: `/media/${folder}/poster.jpg`,
    });
    return (name: string) => `/media/${folder}/${name}`;
  }

  it('answers 403 for the playlists, init file and segments of a locked episode, 200 once unlocked', async () => {
    const paid = await paidSeries('Locked Test', 12);
    const free = await episodeWithMedia(paid.id, 3);
    const locked = await episodeWithMedia(paid.id, 12);

    for (const name of ['master.m3u8', '360p/index.m3u8', '360p/init.mp4', '360p/seg_00000.m4s']) {
      const res = await t.viewer({ method: 'GET', url: locked(name), headers: { range: 'bytes=0-3' } });
      expect(res.statusCode, name).toBe(403);
      expect(res.headers['cache-control'], name).toBe('no-store');
      expect(res.json(), name).toEqual({
        statusCode: 403,
        error: 'Forbidden',
        message: 'Unlock this episode to watch it.',
      });
      expect(res.body, name).not.toContain('segment zero');

      const open = await t.viewer({ method: 'GET', url: free(name) });
      expect(open.statusCode, name).toBe(200);
    }
    const segment = await t.viewer({ method: 'GET', url: free('360p/seg_00000.m4s') });
    expect(segment.body).toBe('segment zero');
    expect(segment.headers['content-type']).toBe('video/iso.segment');
    expect((await t.viewer({ method: 'GET', url: free('master.m3u8') })).headers['content-type']).toBe(
      'application/vnd.apple.mpegurl',
    );
    // Posters and series art are open to anyone past the gate.
    expect((await t.viewer({ method: 'GET', url: locked('poster.jpg') })).statusCode).toBe(200);
    expect((await t.viewer({ method: 'GET', url: art.vertical.url })).statusCode).toBe(200);
    // The access gate still comes first.
    expect((await t.app.inject({ method: 'GET', url: locked('360p/seg_00000.m4s') })).statusCode).toBe(401);

    await creditViewer(t.db, t.viewerId, { coins: 100 });
    const unlock = await t.viewer({
      method: 'POST',
      url: '/api/user/user-1/unlock-episode',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'media-test-unlock-12' },
      payload: JSON.stringify({ seriesId: paid.id, episodeNumber: 12 }),
    });
    expect(unlock.statusCode).toBe(201);
    for (const name of ['master.m3u8', '360p/index.m3u8', '360p/init.mp4', '360p/seg_00000.m4s']) {
      expect((await t.viewer({ method: 'GET', url: locked(name) })).statusCode, name).toBe(200);
    }
    expect((await t.viewer({ method: 'GET', url: locked('360p/seg_00000.m4s') })).body).toBe('segment zero');

    // The player's way: one lock check when the episode opens, then its folder through a token, from this disk too.
    const [row] = await t.db
      .select()
      .from(episodes)
      .where(eq(episodes.videoUrl, locked('master.m3u8')));
    const playback = await t.viewer({ method: 'GET', url: `/api/episodes/${row!.id}/playback` });
    const tokenUrl = (playback.json() as { videoUrl: string }).videoUrl;
    expect(tokenUrl).toMatch(/^\/media\/~t\/[^/]+\/series\/.+\/master\.m3u8$/);
    const segmentUrl = tokenUrl.replace(/master\.m3u8$/, '360p/seg_00000.m4s');
    const viaToken = await t.app.inject({ method: 'GET', url: segmentUrl, headers: { range: 'bytes=8-11' } });
    expect(viaToken.statusCode).toBe(206);
    expect(viaToken.body).toBe('zero');
    expect(viaToken.headers['content-type']).toBe('video/iso.segment');
    const freeRow = (
      await t.db
        .select()
        .from(episodes)
        .where(eq(episodes.videoUrl, free('master.m3u8')))
    )[0]!;
    expect(
      (await t.app.inject({ method: 'GET', url: segmentUrl.replace(/series\/.*\/360p/, free('360p').slice(7)) }))
        .statusCode,
    ).toBe(403);
    expect((await t.viewer({ method: 'GET', url: `/api/episodes/${freeRow.id}/playback` })).json()).toEqual({
      videoUrl: free('master.m3u8'),
      expiresAt: null,
    });
  });

  /** Rows of every table a play, an unlock or a viewing event would write to. */
  async function viewerRecords(): Promise<Record<string, number>> {
    const tables = await t.pool.query<{ table_name: string }>(
      `select table_name from information_schema.tables
       where table_schema = current_schema()
         and (table_name like 'insight%' or table_name in ('unlocks', 'progress', 'wallet_ledger', 'idempotency_keys'))
       order by table_name`,
    );
    const counts: Record<string, number> = {};
    for (const { table_name } of tables.rows) {
      const { rows } = await t.pool.query<{ n: string }>(`select count(*) as n from "${table_name}"`);
      counts[table_name] = Number(rows[0]!.n);
    }
    return counts;
  }

  it('opens a locked episode to an operator session, uncached and unrecorded, and still refuses the viewer', async () => {
    const paid = await paidSeries('Operator Preview Test', 43);
    const locked = await episodeWithMedia(paid.id, 43);
    const subtitleFiles = {
      'subs-fr-0a1b2c/index.m3u8': '#EXTM3U\n#EXT-X-TARGETDURATION:2\nseg_00000.vtt\n#EXT-X-ENDLIST\n',
      'subs-fr-0a1b2c/seg_00000.vtt': 'WEBVTT\n\n00:00.000 --> 00:01.000\nBonjour\n',
      'subs-fr-0a1b2c/track.vtt': 'WEBVTT\n\n00:00.000 --> 00:01.000\nBonjour\n',
    };
    for (const [name, content] of Object.entries(subtitleFiles)) {
      const file = path.join(t.mediaDir, locked(name).slice('/media/'.length));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, content);
    }
    const media = [
      'master.m3u8',
      '360p/index.m3u8',
      '360p/init.mp4',
      '360p/seg_00000.m4s',
      ...Object.keys(subtitleFiles),
    ];

    // A signed-in operator, with the access cookie or without it (the dashboard needs no access code).
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { password: TEST_ADMIN_PASSWORD },
    });
    const adminCookie = /^[^;]+/.exec(String(login.headers['set-cookie']))![0];
    const operatorAlone = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: adminCookie } });

    const before = await viewerRecords();
    expect(before).toHaveProperty('unlocks');
    expect(before).toHaveProperty('insight_events');
    for (const name of media) {
      for (const [who, res] of [
        ['operator', await t.admin({ method: 'GET', url: locked(name) })],
        ['operator without access code', await operatorAlone(locked(name))],
      ] as const) {
        expect(res.statusCode, `${who}: ${name}`).toBe(200);
        // Neither a shared cache nor the operator's browser keeps it: a viewer there must meet the lock.
        expect(res.headers['cache-control'], `${who}: ${name}`).toBe('private, no-store');
      }
    }
    expect((await t.admin({ method: 'GET', url: locked('360p/seg_00000.m4s') })).body).toBe('segment zero');
    expect((await t.admin({ method: 'GET', url: locked('subs-fr-0a1b2c/track.vtt') })).body).toContain('Bonjour');
    const ranged = await operatorAlone(locked('360p/seg_00000.m4s'));
    expect(ranged.headers['content-type']).toBe('video/iso.segment');
    // Nothing counts as the viewer's: no unlock, no play, no viewing or insight event, no coins spent.
    expect(await viewerRecords()).toEqual(before);

    // The viewer is refused exactly as before, also right after the operator's requests.
    for (const name of media) {
      const res = await t.viewer({ method: 'GET', url: locked(name) });
      expect(res.statusCode, name).toBe(403);
      expect(res.headers['cache-control'], name).toBe('no-store');
      expect(res.json().message, name).toBe('Unlock this episode to watch it.');
    }
    // A forged or ended operator session is a viewer like any other.
    const forged = `${adminCookie.slice(0, -4)}AAAA`;
    expect(
      (await t.app.inject({ method: 'GET', url: locked('master.m3u8'), headers: { cookie: forged } })).statusCode,
    ).toBe(401);
    const access = await t.app.inject({ method: 'POST', url: '/api/access', payload: { code: TEST_ACCESS_CODES[0] } });
    const accessCookie = /^[^;]+/.exec(String(access.headers['set-cookie']))![0];
    const withAccess = (cookie: string) =>
      t.app.inject({ method: 'GET', url: locked('master.m3u8'), headers: { cookie: `${accessCookie}; ${cookie}` } });
    expect((await withAccess(forged)).statusCode).toBe(403);
    await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie: adminCookie } });
    expect((await operatorAlone(locked('master.m3u8'))).statusCode).toBe(401);
    expect((await withAccess(adminCookie)).statusCode).toBe(403);
  });
});

describe('cacheControlFor', () => {
  it('caches versioned names and published folders for a year (master playlists revalidated), everything else for a day', () => {
    expect(cacheControlFor('art/red-sand-run-poster.1a2b3c4d5e.svg')).toBe('public, max-age=31536000, immutable');
    // A master playlist gains subtitle renditions in place: revalidated every time.
    expect(cacheControlFor('series/3/episodes/41/7-a1b2c3/master.m3u8')).toBe('public, no-cache');
    expect(cacheControlFor('series/3/episodes/41/7-a1b2c3/v0/index.m3u8')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('series/3/episodes/41/7-a1b2c3/seg-001.m4s')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('clips/clip-1.mp4')).toBe('public, max-age=86400');
    expect(cacheControlFor('uploads/poster.png')).toBe('public, max-age=86400');
  });
});

describe('the lock on episode media', () => {
  it('gives the media route a hook that answers 403 for a locked segment and lets it through once unlocked', async () => {
    const paid = await createSeries(t.db, {
      title: 'Locked',
      description: 'A test series',
      thumbnailUrl: '/media/art/test.svg',
      isFree: false,
    });
    const url = `/media/series/${paid.id}/episodes/1/9-1-abcdef/master.m3u8`;
    await createEpisode(t.db, paid.id, 20, { title: 'Twenty', videoUrl: url, thumbnailUrl: '' });
    const media = Fastify();
    // The operator's session is asked about locked media only: a viewer's open request costs no lookup.
    const operatorAsked: string[] = [];
    media.addHook(
      'onRequest',
      refuseLockedEpisodeMedia(
        t.db,
        async () => t.viewerId,
        async (request) => {
          operatorAsked.push(request.url);
          return false;
        },
      ),
    );
    media.get('/media/*', () => 'served');
    const segment = url.replace('master.m3u8', '360p/seg_00000.m4s');

    const locked = await media.inject({ method: 'GET', url: segment });
    expect(locked.statusCode).toBe(403);
    expect(locked.headers['cache-control']).toBe('no-store');
    expect(locked.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: LOCKED_MEDIA_MESSAGE });
    expect((await media.inject({ method: 'GET', url: url.replace('master.m3u8', 'poster.jpg') })).body).toBe('served');

    await createUnlock(t.db, t.viewerId, paid.id, 20);
    const unlocked = await media.inject({ method: 'GET', url: segment });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.body).toBe('served');
    expect(operatorAsked).toEqual([segment]);
    await media.close();
  });
});
