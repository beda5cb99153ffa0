import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Episode, Series } from '#contract/index.ts';
import { carouselItems, episodes, series, trendingItems } from '../../db/schema.ts';
import {
  createCarouselItems,
  createEpisodes,
  createTrendingItems,
  deleteAllSeries,
  updateSeries,
} from '../../testing/factory.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());
beforeEach(async () => {
  await deleteAllSeries(t.db);
});

const validSeries = {
  title: 'The Last Lighthouse',
  description: 'A keeper finds a letter that should not exist.',
  genre: 'Drama',
  thumbnailUrl: '/media/art/poster.jpg',
};

async function createSeries(overrides: Record<string, unknown> = {}): Promise<Series> {
  const res = await t.admin({ method: 'POST', url: '/api/series', payload: { ...validSeries, ...overrides } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function seriesCount() {
  const [row] = await t.db.select({ n: count() }).from(series);
  return row!.n;
}

const addEpisodes = (seriesId: number, numbers: number[]) =>
  createEpisodes(t.db, seriesId, numbers, (n) => ({
    videoUrl: `/media/clip-${n}.mp4`,
    thumbnailUrl: `/media/thumb-${n}.jpg`,
    duration: 60 + n,
  }));

describe('reading the catalogue', () => {
  it('lists every series newest first, and only new ones on /new', async () => {
    const a = await createSeries({ title: 'A', isNew: false });
    const b = await createSeries({ title: 'B' });
    const c = await createSeries({ title: 'C' });

    const all = await t.viewer({ method: 'GET', url: '/api/series' });
    expect(all.statusCode).toBe(200);
    expect(all.json().map((s: Series) => s.id)).toEqual([c.id, b.id, a.id]);

    const fresh = await t.viewer({ method: 'GET', url: '/api/series/new' });
    expect(fresh.json().map((s: Series) => s.id)).toEqual([c.id, b.id]);
  });

  it('lists popular series by likes, then rating', async () => {
    const a = await createSeries({ title: 'A', rating: 70 });
    const b = await createSeries({ title: 'B', rating: 90 });
    const c = await createSeries({ title: 'C', rating: 50 });
    await updateSeries(t.db, a.id, { likes: 10 });
    await updateSeries(t.db, b.id, { likes: 10 });
    await updateSeries(t.db, c.id, { likes: 500 });

    const res = await t.viewer({ method: 'GET', url: '/api/series/popular' });
    expect(res.json().map((s: Series) => s.id)).toEqual([c.id, b.id, a.id]);
  });

  it('lists the series of the active trending items in rank order', async () => {
    const a = await createSeries({ title: 'A' });
    const b = await createSeries({ title: 'B' });
    const c = await createSeries({ title: 'C' });
    await createTrendingItems(t.db, [
      { seriesId: a.id, rank: 3 },
      { seriesId: b.id, rank: 1 },
      { seriesId: c.id, rank: 2, isActive: false },
    ]);
    const res = await t.viewer({ method: 'GET', url: '/api/series/trending' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((s: Series) => s.id)).toEqual([b.id, a.id]);
  });

  it('answers one series, with every field of the contract', async () => {
    const created = await createSeries({ tags: ['mystery', 'sea'], verticalThumbnailUrl: '/media/posters/v.jpg' });
    const res = await t.viewer({ method: 'GET', url: `/api/series/${created.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...validSeries,
      id: created.id,
      tags: ['mystery', 'sea'],
      verticalThumbnailUrl: '/media/posters/v.jpg',
      totalEpisodes: 1,
      rating: 85,
      likes: 0,
      isNew: true,
      isFree: false,
      episodeCost: 55,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('answers 404 for an unknown series and 400 for an id that is not a positive whole number', async () => {
    const missing = await t.viewer({ method: 'GET', url: '/api/series/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Series not found.');
    for (const id of ['abc', '-1', '1.5', '0', '99999999999']) {
      const res = await t.viewer({ method: 'GET', url: `/api/series/${id}` });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message, id).toMatch(/^params id: /);
    }
  });

  it('lists episodes by number, 404 for an unknown series', async () => {
    const s = await createSeries();
    const other = await createSeries({ title: 'Other' });
    await addEpisodes(s.id, [3, 1, 2]);
    await addEpisodes(other.id, [1]);

    const res = await t.viewer({ method: 'GET', url: `/api/series/${s.id}/episodes` });
    expect(res.statusCode).toBe(200);
    const list: Episode[] = res.json();
    expect(list.map((e) => e.episodeNumber)).toEqual([1, 2, 3]);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      seriesId: s.id,
      episodeNumber: 1,
      title: 'Episode 1',
      videoUrl: '/media/clip-1.mp4',
      thumbnailUrl: '/media/thumb-1.jpg',
      duration: 61,
      subtitles: [],
    });

    const empty = await createSeries({ title: 'Empty' });
    expect((await t.viewer({ method: 'GET', url: `/api/series/${empty.id}/episodes` })).json()).toEqual([]);
    expect((await t.viewer({ method: 'GET', url: '/api/series/999999/episodes' })).statusCode).toBe(404);
    expect((await t.viewer({ method: 'GET', url: '/api/series/x/episodes' })).statusCode).toBe(400);
  });

  it('answers one episode, 404 when unknown, 400 for a bad id', async () => {
    const s = await createSeries();
    await addEpisodes(s.id, [1]);
    const [ep] = await t.db.select().from(episodes).where(eq(episodes.seriesId, s.id));
    const res = await t.viewer({ method: 'GET', url: `/api/episodes/${ep!.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ep!.id, seriesId: s.id, episodeNumber: 1 });

    const missing = await t.viewer({ method: 'GET', url: '/api/episodes/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Episode not found.');
    expect((await t.viewer({ method: 'GET', url: '/api/episodes/one' })).statusCode).toBe(400);
  });
});

describe('creating a series', () => {
  it('creates with the product defaults and ignores likes sent by the client', async () => {
    const res = await t.admin({
      method: 'POST',
      url: '/api/series',
      payload: { ...validSeries, likes: 99999, verticalThumbnailUrl: '' },
    });
    expect(res.statusCode).toBe(201);
    const created: Series = res.json();
    expect(created).toMatchObject({
      title: validSeries.title,
      likes: 0,
      verticalThumbnailUrl: null,
      totalEpisodes: 1,
      rating: 85,
      isNew: true,
      isFree: false,
      episodeCost: 55,
      tags: [],
    });
    const [row] = await t.db.select().from(series).where(eq(series.id, created.id));
    expect(row!.likes).toBe(0);
  });

  it('stores every field sent', async () => {
    const created = await createSeries({
      title: '  Trimmed  ',
      genre: 'Sci-Fi & Fantasy',
      totalEpisodes: 40,
      rating: 0,
      isNew: false,
      isFree: true,
      episodeCost: 0,
      tags: ['space'],
      thumbnailUrl: '/media/art/a.png',
      verticalThumbnailUrl: '/media/art/v.png',
    });
    expect(created).toMatchObject({
      title: 'Trimmed',
      genre: 'Sci-Fi & Fantasy',
      totalEpisodes: 40,
      rating: 0,
      isNew: false,
      isFree: true,
      episodeCost: 0,
      tags: ['space'],
      verticalThumbnailUrl: '/media/art/v.png',
    });
  });

  const invalidBodies: [string, Record<string, unknown>, RegExp][] = [
    ['missing title', { ...validSeries, title: undefined }, /title: Title is required/],
    ['blank title', { ...validSeries, title: '   ' }, /title: Title is required/],
    ['missing description', { ...validSeries, description: undefined }, /description: Description is required/],
    ['missing genre', { ...validSeries, genre: undefined }, /genre: Genre must be one of/],
    ['missing thumbnail', { ...validSeries, thumbnailUrl: undefined }, /thumbnailUrl: /],
    ['rating 150', { ...validSeries, rating: 150 }, /rating: Rating must be between 0 and 100/],
    ['rating -1', { ...validSeries, rating: -1 }, /rating: Rating must be between 0 and 100/],
    ['rating "high"', { ...validSeries, rating: 'high' }, /rating: Rating must be a number/],
    ['rating 8.5', { ...validSeries, rating: 8.5 }, /rating: Rating must be a whole number/],
    ['unknown genre', { ...validSeries, genre: 'Cooking' }, /genre: Genre must be one of: Action & Adventure/],
    [
      'javascript: thumbnail',
      { ...validSeries, thumbnailUrl: 'javascript:alert(1)' },
      /thumbnailUrl: Must be an http\(s\) URL or a \/media\/ path/,
    ],
    [
      'data: vertical thumbnail',
      { ...validSeries, verticalThumbnailUrl: 'data:text/html,hi' },
      /verticalThumbnailUrl: /,
    ],
    ['media path escaping', { ...validSeries, thumbnailUrl: '/media/../secrets' }, /thumbnailUrl: /],
    ['total episodes 0', { ...validSeries, totalEpisodes: 0 }, /totalEpisodes: Total episodes must be at least 1/],
    ['negative cost', { ...validSeries, episodeCost: -5 }, /episodeCost: Episode cost must be 0 or more/],
    ['isNew as text', { ...validSeries, isNew: 'yes' }, /isNew: /],
    ['tags not a list', { ...validSeries, tags: 'a,b' }, /tags: /],
    ['title too long', { ...validSeries, title: 'x'.repeat(201) }, /title: Title is too long/],
  ];
  it.each(invalidBodies)(
    'refuses %s with 400, a readable message, and creates nothing',
    async (_name, payload, message) => {
      const res = await t.admin({ method: 'POST', url: '/api/series', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
      expect(await seriesCount()).toBe(0);
    },
  );

  it('refuses a 1 MB title with a 4xx and creates nothing', async () => {
    const res = await t.admin({
      method: 'POST',
      url: '/api/series',
      payload: { ...validSeries, title: 'x'.repeat(1024 * 1024) },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(typeof res.json().message).toBe('string');
    expect(await seriesCount()).toBe(0);
  });

  it('refuses a body that is not JSON, or none at all, with 400', async () => {
    const broken = await t.admin({
      method: 'POST',
      url: '/api/series',
      headers: { 'content-type': 'application/json' },
      payload: '{"title": ',
    });
    expect(broken.statusCode).toBe(400);
    const none = await t.admin({ method: 'POST', url: '/api/series' });
    expect(none.statusCode).toBe(400);
    const array = await t.admin({ method: 'POST', url: '/api/series', payload: [validSeries] });
    expect(array.statusCode).toBe(400);
    expect(await seriesCount()).toBe(0);
  });
});

describe('editing a series', () => {
  it('changes only the fields sent, never likes', async () => {
    const s = await createSeries({ tags: ['a'] });
    await updateSeries(t.db, s.id, { likes: 42 });
    const res = await t.admin({
      method: 'PUT',
      url: `/api/series/${s.id}`,
      payload: { rating: 60, isFree: true, likes: 0, verticalThumbnailUrl: '/media/v.jpg' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ...validSeries,
      id: s.id,
      rating: 60,
      isFree: true,
      likes: 42,
      tags: ['a'],
      verticalThumbnailUrl: '/media/v.jpg',
    });
    const [row] = await t.db.select().from(series).where(eq(series.id, s.id));
    expect(row).toMatchObject({ rating: 60, isFree: true, likes: 42, title: validSeries.title });
  });

  it('accepts the edit row values: 0 episodes, cleared vertical thumbnail, an empty body', async () => {
    const s = await createSeries({ verticalThumbnailUrl: '/media/v.jpg' });
    const res = await t.admin({
      method: 'PUT',
      url: `/api/series/${s.id}`,
      payload: { totalEpisodes: 0, verticalThumbnailUrl: '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalEpisodes: 0, verticalThumbnailUrl: null });
    const same = await t.admin({ method: 'PUT', url: `/api/series/${s.id}`, payload: {} });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ id: s.id, totalEpisodes: 0 });
  });

  it('refuses invalid changes with 400 and changes nothing', async () => {
    const s = await createSeries();
    for (const payload of [
      { rating: 150 },
      { rating: 'high' },
      { genre: 'Cooking' },
      { thumbnailUrl: 'javascript:alert(1)' },
      { title: '' },
      { totalEpisodes: -1 },
      { title: 'Fine', rating: 101 },
    ]) {
      const res = await t.admin({ method: 'PUT', url: `/api/series/${s.id}`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message.length).toBeGreaterThan(5);
    }
    const [row] = await t.db.select().from(series).where(eq(series.id, s.id));
    expect(row).toMatchObject({
      title: validSeries.title,
      rating: 85,
      genre: 'Drama',
      thumbnailUrl: validSeries.thumbnailUrl,
      totalEpisodes: 1,
    });
  });

  it('answers 404 for an unknown series and 400 for a bad id', async () => {
    expect((await t.admin({ method: 'PUT', url: '/api/series/999999', payload: { rating: 50 } })).statusCode).toBe(404);
    expect((await t.admin({ method: 'PUT', url: '/api/series/999999', payload: {} })).statusCode).toBe(404);
    expect((await t.admin({ method: 'PUT', url: '/api/series/abc', payload: { rating: 50 } })).statusCode).toBe(400);
  });
});

describe('deleting a series', () => {
  it('deletes it with its episodes, carousel and trending items', async () => {
    const s = await createSeries();
    const kept = await createSeries({ title: 'Kept' });
    await addEpisodes(s.id, [1, 2]);
    await addEpisodes(kept.id, [1]);
    await createCarouselItems(t.db, [{ seriesId: s.id }, { seriesId: kept.id }]);
    await createTrendingItems(t.db, [{ seriesId: s.id }]);

    const res = await t.admin({ method: 'DELETE', url: `/api/series/${s.id}` });
    expect(res.statusCode).toBe(204);
    expect((await t.viewer({ method: 'GET', url: `/api/series/${s.id}` })).statusCode).toBe(404);
    expect(await t.db.select().from(episodes).where(eq(episodes.seriesId, s.id))).toEqual([]);
    expect(await t.db.select().from(carouselItems).where(eq(carouselItems.seriesId, s.id))).toEqual([]);
    expect(await t.db.select().from(trendingItems)).toEqual([]);
    expect(await t.db.select().from(episodes).where(eq(episodes.seriesId, kept.id))).toHaveLength(1);
    expect(await t.db.select().from(carouselItems)).toHaveLength(1);

    expect((await t.admin({ method: 'DELETE', url: `/api/series/${s.id}` })).statusCode).toBe(404);
    expect((await t.admin({ method: 'DELETE', url: '/api/series/nope' })).statusCode).toBe(400);
  });
});

describe('admin session', () => {
  it('answers 401 to every change without an admin session, and changes nothing', async () => {
    const s = await createSeries();
    const calls = [
      { method: 'POST' as const, url: '/api/series', payload: validSeries },
      { method: 'PUT' as const, url: `/api/series/${s.id}`, payload: { title: 'Hacked' } },
      { method: 'DELETE' as const, url: `/api/series/${s.id}` },
    ];
    for (const call of calls) {
      const res = await t.viewer(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(res.json().message).toBe('Your admin session has ended. Please sign in again.');
      // Without the access cookie too.
      expect((await t.app.inject(call)).statusCode).toBe(401);
    }
    const list = (await t.viewer({ method: 'GET', url: '/api/series' })).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: s.id, title: validSeries.title });
  });

  it('checks the session before the body: an invalid body without a session is still 401', async () => {
    const res = await t.viewer({ method: 'POST', url: '/api/series', payload: { rating: 'high' } });
    expect(res.statusCode).toBe(401);
  });
});
