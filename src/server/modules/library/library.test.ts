import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookmarks, likes, progress, series } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';
import { createLike, createSeriesWithEpisodes, updateSeries } from '../../testing/factory.ts';
import * as repo from './library.repository.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const addSeries = (values: { totalEpisodes: number; likes?: number }) =>
  createSeriesWithEpisodes(t.db, {
    description: 'A series made by the library tests.',
    genre: 'Romance',
    ...values,
    episode: { duration: 120 },
  });

const addUser = () => t.addViewer();

async function likesOf(seriesId: number) {
  const [row] = await t.db.select({ likes: series.likes }).from(series).where(eq(series.id, seriesId));
  return row!.likes;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const like = (userId: string, seriesId: number | string) =>
  t.viewerNamed(userId)({ method: 'POST', url: `/api/user/${userId}/like/${seriesId}` });
const bookmark = (userId: string, seriesId: number | string) =>
  t.viewerNamed(userId)({ method: 'POST', url: `/api/user/${userId}/bookmark/${seriesId}` });
const report = (payload: unknown) =>
  t.viewerNamed(String((payload as { userId?: unknown } | null)?.userId ?? ''))({
    method: 'POST',
    url: '/api/progress',
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });
/** As the viewer the path names (`/api/user/{id}/…`). */
const get = (url: string) => t.viewerNamed(/^\/api\/user\/([^/?]+)/.exec(url)?.[1] ?? '')({ method: 'GET', url });

describe('likes', () => {
  it('toggles the like and keeps the series like count right', async () => {
    const userId = await addUser();
    const liked = await addSeries({ totalEpisodes: 3, likes: 41 });
    const first = await like(userId, liked.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ seriesId: liked.id, liked: true, likes: 42 });
    expect((await get(`/api/user/${userId}/liked`)).json()).toEqual([liked.id]);

    const second = await like(userId, liked.id);
    expect(second.json()).toEqual({ seriesId: liked.id, liked: false, likes: 41 });
    expect(await likesOf(liked.id)).toBe(41);
    expect((await get(`/api/user/${userId}/liked`)).json()).toEqual([]);
  });

  it('lists liked series newest first', async () => {
    const userId = await addUser();
    const older = await addSeries({ totalEpisodes: 1 });
    const newer = await addSeries({ totalEpisodes: 1 });
    await like(userId, older.id);
    await sleep(5);
    await like(userId, newer.id);
    expect((await get(`/api/user/${userId}/liked`)).json()).toEqual([newer.id, older.id]);
  });

  it('counts right under concurrent toggles and never goes below 0', async () => {
    const userId = await addUser();
    const target = await addSeries({ totalEpisodes: 1 });
    const replies = await Promise.all(Array.from({ length: 11 }, () => like(userId, target.id)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(11).fill(200));
    // Toggles applied one after another: liked, unliked, ... the 11th leaves it liked.
    expect(replies.filter((r) => r.json().liked)).toHaveLength(6);
    expect(await likesOf(target.id)).toBe(1);
    const rows = await t.db
      .select()
      .from(likes)
      .where(and(eq(likes.userId, userId), eq(likes.seriesId, target.id)));
    expect(rows).toHaveLength(1);

    // A like row with a count already at 0 (data edited by hand): unliking leaves 0, not -1.
    const drifted = await addSeries({ totalEpisodes: 1, likes: 0 });
    await createLike(t.db, userId, drifted.id);
    const unliked = await like(userId, drifted.id);
    expect(unliked.json()).toEqual({ seriesId: drifted.id, liked: false, likes: 0 });
  });

  it('counts the likes of many viewers tapping at once, each once, and answers each with their own state', async () => {
    const target = await addSeries({ totalEpisodes: 1, likes: 5 });
    const viewers = await Promise.all(Array.from({ length: 30 }, () => addUser()));
    const [unliker] = viewers;
    await like(unliker!, target.id);
    const replies = await Promise.all([
      ...viewers.map((userId) => like(userId, target.id)),
      like(unliker!, 2_000_000_000),
      like('user-2', target.id),
    ]);
    expect(replies.slice(0, 30).map((reply) => reply.json().liked)).toEqual(viewers.map((_, i) => i > 0));
    expect(replies.slice(30).map((reply) => reply.statusCode)).toEqual([404, 404]);
    // 5 to start, +1 before, then 29 likes and 1 unlike.
    expect(await likesOf(target.id)).toBe(5 + 1 + 29 - 1);
    expect(await t.db.select().from(likes).where(eq(likes.seriesId, target.id))).toHaveLength(29);
  });

  it('answers 404 for an unknown series or user, 400 for a bad id, and writes nothing', async () => {
    const userId = await addUser();
    const target = await addSeries({ totalEpisodes: 1, likes: 7 });
    const unknown = await like(userId, 2_000_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Series not found.');
    const other = await like('user-2', target.id);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('No such user');
    for (const bad of ['abc', '-1', '0', '1.5', '99999999999']) {
      expect((await like(userId, bad)).statusCode, bad).toBe(400);
    }
    expect(await likesOf(target.id)).toBe(7);
    expect(await t.db.select().from(likes).where(eq(likes.userId, userId))).toHaveLength(0);
    expect((await get('/api/user/user-2/liked')).statusCode).toBe(404);
  });
});

describe('bookmarks', () => {
  it('toggles the bookmark and lists bookmarked series newest first', async () => {
    const userId = await addUser();
    const first = await addSeries({ totalEpisodes: 1 });
    const second = await addSeries({ totalEpisodes: 1 });
    const on = await bookmark(userId, first.id);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ seriesId: first.id, bookmarked: true });
    await sleep(5);
    await bookmark(userId, second.id);
    expect((await get(`/api/user/${userId}/bookmarked`)).json()).toEqual([second.id, first.id]);
    const off = await bookmark(userId, first.id);
    expect(off.json()).toEqual({ seriesId: first.id, bookmarked: false });
    expect((await get(`/api/user/${userId}/bookmarked`)).json()).toEqual([second.id]);
  });

  it('toggles one at a time under concurrent taps', async () => {
    const userId = await addUser();
    const target = await addSeries({ totalEpisodes: 1 });
    const replies = await Promise.all(Array.from({ length: 4 }, () => bookmark(userId, target.id)));
    expect(replies.filter((r) => r.json().bookmarked)).toHaveLength(2);
    const rows = await t.db.select().from(bookmarks).where(eq(bookmarks.userId, userId));
    expect(rows).toHaveLength(0);
  });

  it('answers 404 for an unknown series or user', async () => {
    const userId = await addUser();
    const target = await addSeries({ totalEpisodes: 1 });
    expect((await bookmark(userId, 2_000_000_000)).statusCode).toBe(404);
    expect((await bookmark('user-2', target.id)).statusCode).toBe(404);
    expect((await get('/api/user/user-2/bookmarked')).statusCode).toBe(404);
    expect(await t.db.select().from(bookmarks).where(eq(bookmarks.userId, userId))).toHaveLength(0);
  });
});

