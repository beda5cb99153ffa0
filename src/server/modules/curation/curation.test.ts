import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CarouselItem, TrendingItem } from '#contract/index.ts';
import { carouselItems, trendingItems } from '../../db/schema.ts';
import { createManySeries, createTrendingItems, deleteAllSeries } from '../../testing/factory.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

let seriesIds: number[];
beforeEach(async () => {
  await deleteAllSeries(t.db);
  const rows = await createManySeries(t.db, 10, (n) => ({
    title: `Series ${n}`,
    description: `Blurb ${n}`,
    tags: [`tag-${n}`],
    thumbnailUrl: `/media/posters/${n}.jpg`,
    verticalThumbnailUrl: n % 2 ? `/media/posters/${n}-v.jpg` : null,
    likes: (n - 1) * 10,
  }));
  seriesIds = rows.map((row) => row.id);
});

const s = (n: number) => seriesIds[n - 1]!;

async function getCarousel(): Promise<CarouselItem[]> {
  const res = await t.viewer({ method: 'GET', url: '/api/carousel' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function getTrending(): Promise<TrendingItem[]> {
  const res = await t.viewer({ method: 'GET', url: '/api/trending' });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function addCarousel(seriesId: number, displayOrder = 1): Promise<CarouselItem> {
  const res = await t.admin({
    method: 'POST',
    url: '/api/carousel',
    payload: { seriesId, displayOrder, isActive: true },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function addTrending(seriesId: number, rank: number, matchPercentage?: number): Promise<TrendingItem> {
  const res = await t.admin({
    method: 'POST',
    url: '/api/trending',
    payload: { seriesId, rank, matchPercentage, isActive: true },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function trendingCount() {
  const [row] = await t.db.select({ n: count() }).from(trendingItems);
  return row!.n;
}

describe('carousel', () => {
  it('starts empty', async () => {
    expect(await getCarousel()).toEqual([]);
  });

  it('appends at item count + 1 whatever order the client sends, with the nested series', async () => {
    const first = await addCarousel(s(1), 42);
    expect(first).toEqual({
      id: expect.any(Number),
      seriesId: s(1),
      displayOrder: 1,
      isActive: true,
      series: {
        id: s(1),
        title: 'Series 1',
        description: 'Blurb 1',
        genre: 'Drama',
        tags: ['tag-1'],
        likes: 0,
        thumbnailUrl: '/media/posters/1.jpg',
        verticalThumbnailUrl: '/media/posters/1-v.jpg',
      },
    });
    const second = await addCarousel(s(2), 1);
    const third = await addCarousel(s(3), -7);
    expect([second.displayOrder, third.displayOrder]).toEqual([2, 3]);
    expect((await getCarousel()).map((item) => item.seriesId)).toEqual([s(1), s(2), s(3)]);

    // Removing does not renumber; the next add still goes to count + 1.
    expect((await t.admin({ method: 'DELETE', url: `/api/carousel/${first.id}` })).statusCode).toBe(204);
    const fourth = await addCarousel(s(4));
    expect(fourth.displayOrder).toBe(3);
  });

  it('refuses a series already in the carousel with 409, an unknown series with 404', async () => {
    await addCarousel(s(1));
    const again = await t.admin({ method: 'POST', url: '/api/carousel', payload: { seriesId: s(1) } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This series is already in the carousel.');
    const unknown = await t.admin({ method: 'POST', url: '/api/carousel', payload: { seriesId: 999999 } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Series not found.');
    expect(await getCarousel()).toHaveLength(1);
  });

  it('refuses invalid bodies with 400 and adds nothing', async () => {
    for (const payload of [
      {},
      { seriesId: 'abc' },
      { seriesId: 0 },
      { seriesId: -3 },
      { seriesId: 1.5 },
      { seriesId: s(1), isActive: 'yes' },
    ]) {
      const res = await t.admin({ method: 'POST', url: '/api/carousel', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(/\w/);
    }
    expect(await getCarousel()).toEqual([]);
  });

  it('removes an item; 404 for an unknown one; 400 for a bad id', async () => {
    const item = await addCarousel(s(1));
    expect((await t.admin({ method: 'DELETE', url: `/api/carousel/${item.id}` })).statusCode).toBe(204);
    expect(await getCarousel()).toEqual([]);
    const again = await t.admin({ method: 'DELETE', url: `/api/carousel/${item.id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Carousel item not found.');
    expect((await t.admin({ method: 'DELETE', url: '/api/carousel/abc' })).statusCode).toBe(400);
  });

  it('reorders the whole list and the new order persists', async () => {
    const a = await addCarousel(s(1));
    const b = await addCarousel(s(2));
    const c = await addCarousel(s(3));
    const res = await t.admin({
      method: 'PUT',
      url: '/api/carousel/reorder',
      payload: {
        items: [
          { id: c.id, displayOrder: 1 },
          { id: a.id, displayOrder: 2 },
          { id: b.id, displayOrder: 3 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect((await getCarousel()).map((item) => [item.id, item.displayOrder])).toEqual([
      [c.id, 1],
      [a.id, 2],
      [b.id, 3],
    ]);
  });

  it('refuses a reorder naming an unknown item (404) or a bad list (400), and changes nothing', async () => {
    const a = await addCarousel(s(1));
    const b = await addCarousel(s(2));
    const before = await getCarousel();
    const unknown = await t.admin({
      method: 'PUT',
      url: '/api/carousel/reorder',
      payload: {
        items: [
          { id: b.id, displayOrder: 1 },
          { id: 999999, displayOrder: 2 },
          { id: a.id, displayOrder: 3 },
        ],
      },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Carousel item 999999 not found.');
    for (const payload of [
      {},
      { items: [] },
      { items: null },
      { items: [{ id: a.id, displayOrder: 0 }] },
      { items: [{ id: a.id, displayOrder: 'first' }] },
      { items: [{ id: 'x', displayOrder: 1 }] },
      {
        items: [
          { id: a.id, displayOrder: 2 },
          { id: a.id, displayOrder: 1 },
        ],
      },
    ]) {
      const res = await t.admin({ method: 'PUT', url: '/api/carousel/reorder', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await getCarousel()).toEqual(before);
  });

  it('gives concurrent adds distinct, consecutive orders', async () => {
    const results = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) =>
        t.admin({ method: 'POST', url: '/api/carousel', payload: { seriesId: s(n), displayOrder: 1 } }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    const orders = (await getCarousel()).map((item) => item.displayOrder);
    expect(orders).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('lets only one of several concurrent adds of the same series through', async () => {
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => t.admin({ method: 'POST', url: '/api/carousel', payload: { seriesId: s(1) } })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await getCarousel()).toHaveLength(1);
  });
});

describe('trending', () => {
  it('starts empty and lists active items by rank with the series the home strip reads', async () => {
    expect(await getTrending()).toEqual([]);
    await addTrending(s(1), 3, 90);
    await addTrending(s(2), 1, 95);
    await createTrendingItems(t.db, [{ seriesId: s(3), rank: 2, matchPercentage: 88, isActive: false }]);
    const list = await getTrending();
    expect(list.map((item) => [item.seriesId, item.rank])).toEqual([
      [s(2), 1],
      [s(1), 3],
    ]);
    expect(list[1]).toEqual({
      id: expect.any(Number),
      seriesId: s(1),
      rank: 3,
      matchPercentage: 90,
      isActive: true,
      series: {
        id: s(1),
        title: 'Series 1',
        description: 'Blurb 1',
        genre: 'Drama',
        tags: ['tag-1'],
        likes: 0,
        thumbnailUrl: '/media/posters/1.jpg',
        verticalThumbnailUrl: '/media/posters/1-v.jpg',
      },
    });
  });

  it('picks a random match between 85 and 99 when none is sent', async () => {
    const matches: number[] = [];
    for (let n = 1; n <= 7; n++) {
      const res = await t.admin({ method: 'POST', url: '/api/trending', payload: { seriesId: s(n), rank: n } });
      expect(res.statusCode).toBe(201);
      matches.push(res.json().matchPercentage);
    }
    for (const match of matches) {
      expect(match).toBeGreaterThanOrEqual(85);
      expect(match).toBeLessThanOrEqual(99);
      expect(Number.isInteger(match)).toBe(true);
    }
  });

  it('refuses an 8th item', async () => {
    for (let n = 1; n <= 7; n++) await addTrending(s(n), n);
    const res = await t.admin({ method: 'POST', url: '/api/trending', payload: { seriesId: s(8), rank: 1 } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Trending is full: at most 7 items');
    expect(await trendingCount()).toBe(7);
  });

  it('refuses a taken rank, a series already trending, and an unknown series', async () => {
    await addTrending(s(1), 3);
    const taken = await t.admin({ method: 'POST', url: '/api/trending', payload: { seriesId: s(2), rank: 3 } });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Rank 3 is already taken.');
    const again = await t.admin({ method: 'POST', url: '/api/trending', payload: { seriesId: s(1), rank: 4 } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This series is already trending.');
    const unknown = await t.admin({ method: 'POST', url: '/api/trending', payload: { seriesId: 999999, rank: 4 } });
    expect(unknown.statusCode).toBe(404);
    expect(await trendingCount()).toBe(1);
  });

  it('refuses invalid bodies with 400 and a readable message, adding nothing', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ seriesId: s(1) }, /rank: Rank must be a number/],
      [{ seriesId: s(1), rank: 0 }, /rank: Rank must be between 1 and 7/],
      [{ seriesId: s(1), rank: 8 }, /rank: Rank must be between 1 and 7/],
      [{ seriesId: s(1), rank: 'top' }, /rank: Rank must be a number/],
      [{ seriesId: s(1), rank: 1, matchPercentage: 0 }, /matchPercentage: Match % must be between 1 and 99/],
      [{ seriesId: s(1), rank: 1, matchPercentage: 100 }, /matchPercentage: Match % must be between 1 and 99/],
      [{ seriesId: s(1), rank: 1, matchPercentage: 'lots' }, /matchPercentage: Match % must be a number/],
      [{ rank: 1 }, /seriesId: /],
    ];
    for (const [payload, message] of cases) {
      const res = await t.admin({ method: 'POST', url: '/api/trending', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await trendingCount()).toBe(0);
  });

  it('updates the match only within 1-99', async () => {
    const item = await addTrending(s(1), 1, 90);
    const ok = await t.admin({ method: 'PUT', url: `/api/trending/${item.id}`, payload: { matchPercentage: 42 } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: item.id, matchPercentage: 42, rank: 1 });
    for (const payload of [
      { matchPercentage: 0 },
      { matchPercentage: 100 },
      { matchPercentage: 'x' },
      { matchPercentage: 50.5 },
      {},
    ]) {
      const res = await t.admin({ method: 'PUT', url: `/api/trending/${item.id}`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await getTrending())[0]!.matchPercentage).toBe(42);
    expect(
      (await t.admin({ method: 'PUT', url: '/api/trending/999999', payload: { matchPercentage: 50 } })).statusCode,
    ).toBe(404);
    expect(
      (await t.admin({ method: 'PUT', url: '/api/trending/abc', payload: { matchPercentage: 50 } })).statusCode,
    ).toBe(400);
  });

  it('removes an item; 404 for an unknown one', async () => {
    const item = await addTrending(s(1), 1);
    expect((await t.admin({ method: 'DELETE', url: `/api/trending/${item.id}` })).statusCode).toBe(204);
    expect(await getTrending()).toEqual([]);
    const again = await t.admin({ method: 'DELETE', url: `/api/trending/${item.id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Trending item not found.');
    expect((await t.admin({ method: 'DELETE', url: '/api/trending/1e999' })).statusCode).toBe(400);
  });

  it('swaps ranks in one reorder, and the swap persists', async () => {
    const a = await addTrending(s(1), 1);
    const b = await addTrending(s(2), 2);
    const c = await addTrending(s(3), 3);
    const res = await t.admin({
      method: 'PUT',
      url: '/api/trending/reorder',
      payload: {
        items: [
          { id: a.id, rank: 2 },
          { id: b.id, rank: 1 },
          { id: c.id, rank: 3 },
        ],
      },
    });
    expect(res.statusCode).toBe(200);
    expect((await getTrending()).map((item) => [item.id, item.rank])).toEqual([
      [b.id, 1],
      [a.id, 2],
      [c.id, 3],
    ]);
    const rows = await t.db.select().from(trendingItems).where(eq(trendingItems.id, a.id));
    expect(rows[0]!.rank).toBe(2);
  });

  it('refuses a reorder with repeated ranks, unknown ids or a clash with an unlisted item, changing nothing', async () => {
    const a = await addTrending(s(1), 1);
    const b = await addTrending(s(2), 2);
    const c = await addTrending(s(3), 3);
    const before = await getTrending();

    const repeated = await t.admin({
      method: 'PUT',
      url: '/api/trending/reorder',
      payload: {
        items: [
          { id: a.id, rank: 2 },
          { id: b.id, rank: 2 },
        ],
      },
    });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().message).toBe('Each rank may be used only once.');

    const unknown = await t.admin({
      method: 'PUT',
      url: '/api/trending/reorder',
      payload: {
        items: [
          { id: a.id, rank: 2 },
          { id: 999999, rank: 1 },
        ],
      },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Trending item 999999 not found.');

    // c keeps rank 3, so moving a there must fail at commit, as a readable 409.
    const clash = await t.admin({
      method: 'PUT',
      url: '/api/trending/reorder',
      payload: { items: [{ id: a.id, rank: 3 }] },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('Two active trending items cannot share a rank.');

    const eight = Array.from({ length: 8 }, (_, i) => ({ id: c.id + i, rank: (i % 7) + 1 }));
    for (const payload of [
      {},
      { items: [] },
      { items: eight },
      { items: [{ id: a.id, rank: 9 }] },
      { items: [{ id: a.id }] },
    ]) {
      const res = await t.admin({ method: 'PUT', url: '/api/trending/reorder', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await getTrending()).toEqual(before);
  });

  it('lets only one of several concurrent adds for the same free rank through', async () => {
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        t.admin({ method: 'POST', url: '/api/trending', payload: { seriesId: s(n), rank: 4 } }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const r of results.filter((r) => r.statusCode === 409))
      expect(r.json().message).toBe('Rank 4 is already taken.');
    const list = await getTrending();
    expect(list.map((item) => item.rank)).toEqual([4]);
  });

  it('never ends with more than 7 items or a repeated rank under concurrent adds', async () => {
    for (let n = 1; n <= 5; n++) await addTrending(s(n), n);
    const results = await Promise.all(
      [6, 7, 6, 7, 6].map((rank, i) =>
        t.admin({ method: 'POST', url: '/api/trending', payload: { seriesId: s(6 + i), rank } }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((code) => code === 201)).toHaveLength(2);
    expect(statuses.filter((code) => code === 409)).toHaveLength(3);
    const ranks = (await getTrending()).map((item) => item.rank);
    expect(ranks).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await trendingCount()).toBe(7);

    const more = await Promise.all(
      [8, 9, 10].map((n, i) =>
        t.admin({ method: 'POST', url: '/api/trending', payload: { seriesId: s(n), rank: i + 1 } }),
      ),
    );
    const fresh = more.filter((r) => r.statusCode === 201);
    expect(fresh).toHaveLength(0);
    expect(more.every((r) => r.statusCode === 409)).toBe(true);
    expect(await trendingCount()).toBe(7);
  });
});

describe('admin session', () => {
  it('answers 401 to every change without an admin session, and changes nothing', async () => {
    const carouselItem = await addCarousel(s(1));
    const trendingItem = await addTrending(s(1), 1, 90);
    const carouselBefore = await getCarousel();
    const trendingBefore = await getTrending();
    const calls = [
      { method: 'POST' as const, url: '/api/carousel', payload: { seriesId: s(2) } },
      { method: 'DELETE' as const, url: `/api/carousel/${carouselItem.id}` },
      {
        method: 'PUT' as const,
        url: '/api/carousel/reorder',
        payload: { items: [{ id: carouselItem.id, displayOrder: 5 }] },
      },
      { method: 'POST' as const, url: '/api/trending', payload: { seriesId: s(2), rank: 2 } },
      { method: 'PUT' as const, url: `/api/trending/${trendingItem.id}`, payload: { matchPercentage: 10 } },
      { method: 'DELETE' as const, url: `/api/trending/${trendingItem.id}` },
      { method: 'PUT' as const, url: '/api/trending/reorder', payload: { items: [{ id: trendingItem.id, rank: 5 }] } },
      // An invalid body is still answered 401 first.
      { method: 'POST' as const, url: '/api/trending', payload: { seriesId: 'x' } },
    ];
    for (const call of calls) {
      const res = await t.viewer(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
      expect(res.json().message).toBe('Your admin session has ended. Please sign in again.');
    }
    expect(await getCarousel()).toEqual(carouselBefore);
    expect(await getTrending()).toEqual(trendingBefore);
    const [rows] = await t.db.select({ n: count() }).from(carouselItems);
    expect(rows!.n).toBe(1);
  });
});

describe('odd input', () => {
  it('never answers 5xx', async () => {
    const bodies: unknown[] = [
      null,
      [],
      'text',
      42,
      { seriesId: 1e300 },
      { seriesId: s(1), rank: 1e300 },
      { items: 'x' },
      { items: [null] },
      { items: [{ id: -1, rank: 1, displayOrder: 1 }] },
    ];
    const calls: { method: 'POST' | 'PUT'; url: string }[] = [
      { method: 'POST', url: '/api/carousel' },
      { method: 'PUT', url: '/api/carousel/reorder' },
      { method: 'POST', url: '/api/trending' },
      { method: 'PUT', url: '/api/trending/reorder' },
      { method: 'PUT', url: '/api/trending/1' },
    ];
    for (const call of calls) {
      for (const body of bodies) {
        const res = await t.admin({
          ...call,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expect(res.statusCode, `${call.method} ${call.url} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
    }
  });
});
