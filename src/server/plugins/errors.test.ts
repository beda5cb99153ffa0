import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carouselItems, series } from '../db/schema.ts';
import { createManySeries } from '../testing/factory.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function makeSeries(n: number): Promise<number[]> {
  const rows = await createManySeries(t.db, n, (i) => ({
    title: `Strict ${i}`,
    description: 'Blurb',
    thumbnailUrl: `/media/posters/${i}.jpg`,
  }));
  return rows.map((row) => row.id);
}

const seriesCount = async () => (await t.db.select({ n: count() }).from(series))[0]!.n;

describe('ids are read strictly: one canonical spelling names a row', () => {
  it.each(['0x10', '%201', '1e1', '+1', '-1', '01', '1.0', '0', '2147483648', '%EF%BC%91'])(
    'DELETE /api/series/%s is a readable 400 and deletes nothing',
    async (spelling) => {
      await makeSeries(16);
      const before = await seriesCount();
      const res = await t.admin({ method: 'DELETE', url: `/api/series/${spelling}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', field: 'id' });
      expect(res.json().message).toMatch(/^params id: /);
      expect(await seriesCount()).toBe(before);
    },
  );

  it('the canonical spelling still works', async () => {
    const [id] = await makeSeries(1);
    const res = await t.admin({ method: 'DELETE', url: `/api/series/${id}` });
    expect(res.statusCode).toBe(204);
    expect(await t.db.select().from(series).where(eq(series.id, id!))).toEqual([]);
  });

  it('body ids are JSON integers: strings that are not canonical, fractions and hex text are refused', async () => {
    const [id] = await makeSeries(1);
    for (const seriesId of [`0x${id!.toString(16)}`, ` ${id}`, 1.5, `${id}e0`, true]) {
      const res = await t.admin({ method: 'POST', url: '/api/carousel', payload: { seriesId } });
      expect(res.statusCode, JSON.stringify(seriesId)).toBe(400);
      expect(res.json().field).toBe('seriesId');
    }
    expect((await t.db.select({ n: count() }).from(carouselItems))[0]!.n).toBe(0);
  });

  it('query ids too', async () => {
    const res = await t.viewer({ method: 'GET', url: '/api/user/user-1/unlocked-episodes?seriesId=0x1' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('seriesId');
  });
});

describe('text the database cannot store', () => {
  it.each([
    ['a NUL', 'a\u0000b'],
    ['an unpaired high surrogate', 'a\uD83Db'],
    ['an unpaired low surrogate', 'a\uDE00b'],
  ])('a title with %s is a 400 naming the field, and nothing changes', async (_, title) => {
    const [id] = await makeSeries(1);
    const res = await t.admin({
      method: 'PUT',
      url: `/api/series/${id}`,
      headers: { 'content-type': 'application/json' },
      payload: `{"title":${JSON.stringify(title).replace(/[\uD800-\uDFFF]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`)}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, field: 'title' });
    const [row] = await t.db.select({ title: series.title }).from(series).where(eq(series.id, id!));
    expect(row!.title).toBe('Strict 1');
  });

  it('nested fields and keys are checked too; a paired surrogate (an emoji) is fine', async () => {
    const [id] = await makeSeries(1);
    const nested = await t.admin({ method: 'PUT', url: `/api/series/${id}`, payload: { tags: ['ok', 'b\u0000'] } });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().field).toBe('tags.1');
    const emoji = await t.admin({ method: 'PUT', url: `/api/series/${id}`, payload: { title: 'Fire 🔥' } });
    expect(emoji.statusCode).toBe(200);
  });

  it('a NUL in a path segment is a 400 too', async () => {
    const res = await t.viewer({ method: 'GET', url: '/api/user/user%00x' });
    expect(res.statusCode).toBe(400);
  });
});

describe('one error shape', () => {
  it('414 for an over-long path segment: the usual shape, quoting only a short excerpt', async () => {
    const res = await t.viewer({ method: 'GET', url: `/api/series/${'9'.repeat(10_000)}` });
    expect(res.statusCode).toBe(414);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['error', 'message', 'statusCode']);
    expect(body).toMatchObject({ statusCode: 414, error: 'URI Too Long' });
    expect(body.message.length).toBeLessThan(120);
    expect(res.body.length).toBeLessThan(200);
  });

  it('413 for a body over the limit: the usual shape', async () => {
    const res = await t.admin({ method: 'POST', url: '/api/series', payload: { title: 'x'.repeat(300 * 1024) } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      statusCode: 413,
      error: 'Payload Too Large',
      message: 'The request body is too large.',
    });
  });

  it('a URL that does not decode: the usual shape', async () => {
    const res = await t.viewer({ method: 'GET', url: `/api/series/%E0%A4%A${'x'.repeat(500)}` });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['error', 'message', 'statusCode']);
    expect(res.body.length).toBeLessThan(200);
  });
});
