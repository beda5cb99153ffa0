import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteAllSeries } from '../../testing/factory.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await deleteAllSeries(t.db);
});
afterAll(() => t.close());

describe('GET /api/admin/catalogue-figures', () => {
  it('counts series, likes, genres and new series in the database, for operators only', async () => {
    const empty = await t.admin({ method: 'GET', url: '/api/admin/catalogue-figures' });
    expect(empty.json()).toEqual({ totalSeries: 0, totalLikes: 0, genres: 0, newSeries: 0 });

    const base = { description: 'A test series.', thumbnailUrl: '/media/art/poster.jpg' };
    const created = [];
    for (const [title, genre, isNew] of [
      ['One', 'Drama', true],
      ['Two', 'Drama', false],
      ['Three', 'Horror', true],
    ] as const) {
      const res = await t.admin({ method: 'POST', url: '/api/series', payload: { ...base, title, genre, isNew } });
      created.push(res.json() as { id: number });
    }
    await t.viewer({ method: 'POST', url: `/api/user/user-1/like/${created[0]!.id}` });
    await t.viewer({ method: 'POST', url: `/api/user/user-1/like/${created[2]!.id}` });

    const res = await t.admin({ method: 'GET', url: '/api/admin/catalogue-figures' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ totalSeries: 3, totalLikes: 2, genres: 2, newSeries: 2 });
    expect((await t.viewer({ method: 'GET', url: '/api/admin/catalogue-figures' })).statusCode).toBe(401);
  });
});
