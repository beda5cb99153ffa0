import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Series, SeriesPage } from '#contract/index.ts';
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
    payload: {
      title,
      description: 'Nothing here.',
      genre: 'Drama',
      thumbnailUrl: '/media/art/poster.jpg',
      ...extra,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function search(query: Record<string, string | number>): Promise<SeriesPage> {
  const res = await t.viewer({
    method: 'GET',
    url: '/api/series/search',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const found = async (q: string) => (await search({ q })).items.map((s) => s.title);

describe('searching the catalogue', () => {
  beforeEach(async () => {
    await add('The Last Lighthouse', { description: 'A keeper finds a letter that should not exist.', tags: ['sea'] });
    await add('Café Noir', { genre: 'Thrillers', description: 'Espresso and secrets.' });
    await add('Billionaire Bride', { genre: 'Romance', description: 'A contract marriage.', tags: ['ceo'] });
    await add('قلب الصحراء', { description: 'حب في الصحراء' });
    await add('月下の約束', { genre: 'Romance', description: '二人の約束' });
    await add('รักในสายฝน', { description: 'ความรักใต้ฝน' });
  });

  it('forgives case and accents', async () => {
    expect(await found('LIGHTHOUSE')).toEqual(['The Last Lighthouse']);
    expect(await found('cafe')).toEqual(['Café Noir']);
    expect(await found('CAFÉ noir')).toEqual(['Café Noir']);
  });

  it('forgives a small typo', async () => {
    expect(await found('lighthose')).toContain('The Last Lighthouse');
    expect(await found('billionare')).toContain('Billionaire Bride');
  });

  it('finds Arabic, Japanese and Thai titles by part of them', async () => {
    expect(await found('الصحراء')).toEqual(['قلب الصحراء']);
    expect(await found('約束')).toEqual(['月下の約束']);
    expect(await found('สายฝน')).toEqual(['รักในสายฝน']);
  });

  it('searches description, tags and genre, and filters by genre', async () => {
    expect(await found('espresso')).toEqual(['Café Noir']);
    expect(await found('ceo')).toEqual(['Billionaire Bride']);
    expect(await found('thrillers')).toEqual(['Café Noir']);
    expect((await search({ q: 'a', genre: 'Romance' })).items.every((s) => s.genre === 'Romance')).toBe(true);
    expect((await search({ genre: 'Romance' })).items.map((s) => s.title).sort()).toEqual(
      ['Billionaire Bride', '月下の約束'].sort(),
    );
  });

  it('ranks a title match above a description match', async () => {
    await add('Secrets of the Bay', { description: 'Nothing to see.' });
    expect((await found('secrets'))[0]).toBe('Secrets of the Bay');
  });

  it('finds nothing for words in no series', async () => {
    expect(await search({ q: 'zzqxj' })).toEqual({ items: [], nextCursor: null, total: 0 });
  });

  it('refuses a bad limit, cursor or genre with a readable 400', async () => {
    const refused: Record<string, string>[] = [
      { limit: '0' },
      { limit: '101' },
      { limit: 'ten' },
      { cursor: 'not-a-cursor' },
      { genre: 'Opera' },
    ];
    for (const query of refused) {
      const res = await t.viewer({ method: 'GET', url: '/api/series/search', query });
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });
});

describe('paging', () => {
  async function allPages(query: Record<string, string | number>, between?: (page: number) => Promise<void>) {
    const titles: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 50; page++) {
      const result: SeriesPage = await search({ ...query, ...(cursor ? { cursor } : {}) });
      titles.push(...result.items.map((s) => s.title));
      cursor = result.nextCursor;
      if (!cursor) break;
      await between?.(page);
    }
    return titles;
  }

  it('pages newest first with no repeats or gaps while series are added and deleted', async () => {
    const made: Series[] = [];
    for (let i = 0; i < 12; i++) made.push(await add(`Series ${String(i).padStart(2, '0')}`));
    const expected = made.map((s) => s.title).reverse();

    const titles = await allPages({ limit: 5 }, async (page) => {
      if (page === 0) {
        await add('Added while paging'); // newer than every page: belongs before page 1, never repeated
        await t.admin({ method: 'DELETE', url: `/api/series/${made[11]!.id}` }); // already seen
      }
    });
    expect(titles).toEqual(expected);
  });

  it('pages a ranked search stably while series are added and deleted', async () => {
    const made: Series[] = [];
    for (let i = 0; i < 9; i++) made.push(await add(`Storm chapter ${i}`));
    const first = await search({ q: 'storm', limit: 4 });
    expect(first.items).toHaveLength(4);
    expect(first.total).toBe(9);
    const browsing = await search({ limit: 4 });
    expect(browsing.total).toBe(9);
    expect((await search({ limit: 4, cursor: browsing.nextCursor! })).total).toBeNull();
    expect((await search({ q: 'storm', limit: 4, cursor: first.nextCursor! })).total).toBeNull();
    await add('Unrelated title');
    const seen = new Set(first.items.map((s) => s.id));
    const unseen = made.find((s) => !seen.has(s.id))!;
    const seenOne = first.items[0]!;
    await t.admin({ method: 'DELETE', url: `/api/series/${seenOne.id}` });
    const rest: Series[] = [];
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await search({ q: 'storm', limit: 4, cursor });
      rest.push(...page.items);
      cursor = page.nextCursor;
    }
    const ids = [...first.items, ...rest].map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(made.map((s) => s.id).sort());
    expect(rest.map((s) => s.id)).toContain(unseen.id);
  });
});
