import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Series, SeriesPage } from '#contract/index.ts';
import { loadLargeCatalogue } from '../../demo/large-catalogue.ts';
import { deleteAllSeries } from '../../testing/factory.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());
beforeEach(async () => {
  await deleteAllSeries(t.db);
});

async function add(title: string, extra: Record<string, unknown> = {}): Promise<Series> {
  const res = await t.admin({
    method: 'POST',
    url: '/api/series',
    payload: { title, description: 'Nothing here.', genre: 'Drama', thumbnailUrl: '/media/art/poster.jpg', ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function page(url: string): Promise<SeriesPage> {
  const res = await t.viewer({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Every page of a list, calling `between` after each page but the last. */
async function allPages(url: string, between?: (index: number) => Promise<void>): Promise<Series[]> {
  const seen: Series[] = [];
  let cursor: string | null = null;
  for (let index = 0; index < 100; index++) {
    const separator = url.includes('?') ? '&' : '?';
    const result: SeriesPage = await page(cursor ? `${url}${separator}cursor=${cursor}` : url);
    seen.push(...result.items);
    cursor = result.nextCursor;
    if (!cursor) break;
    await between?.(index);
  }
  return seen;
}

describe('paged lists from the snapshot', () => {
  it('pages the catalogue newest first with no repeats or gaps while series are added and deleted', async () => {
    const made: Series[] = [];
    for (let i = 0; i < 11; i++) made.push(await add(`Series ${String(i).padStart(2, '0')}`));
    const first = await page('/api/series/lists/all?limit=4');
    expect(first.total).toBe(11);
    expect(first.items.map((s) => s.title)).toEqual(['Series 10', 'Series 09', 'Series 08', 'Series 07']);

    const newest = made.map((s) => s.title).reverse();
    const unseenDeleted = made[2]!;
    const titles = (
      await allPages('/api/series/lists/all?limit=4', async (index) => {
        if (index === 0) {
          await add('Added while paging'); // newer than every page: never shown in this walk
          await t.admin({ method: 'DELETE', url: `/api/series/${made[10]!.id}` }); // already seen
          await t.admin({ method: 'DELETE', url: `/api/series/${made[9]!.id}` }); // the cursor's own series
        }
        if (index === 1) await t.admin({ method: 'DELETE', url: `/api/series/${unseenDeleted.id}` });
      })
    ).map((s) => s.title);
    expect(titles).toEqual(newest.filter((title) => title !== unseenDeleted.title));
  });

  it('pages the series marked new, the most liked first, and one genre', async () => {
    const liked = await add('Liked most', { genre: 'Romance', isNew: false });
    await add('Fresh romance', { genre: 'Romance' });
    await add('Fresh drama');
    await add('Old drama', { isNew: false });
    expect((await t.viewer({ method: 'POST', url: `/api/user/user-1/like/${liked.id}` })).statusCode).toBeLessThan(300);

    expect((await allPages('/api/series/lists/new?limit=1')).map((s) => s.title)).toEqual([
      'Fresh drama',
      'Fresh romance',
    ]);
    const popular = await allPages('/api/series/lists/popular?limit=2');
    expect(popular.map((s) => s.title)[0]).toBe('Liked most');
    expect(popular).toHaveLength(4);
    const romance = await page('/api/series/lists/all?genre=Romance&limit=10');
    expect(romance.items.map((s) => s.title)).toEqual(['Fresh romance', 'Liked most']);
    expect(romance.total).toBe(2);
    expect(romance.nextCursor).toBeNull();
    expect(await page('/api/series/lists/new?genre=Horror')).toEqual({ items: [], nextCursor: null, total: 0 });
  });

  it('shows an edit on the next read, with a new ETag, and answers 304 while nothing changed', async () => {
    const s = await add('Before');
    const url = '/api/series/lists/all?limit=5';
    const first = await t.viewer({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(first.headers['content-encoding']).toBeUndefined(); // one short series: not worth compressing
    const etag = first.headers.etag as string;
    expect((await t.viewer({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    await t.admin({ method: 'PUT', url: `/api/series/${s.id}`, payload: { title: 'After' } });
    const after = await t.viewer({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect((after.json() as SeriesPage).items[0]!.title).toBe('After');

    for (let i = 0; i < 6; i++) await add(`A longer title number ${i}, so that the page is worth compressing`);
    const br = await t.viewer({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect((JSON.parse(brotliDecompressSync(br.rawPayload).toString()) as SeriesPage).items).toHaveLength(5);
  });

  it('refuses an unknown list, a bad limit and a bad or foreign cursor with a readable 400', async () => {
    await add('One');
    await add('Two');
    const popularCursor = (await page('/api/series/lists/popular?limit=1')).nextCursor!;
    const urls = [
      '/api/series/lists/everything',
      '/api/series/lists/all?limit=0',
      '/api/series/lists/all?limit=101',
      '/api/series/lists/all?genre=Opera',
      '/api/series/lists/all?cursor=not-a-cursor',
      `/api/series/lists/all?cursor=${popularCursor}`,
      `/api/series/lists/new?cursor=${Buffer.from('{"list":"new","after":["x",1]}').toString('base64url')}`,
    ];
    for (const url of urls) {
      const res = await t.viewer({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toMatch(/\w/);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/series/lists/all' })).statusCode).toBe(401);
  });
});

describe('search answers kept per catalogue version', () => {
  it('answers the same search from memory with an ETag, and shows an edit on the very next search', async () => {
    for (let i = 0; i < 8; i++) await add(`Harbour lights ${i}, a title long enough to be worth compressing`);
    const url = '/api/series/search?q=harbour&limit=5';
    const first = await t.viewer({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    const etag = first.headers.etag as string;
    expect((JSON.parse(brotliDecompressSync(first.rawPayload).toString()) as SeriesPage).total).toBe(8);
    expect((await t.viewer({ method: 'GET', url, headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    const renamed = (await page(url)).items[0]!;
    await t.admin({ method: 'PUT', url: `/api/series/${renamed.id}`, payload: { title: 'Quiet bay' } });
    const after = await t.viewer({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect((after.json() as SeriesPage).total).toBe(7);
    expect((await page('/api/series/search?q=quiet')).items.map((s) => s.id)).toEqual([renamed.id]);
  });
});

describe('the dashboard pickers', () => {
  it('search only the series not yet in the carousel, or not yet trending', async () => {
    const [a, b, c] = [await add('Picker one'), await add('Picker two'), await add('Picker three')];
    await t.admin({ method: 'POST', url: '/api/carousel', payload: { seriesId: a.id } });
    await t.admin({ method: 'POST', url: '/api/trending', payload: { seriesId: b.id, rank: 1 } });
    const ids = async (url: string) => (await page(url)).items.map((s) => s.id).sort();
    expect(await ids('/api/series/search?notIn=carousel')).toEqual([b.id, c.id].sort());
    expect(await ids('/api/series/search?notIn=trending&q=picker')).toEqual([a.id, c.id].sort());
    expect((await page('/api/series/search?notIn=carousel')).total).toBe(2);
    await t.admin({ method: 'POST', url: '/api/carousel', payload: { seriesId: c.id } });
    expect(await ids('/api/series/search?notIn=carousel')).toEqual([b.id]);
    expect((await t.viewer({ method: 'GET', url: '/api/series/search?notIn=library' })).statusCode).toBe(400);
  });
});

describe('series by id', () => {
  it('answers the series asked for, in that order, leaving out ids that name none', async () => {
    const a = await add('Alpha');
    const b = await add('Beta');
    const res = await t.viewer({ method: 'GET', url: `/api/series/by-id?ids=${b.id},999999,${a.id},${b.id}` });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Series[]).map((s) => s.title)).toEqual(['Beta', 'Alpha']);
  });

  it('refuses missing, malformed or too many ids with a readable 400', async () => {
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    for (const query of ['', '?ids=', '?ids=1,,2', '?ids=01', '?ids=1;2', '?ids=99999999999', `?ids=${tooMany}`]) {
      const res = await t.viewer({ method: 'GET', url: `/api/series/by-id${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/\w/);
    }
  });
});

describe('a catalogue of 10,000 series', () => {
  it('keeps every page the viewer app reads under 100 kB compressed, and pages the whole list', async () => {
    await loadLargeCatalogue(t.db, { series: 10_000, episodesPerSeries: 2 });
    const urls = [
      '/api/series/lists/all?limit=24',
      '/api/series/lists/new?limit=24',
      '/api/series/lists/popular?limit=10',
      '/api/series/lists/all?genre=Drama&limit=7',
      '/api/series/lists/all?limit=100',
      '/api/series/search?q=love',
      '/api/series/search?genre=Drama&limit=100',
    ];
    for (const url of urls) {
      const res = await t.viewer({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.rawPayload.length, url).toBeLessThan(100 * 1024);
    }
    const first = await page('/api/series/lists/all?limit=100');
    expect(first.total).toBe(10_000);
    const ids = (await allPages('/api/series/lists/all?limit=100')).map((s) => s.id);
    expect(ids).toHaveLength(10_000);
    expect(new Set(ids).size).toBe(10_000);
  }, 120_000);
});
