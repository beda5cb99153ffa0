import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Series } from '#contract/index.ts';
import { createEpisode, createEpisodes, deleteAllSeries, updateEpisode } from '../../testing/factory.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';

let t: TestContext;
let other: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  other = await createTestContext({}, { sharingDatabaseOf: t });
});
afterAll(async () => {
  await other.close();
  await t.close();
});
beforeEach(async () => {
  await deleteAllSeries(t.db);
});

const validSeries = {
  title: 'The Last Lighthouse',
  description: 'A keeper finds a letter that should not exist.',
  genre: 'Drama',
  thumbnailUrl: '/media/art/poster.jpg',
};

async function createSeries(title: string): Promise<Series> {
  const res = await t.admin({ method: 'POST', url: '/api/series', payload: { ...validSeries, title } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Reads until `done` holds or `ms` pass; another instance learns of a change through PostgreSQL, not at once. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 2000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const titles = (body: string) => (JSON.parse(body) as Series[]).map((s) => s.title);

describe('catalogue reads from memory', () => {
  it('shows an operator edit on the very next read on this instance, and soon on another instance', async () => {
    const s = await createSeries('Before');
    // Both instances have the list in memory now.
    expect(titles((await t.viewer({ method: 'GET', url: '/api/series' })).body)).toEqual(['Before']);
    expect(titles((await other.viewer({ method: 'GET', url: '/api/series' })).body)).toEqual(['Before']);
    expect((await other.viewer({ method: 'GET', url: `/api/series/${s.id}` })).json().title).toBe('Before');

    const edit = await t.admin({ method: 'PUT', url: `/api/series/${s.id}`, payload: { title: 'After' } });
    expect(edit.statusCode).toBe(200);

    expect(titles((await t.viewer({ method: 'GET', url: '/api/series' })).body)).toEqual(['After']);
    expect((await t.viewer({ method: 'GET', url: `/api/series/${s.id}` })).json().title).toBe('After');
    const seen = await eventually(
      () => other.viewer({ method: 'GET', url: '/api/series' }),
      (res) => titles(res.body)[0] === 'After',
    );
    expect(titles(seen.body)).toEqual(['After']);
    expect((await other.viewer({ method: 'GET', url: `/api/series/${s.id}` })).json().title).toBe('After');
  });

  it('shows a series created or deleted on another instance', async () => {
    // beforeEach emptied the table in SQL, outside any route: this instance learns of it through PostgreSQL.
    const empty = await eventually(
      () => t.viewer({ method: 'GET', url: '/api/series' }),
      (r) => titles(r.body).length === 0,
    );
    expect(titles(empty.body)).toEqual([]);
    const res = await other.admin({
      method: 'POST',
      url: '/api/series',
      payload: { ...validSeries, title: 'Elsewhere' },
    });
    const created = res.json() as Series;
    const seen = await eventually(
      () => t.viewer({ method: 'GET', url: '/api/series' }),
      (r) => titles(r.body).length === 1,
    );
    expect(titles(seen.body)).toEqual(['Elsewhere']);

    expect((await other.admin({ method: 'DELETE', url: `/api/series/${created.id}` })).statusCode).toBe(204);
    const gone = await eventually(
      () => t.viewer({ method: 'GET', url: `/api/series/${created.id}` }),
      (r) => r.statusCode === 404,
    );
    expect(gone.statusCode).toBe(404);
  });

  it('shows an episode published by a writer outside any route (a transcode worker) on every instance', async () => {
    const s = await createSeries('Series with episodes');
    const pilot = await createEpisode(t.db, s.id, 1, { title: 'Pilot', videoUrl: '' });
    for (const instance of [t, other]) {
      const none = await eventually(
        () => instance.viewer({ method: 'GET', url: `/api/series/${s.id}/episodes` }),
        (r) => r.statusCode === 200,
      );
      expect(none.json()).toEqual([]);
    }

    await updateEpisode(t.db, pilot.id, { videoUrl: '/media/pilot/index.m3u8' });

    for (const instance of [t, other]) {
      const published = await eventually(
        () => instance.viewer({ method: 'GET', url: `/api/series/${s.id}/episodes` }),
        (r) => r.json().length === 1,
      );
      expect(published.json().map((e: { title: string }) => e.title)).toEqual(['Pilot']);
    }
  });

  it('gives the episodes of a series made free on another instance their CDN addresses', async () => {
    const cdn = await createTestContext({ MEDIA_PUBLIC_URL: 'https://cdn.example.com' }, { sharingDatabaseOf: t });
    try {
      const s = await createSeries('Paid, then free');
      await createEpisodes(t.db, s.id, 12);
      const lastVideo = async () =>
        (
          (await cdn.viewer({ method: 'GET', url: `/api/series/${s.id}/episodes` })).json() as { videoUrl: string }[]
        ).at(-1)!.videoUrl;
      // Paid: read through the origin, which checks the lock.
      expect(await lastVideo()).toBe('/media/clip.mp4');
      const edit = await t.admin({ method: 'PUT', url: `/api/series/${s.id}`, payload: { isFree: true } });
      expect(edit.statusCode, edit.body).toBe(200);
      expect(await eventually(lastVideo, (url) => url !== '/media/clip.mp4')).toBe('https://cdn.example.com/clip.mp4');
    } finally {
      await cdn.close();
    }
  });

  it('counts a like in the lists on the very next read', async () => {
    const s = await createSeries('Liked');
    expect((await t.viewer({ method: 'GET', url: '/api/series/popular' })).json()[0].likes).toBe(0);
    const like = await t.viewer({ method: 'POST', url: `/api/user/user-1/like/${s.id}` });
    expect(like.statusCode).toBeLessThan(300);
    expect((await t.viewer({ method: 'GET', url: '/api/series/popular' })).json()[0].likes).toBe(1);
    expect((await t.viewer({ method: 'GET', url: `/api/series/${s.id}` })).json().likes).toBe(1);
  });
});

describe('prepared replies', () => {
  const reads = [
    '/api/series',
    '/api/series/new',
    '/api/series/popular',
    '/api/series/trending',
    '/api/carousel',
    '/api/trending',
  ];

  it('answers 304 to a client that has the current version, and 200 once it changed', async () => {
    const s = await createSeries('Tagged');
    for (const url of [...reads, `/api/series/${s.id}`, `/api/series/${s.id}/episodes`]) {
      const first = await t.viewer({ method: 'GET', url });
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^"[\w-]+"$/);
      const again = await t.viewer({ method: 'GET', url, headers: { 'if-none-match': etag } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      const weak = await t.viewer({ method: 'GET', url, headers: { 'if-none-match': `"other", W/${etag}` } });
      expect(weak.statusCode, url).toBe(304);
    }
    const before = (await t.viewer({ method: 'GET', url: '/api/series' })).headers.etag as string;
    await t.admin({ method: 'PUT', url: `/api/series/${s.id}`, payload: { title: 'Retitled' } });
    const after = await t.viewer({ method: 'GET', url: '/api/series', headers: { 'if-none-match': before } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
    expect(titles(after.body)).toEqual(['Retitled']);
  });

  it('sends brotli or gzip as the client accepts, the same JSON as uncompressed', async () => {
    for (let i = 0; i < 8; i++) await createSeries(`Series number ${i} with a long enough title to compress`);
    const plain = await t.viewer({ method: 'GET', url: '/api/series' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.json()).toHaveLength(8);

    const br = await t.viewer({
      method: 'GET',
      url: '/api/series',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await t.viewer({ method: 'GET', url: '/api/series', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(gz.headers.etag).toBe(plain.headers.etag);
  });

  it('still refuses a bad id with 400 and an unknown one with 404, and a viewer without access with 401', async () => {
    expect((await t.viewer({ method: 'GET', url: '/api/series/abc' })).statusCode).toBe(400);
    expect((await t.viewer({ method: 'GET', url: '/api/series/999999' })).json()).toMatchObject({
      statusCode: 404,
      message: 'Series not found.',
    });
    expect((await t.viewer({ method: 'GET', url: '/api/series/999999/episodes' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/series' })).statusCode).toBe(401);
  });
});