describe('progress', () => {
  it('upserts one row per (user, episode) with the percent rounded', async () => {
    const userId = await addUser();
    const show = await addSeries({ totalEpisodes: 20 });
    const episode = show.episodes[2]!;
    const first = await report({
      userId,
      seriesId: show.id,
      episodeId: episode.id,
      progress: 10.4,
      positionSeconds: 12.5,
    });
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe('');
    const second = await report({
      userId,
      seriesId: show.id,
      episodeId: episode.id,
      progress: 33.6,
      positionSeconds: 40.3,
    });
    expect(second.statusCode).toBe(204);
    const rows = await t.db.select().from(progress).where(eq(progress.userId, userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ episodeId: episode.id, seriesId: show.id, percent: 34 });
    expect(rows[0]!.positionSeconds).toBeCloseTo(40.3, 3);

    const resume = await get(`/api/user/${userId}/episodes/${episode.id}/progress`);
    expect(resume.statusCode).toBe(200);
    expect(resume.json()).toEqual({
      episodeId: episode.id,
      episodeNumber: 3,
      progress: 34,
      positionSeconds: expect.closeTo(40.3, 3),
      lastWatched: expect.any(String),
    });
  });

  it('derives the position from the percent when none is sent', async () => {
    const userId = await addUser();
    const show = await addSeries({ totalEpisodes: 2 });
    await report({ userId, seriesId: show.id, episodeId: show.episodes[0]!.id, progress: 25 });
    const resume = await get(`/api/user/${userId}/episodes/${show.episodes[0]!.id}/progress`);
    expect(resume.json()).toMatchObject({ progress: 25, positionSeconds: 30 });
  });

  it('derives the series progress from the episodes watched and resumes at the latest one', async () => {
    const userId = await addUser();
    const show = await addSeries({ totalEpisodes: 20 });
    const [one, two, three] = show.episodes;
    await report({ userId, seriesId: show.id, episodeId: one!.id, progress: 100, positionSeconds: 120 });
    await sleep(5);
    await report({ userId, seriesId: show.id, episodeId: two!.id, progress: 95, positionSeconds: 114 });
    await sleep(5);
    await report({ userId, seriesId: show.id, episodeId: three!.id, progress: 50, positionSeconds: 60 });

    const res = await get(`/api/user/${userId}/series/${show.id}/progress`);
    expect(res.statusCode).toBe(200);
    // (1 + 1 + 0.5) of 20 episodes = 12.5 %, rounded.
    expect(res.json()).toEqual({
      seriesId: show.id,
      progress: 13,
      lastWatched: expect.any(String),
      episodeId: three!.id,
      episodeNumber: 3,
      positionSeconds: 60,
    });

    // Going back to episode 1 makes it the one to resume; its latest percent counts: (0.1 + 1 + 0.5) of 20.
    await sleep(5);
    await report({ userId, seriesId: show.id, episodeId: one!.id, progress: 10, positionSeconds: 12 });
    const back = (await get(`/api/user/${userId}/series/${show.id}/progress`)).json();
    expect(back).toMatchObject({ episodeId: one!.id, episodeNumber: 1, positionSeconds: 12, progress: 8 });
  });

  it('lists every series in progress, most recently watched first, capped at 100', async () => {
    const userId = await addUser();
    const short = await addSeries({ totalEpisodes: 1 });
    const long = await addSeries({ totalEpisodes: 10 });
    await report({ userId, seriesId: short.id, episodeId: short.episodes[0]!.id, progress: 100 });
    await sleep(5);
    await report({ userId, seriesId: long.id, episodeId: long.episodes[4]!.id, progress: 40 });
    const res = await get(`/api/user/${userId}/progress`);
    expect(res.statusCode).toBe(200);
    const entries = res.json();
    expect(entries.map((e: { seriesId: number }) => e.seriesId)).toEqual([long.id, short.id]);
    expect(entries[0]).toMatchObject({ progress: 4, episodeNumber: 5 });
    expect(entries[1]).toMatchObject({ progress: 100, episodeNumber: 1 });

    // An operator lowering totalEpisodes below what was watched does not push it past 100.
    await updateSeries(t.db, short.id, { totalEpisodes: 0 });
    const capped = (await get(`/api/user/${userId}/series/${short.id}/progress`)).json();
    expect(capped.progress).toBe(100);
  });

  it('answers 404 where nothing was watched yet', async () => {
    const userId = await addUser();
    const show = await addSeries({ totalEpisodes: 2 });
    expect((await get(`/api/user/${userId}/progress`)).json()).toEqual([]);
    const none = await get(`/api/user/${userId}/series/${show.id}/progress`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('No progress for this series yet.');
    const noEpisode = await get(`/api/user/${userId}/episodes/${show.episodes[0]!.id}/progress`);
    expect(noEpisode.statusCode).toBe(404);
    expect((await get('/api/user/user-2/progress')).statusCode).toBe(404);
    expect((await get(`/api/user/user-2/series/${show.id}/progress`)).statusCode).toBe(404);
    expect((await get(`/api/user/${userId}/series/abc/progress`)).statusCode).toBe(400);
    expect((await get(`/api/user/${userId}/episodes/-4/progress`)).statusCode).toBe(400);
  });

  it('refuses an episode of another series with 400 and unknown ids with 404, writing nothing', async () => {
    const userId = await addUser();
    const show = await addSeries({ totalEpisodes: 2 });
    const other = await addSeries({ totalEpisodes: 2 });
    const mismatch = await report({ userId, seriesId: show.id, episodeId: other.episodes[0]!.id, progress: 50 });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ field: 'episodeId' });
    expect(mismatch.json().message).toMatch(/does not belong to series/);
    const noEpisode = await report({ userId, seriesId: show.id, episodeId: 2_000_000_000, progress: 50 });
    expect(noEpisode.statusCode).toBe(404);
    const noSeries = await report({ userId, seriesId: 2_000_000_000, episodeId: show.episodes[0]!.id, progress: 50 });
    expect(noSeries.statusCode).toBe(404);
    const noUser = await report({ userId: 'user-2', seriesId: show.id, episodeId: show.episodes[0]!.id, progress: 50 });
    expect(noUser.statusCode).toBe(404);
    expect(noUser.json().message).toBe('No such user');
    expect(await t.db.select().from(progress).where(eq(progress.userId, userId))).toHaveLength(0);
  });

  it('answers each of many reports sent at once on its own: the good ones written, the bad ones refused', async () => {
    const show = await addSeries({ totalEpisodes: 3 });
    const other = await addSeries({ totalEpisodes: 1 });
    const viewers = await Promise.all(Array.from({ length: 40 }, () => addUser()));
    const [first, second] = viewers;
    // Arriving together, these are written in one batch; each still gets its own answer.
    const replies = await Promise.all([
      ...viewers.map((userId, i) =>
        report({ userId, seriesId: show.id, episodeId: show.episodes[i % 3]!.id, progress: i + 1 }),
      ),
      report({ userId: first, seriesId: show.id, episodeId: other.episodes[0]!.id, progress: 70 }),
      report({ userId: second, seriesId: show.id, episodeId: 2_000_000_000, progress: 70 }),
      report({ userId: second, seriesId: 2_000_000_000, episodeId: show.episodes[0]!.id, progress: 70 }),
    ]);
    expect(replies.slice(0, 40).map((reply) => reply.statusCode)).toEqual(viewers.map(() => 204));
    expect(replies.slice(40).map((reply) => reply.statusCode)).toEqual([400, 404, 404]);
    for (const [i, userId] of viewers.entries()) {
      const rows = await t.db.select().from(progress).where(eq(progress.userId, userId));
      expect(rows.map((row) => [row.episodeId, row.percent])).toEqual([[show.episodes[i % 3]!.id, i + 1]]);
    }
  });

  it('keeps the last of several reports of one episode sent at once', async () => {
    const userId = await addUser();
    const show = await addSeries({ totalEpisodes: 1 });
    const episodeId = show.episodes[0]!.id;
    const replies = await Promise.all(
      [10, 20, 30].map((progress) => report({ userId, seriesId: show.id, episodeId, progress })),
    );
    expect(replies.map((reply) => reply.statusCode)).toEqual([204, 204, 204]);
    const rows = await t.db.select().from(progress).where(eq(progress.userId, userId));
    expect(rows.map((row) => row.percent)).toEqual([30]);
  });

  it('refuses invalid bodies with 400 and writes nothing', async () => {
    const userId = await addUser();
    const show = await addSeries({ totalEpisodes: 2 });
    const valid = { userId, seriesId: show.id, episodeId: show.episodes[0]!.id, progress: 50 };
    const bodies: unknown[] = [
      {},
      { ...valid, userId: undefined },
      { ...valid, seriesId: undefined },
      { ...valid, episodeId: undefined },
      { ...valid, progress: undefined },
      { ...valid, progress: '50' },
      { ...valid, progress: -1 },
      { ...valid, progress: 101 },
      { ...valid, progress: null },
      { ...valid, episodeId: 'abc' },
      { ...valid, episodeId: -3 },
      { ...valid, seriesId: 0 },
      { ...valid, positionSeconds: -5 },
      { ...valid, positionSeconds: 'end' },
      { ...valid, userId: 42 },
      { ...valid, userId: 'user\u00001' },
      [valid],
      'progress',
      null,
    ];
    for (const body of bodies) {
      const res = await report(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect(await t.db.select().from(progress).where(eq(progress.userId, userId))).toHaveLength(0);
  });
});

describe('never a 500', () => {
  it('answers odd paths with 4xx', async () => {
    for (const url of [
      '/api/user/%00/liked',
      '/api/user/%00/progress',
      `/api/user/${'u'.repeat(100)}/bookmarked`,
      '/api/user/user-1/series/1e3/progress',
      '/api/user/user-1/episodes/%00/progress',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    for (const url of ['/api/user/%00/like/1', '/api/user/user-1/bookmark/%00', '/api/user/user-1/like/NaN']) {
      const res = await t.viewer({ method: 'POST', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });
});

describe("a viewer's reads", () => {
  it('are named statements, prepared once per connection, with a name for each variant', async () => {
    const userId = await addUser();
    const show = await addSeries({ totalEpisodes: 2 });
    const episodeId = show.episodes[0]!.id;
    await t.db.transaction(async (tx) => {
      // One transaction is one connection: the second round reuses what the first prepared.
      for (let round = 0; round < 2; round++) {
        await repo.likedSeriesIdsNewestFirst(tx, userId);
        await repo.bookmarkedSeriesIdsNewestFirst(tx, userId);
        await repo.watchedEpisodesLatestFirst(tx, userId);
        await repo.watchedEpisodesLatestFirst(tx, userId, { seriesId: show.id });
        await repo.watchedEpisodesLatestFirst(tx, userId, { episodeId });
      }
      const { rows } = await tx.execute<{ name: string }>(
        sql`select name from pg_prepared_statements where name like 'library_%' order by name`,
      );
      expect(rows.map((row) => row.name)).toEqual([
        'library_liked',
        'library_saved',
        'library_watched',
        'library_watched_episode',
        'library_watched_in_series',
      ]);
    });
  });
});
