import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAILY_CHECKIN_BONUSES, REWARDS_PACKAGES, TOP_UP_PACKAGES, VIEWER_USER_ID } from '#contract/index.ts';
import { idempotencyKeys, unlocks, users, walletLedger } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';
import { createEpisode, createSeriesWithEpisodes, deleteEpisode, updateEpisode } from '../../testing/factory.ts';
import * as repo from './wallet.repository.ts';
import { dailyCheckIn } from './wallet.service.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** `published` episodes (1..published) have a video; the rest of totalEpisodes is only announced. */
const addSeries = (values: { totalEpisodes: number; episodeCost?: number; isFree?: boolean; published?: number }) =>
  createSeriesWithEpisodes(t.db, {
    description: 'A series made by the wallet tests.',
    episodeCost: 50,
    isFree: false,
    ...values,
  });

/** A viewer of its own (with nothing, like every new viewer), so each test starts from a known balance. */
const addUser = () => t.addViewer();

async function balanceOf(userId: string) {
  const [row] = await t.db
    .select({ coins: users.coins, bonuses: users.bonuses })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

async function ledgerOf(userId: string) {
  return t.db.select().from(walletLedger).where(eq(walletLedger.userId, userId)).orderBy(walletLedger.id);
}

async function unlocksOf(userId: string) {
  return t.db.select().from(unlocks).where(eq(unlocks.userId, userId));
}

/** As the viewer the path names when it is a viewer's id; as the test's viewer otherwise (`user-1`, someone else). */
const as = (userId: string) => t.viewerNamed(userId);
const postJson = (userId: string, url: string, payload: unknown, headers: Record<string, string>) =>
  as(userId)({
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...headers },
  });
const purchase = (userId: string, payload: unknown, headers: Record<string, string> = {}) =>
  postJson(userId, `/api/user/${userId}/purchase-tokens`, payload, headers);
const unlock = (userId: string, payload: unknown, headers: Record<string, string> = {}) =>
  postJson(userId, `/api/user/${userId}/unlock-episode`, payload, headers);
const checkIn = (userId: string) => as(userId)({ method: 'POST', url: `/api/user/${userId}/daily-checkin` });

describe('user', () => {
  it('answers GET /api/user with the viewer of the request, their real id and balance', async () => {
    const res = await t.viewer({ method: 'GET', url: '/api/user' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: t.viewerId, coins: 0, bonuses: 0 });
    expect(Object.keys(res.json()).sort()).toEqual(['bonuses', 'coins', 'email', 'id', 'username']);
  });

  it('answers GET /api/user/user-1 and 404 for anyone else', async () => {
    const one = await t.viewer({ method: 'GET', url: `/api/user/${VIEWER_USER_ID}` });
    expect(one.statusCode).toBe(200);
    expect(one.json().id).toBe(t.viewerId);
    const own = await t.viewer({ method: 'GET', url: `/api/user/${t.viewerId}` });
    expect(own.json()).toEqual(one.json());
    const other = await t.viewer({ method: 'GET', url: '/api/user/user-2' });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ statusCode: 404, message: 'No such user' });
  });
});

describe('coin packages', () => {
  it('lists the six Top Up packages by default and the four rewards packages on request', async () => {
    const topUp = await t.viewer({ method: 'GET', url: '/api/packages' });
    expect(topUp.statusCode).toBe(200);
    expect(topUp.json()).toEqual(TOP_UP_PACKAGES);
    expect(topUp.json()).toHaveLength(6);
    const explicit = await t.viewer({ method: 'GET', url: '/api/packages?placement=topup' });
    expect(explicit.json()).toEqual(TOP_UP_PACKAGES);
    const rewards = await t.viewer({ method: 'GET', url: '/api/packages?placement=rewards' });
    expect(rewards.json()).toEqual(REWARDS_PACKAGES);
  });

  it('refuses an unknown placement with 400', async () => {
    const res = await t.viewer({ method: 'GET', url: '/api/packages?placement=shop' });
    expect(res.statusCode).toBe(400);
  });
});

describe('purchase', () => {
  it("credits the server's package whatever coins, bonus and price the client sends", async () => {
    const userId = await addUser();
    const res = await purchase(userId, { packageId: 'package-2', coins: 999_999, bonus: 999_999, price: 0.01 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      totalCoins: 1150,
      user: { id: userId, username: 'Viewer', email: '', coins: 1000, bonuses: 150 },
    });
    expect(await balanceOf(userId)).toEqual({ coins: 1000, bonuses: 150 });
    const ledger = await ledgerOf(userId);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      kind: 'purchase',
      coinsDelta: 1000,
      bonusesDelta: 150,
      packageId: 'package-2',
      priceCents: 999,
    });
  });

  it('credits a rewards-page package too', async () => {
    const userId = await addUser();
    const res = await purchase(userId, { packageId: 'rewards-2' });
    expect(res.statusCode).toBe(200);
    expect(res.json().totalCoins).toBe(5500);
    expect(await balanceOf(userId)).toEqual({ coins: 5000, bonuses: 500 });
  });

  it('refuses an unknown package with a readable 400 and writes nothing', async () => {
    const userId = await addUser();
    const res = await purchase(userId, { packageId: 'package-99', coins: 500, bonus: 0, price: 4.99 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'packageId' });
    expect(res.json().message).toMatch(/Unknown coin package "package-99"/);
    expect(await balanceOf(userId)).toEqual({ coins: 0, bonuses: 0 });
    expect(await ledgerOf(userId)).toHaveLength(0);
  });

  it('refuses invalid bodies with 400 and writes nothing', async () => {
    const userId = await addUser();
    const bodies: unknown[] = [
      {},
      { packageId: '' },
      { packageId: 5 },
      { packageId: null },
      { packageId: ['package-1'] },
      'package-1',
      null,
    ];
    for (const body of bodies) {
      const res = await purchase(userId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    const notJson = await as(userId)({
      method: 'POST',
      url: `/api/user/${userId}/purchase-tokens`,
      headers: { 'content-type': 'application/json' },
      payload: 'package-1',
    });
    expect(notJson.statusCode).toBe(400);
    const noBody = await as(userId)({ method: 'POST', url: `/api/user/${userId}/purchase-tokens` });
    expect(noBody.statusCode).toBe(400);
    expect(await balanceOf(userId)).toEqual({ coins: 0, bonuses: 0 });
    expect(await ledgerOf(userId)).toHaveLength(0);
  });

  it('answers 404 for another user and writes nothing', async () => {
    const res = await purchase('user-2', { packageId: 'package-1' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No such user');
    expect(await ledgerOf('user-2')).toHaveLength(0);
  });

  it('replays the first answer for a repeated Idempotency-Key and credits once', async () => {
    const userId = await addUser();
    const headers = { 'idempotency-key': randomUUID() };
    const first = await purchase(userId, { packageId: 'package-1' }, headers);
    const second = await purchase(userId, { packageId: 'package-1' }, headers);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(await balanceOf(userId)).toEqual({ coins: 500, bonuses: 0 });
    expect(await ledgerOf(userId)).toHaveLength(1);

    const fresh = await purchase(userId, { packageId: 'package-1' }, { 'idempotency-key': randomUUID() });
    expect(fresh.json().user.coins).toBe(1000);
  });

  it('credits once when the same key arrives many times at once', async () => {
    const userId = await addUser();
    const headers = { 'idempotency-key': randomUUID() };
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => purchase(userId, { packageId: 'package-3' }, headers)),
    );
    for (const res of replies) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(replies[0]!.json());
    }
    expect(await balanceOf(userId)).toEqual({ coins: 1500, bonuses: 300 });
    expect(await ledgerOf(userId)).toHaveLength(1);
  });

  it('refuses a key reused for a different package and credits nothing more', async () => {
    const userId = await addUser();
    const headers = { 'idempotency-key': randomUUID() };
    await purchase(userId, { packageId: 'package-1' }, headers);
    const other = await purchase(userId, { packageId: 'package-6' }, headers);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toMatch(/Idempotency-Key/);
    expect(await balanceOf(userId)).toEqual({ coins: 500, bonuses: 0 });
  });

  it('stores nothing for a failed request, so the key may be retried', async () => {
    const userId = await addUser();
    const key = randomUUID();
    const failed = await purchase(userId, { packageId: 'nope' }, { 'idempotency-key': key });
    expect(failed.statusCode).toBe(400);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toHaveLength(0);
    const retried = await purchase(userId, { packageId: 'package-1' }, { 'idempotency-key': key });
    expect(retried.statusCode).toBe(200);
    expect(await balanceOf(userId)).toEqual({ coins: 500, bonuses: 0 });
  });

  it('refuses an empty Idempotency-Key with 400', async () => {
    const userId = await addUser();
    const res = await purchase(userId, { packageId: 'package-1' }, { 'idempotency-key': '' });
    expect(res.statusCode).toBe(400);
    expect(await balanceOf(userId)).toEqual({ coins: 0, bonuses: 0 });
  });
});

describe('daily check-in', () => {
  it('gives 10 bonuses once per UTC day; the second call the same day changes nothing', async () => {
    const userId = await addUser();
    const first = await checkIn(userId);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      bonuses: DAILY_CHECKIN_BONUSES,
      user: { coins: 0, bonuses: 10 },
    });
    const second = await checkIn(userId);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ success: false, bonuses: 0, user: { coins: 0, bonuses: 10 } });
    expect(await balanceOf(userId)).toEqual({ coins: 0, bonuses: 10 });
    const ledger = await ledgerOf(userId);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ kind: 'checkin', coinsDelta: 0, bonusesDelta: 10 });
  });

  it('counts days in UTC: a new UTC day allows a new check-in', async () => {
    const userId = await addUser();
    expect((await dailyCheckIn(t.db, userId, t.app.viewers.start, new Date('2031-03-01T23:59:59Z'))).success).toBe(
      true,
    );
    expect((await dailyCheckIn(t.db, userId, t.app.viewers.start, new Date('2031-03-01T00:00:00Z'))).success).toBe(
      false,
    );
    // 01:00 in UTC+02:00 is still March 1st in UTC.
    expect((await dailyCheckIn(t.db, userId, t.app.viewers.start, new Date('2031-03-02T01:00:00+02:00'))).success).toBe(
      false,
    );
    expect((await dailyCheckIn(t.db, userId, t.app.viewers.start, new Date('2031-03-02T00:00:00Z'))).success).toBe(
      true,
    );
    expect(await balanceOf(userId)).toEqual({ coins: 0, bonuses: 20 });
  });

  it('gives the bonuses exactly once when many check-ins arrive at once', async () => {
    const userId = await addUser();
    const replies = await Promise.all(Array.from({ length: 10 }, () => checkIn(userId)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(replies.filter((r) => r.json().success)).toHaveLength(1);
    for (const res of replies.filter((r) => !r.json().success)) expect(res.json().user.bonuses).toBe(10);
    expect(await balanceOf(userId)).toEqual({ coins: 0, bonuses: 10 });
  });

  it('answers 404 for another user', async () => {
    const res = await checkIn('user-2');
    expect(res.statusCode).toBe(404);
  });
});

describe('unlock episode', () => {
  it("charges the series' episodeCost, never the client's cost, and lists the unlock", async () => {
    const userId = await addUser();
    const paid = await addSeries({ totalEpisodes: 30, episodeCost: 55 });
    await purchase(userId, { packageId: 'package-1' });
    const res = await unlock(userId, { seriesId: paid.id, episodeNumber: 11, cost: 1 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      seriesId: paid.id,
      episodeNumber: 11,
      cost: 55,
      user: { coins: 445, bonuses: 0 },
    });
    expect(await balanceOf(userId)).toEqual({ coins: 445, bonuses: 0 });

    const list = await as(userId)({ method: 'GET', url: `/api/user/${userId}/unlocked-episodes` });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([{ seriesId: paid.id, episodeNumber: 11, unlockedAt: expect.any(String) }]);
    const ledger = await ledgerOf(userId);
    expect(ledger.at(-1)).toMatchObject({
      kind: 'unlock',
      coinsDelta: -55,
      bonusesDelta: 0,
      seriesId: paid.id,
      episodeNumber: 11,
    });
  });

  it('spends bonuses first, then coins', async () => {
    const userId = await addUser();
    const paid = await addSeries({ totalEpisodes: 20 });
    await checkIn(userId);
    await purchase(userId, { packageId: 'package-1' });
    expect(await balanceOf(userId)).toEqual({ coins: 500, bonuses: 10 });
    const res = await unlock(userId, { seriesId: paid.id, episodeNumber: 12 });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ coins: 460, bonuses: 0 });
    expect((await ledgerOf(userId)).at(-1)).toMatchObject({ coinsDelta: -40, bonusesDelta: -10 });

    const bonusRich = await addUser();
    await purchase(bonusRich, { packageId: 'package-6' });
    const second = await unlock(bonusRich, { seriesId: paid.id, episodeNumber: 12 });
    expect(second.json().user).toMatchObject({ coins: 10_000, bonuses: 9_950 });
  });

  it('refuses free episodes and free series with 400 and charges nothing', async () => {
    const userId = await addUser();
    await purchase(userId, { packageId: 'package-1' });
    const paid = await addSeries({ totalEpisodes: 20 });
    const free = await addSeries({ totalEpisodes: 40, isFree: true });
    for (const [seriesId, episodeNumber] of [
      [paid.id, 1],
      [paid.id, 10],
      [free.id, 30],
    ] as const) {
      const res = await unlock(userId, { seriesId, episodeNumber });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`Episode ${episodeNumber} is free to watch`);
    }
    expect(await balanceOf(userId)).toEqual({ coins: 500, bonuses: 0 });
    expect(await unlocksOf(userId)).toHaveLength(0);
  });

  it('answers 409 for a second unlock and charges nothing more', async () => {
    const userId = await addUser();
    await purchase(userId, { packageId: 'package-1' });
    const paid = await addSeries({ totalEpisodes: 20 });
    expect((await unlock(userId, { seriesId: paid.id, episodeNumber: 15 })).statusCode).toBe(201);
    const again = await unlock(userId, { seriesId: paid.id, episodeNumber: 15 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Episode already unlocked');
    expect(await balanceOf(userId)).toEqual({ coins: 450, bonuses: 0 });
    expect(await ledgerOf(userId)).toHaveLength(2);
  });

  it('answers 402 with the shortfall when the balance is short, and changes nothing', async () => {
    const userId = await addUser();
    const paid = await addSeries({ totalEpisodes: 20 });
    await checkIn(userId);
    const res = await unlock(userId, { seriesId: paid.id, episodeNumber: 11 });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('Not enough coins: you need 40 more coins');
    expect(await balanceOf(userId)).toEqual({ coins: 0, bonuses: 10 });
    expect(await unlocksOf(userId)).toHaveLength(0);
    expect(await ledgerOf(userId)).toHaveLength(1);
  });

  it('answers 404 for an unknown series, an episode past the end, and another user', async () => {
    const userId = await addUser();
    await purchase(userId, { packageId: 'package-1' });
    const paid = await addSeries({ totalEpisodes: 20 });
    const unknown = await unlock(userId, { seriesId: 2_000_000_000, episodeNumber: 11 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Series not found.');
    const pastEnd = await unlock(userId, { seriesId: paid.id, episodeNumber: 21 });
    expect(pastEnd.statusCode).toBe(404);
    expect(pastEnd.json().message).toBe('Episode 21 does not exist in this series or is not published yet.');
    const other = await unlock('user-2', { seriesId: paid.id, episodeNumber: 11 });
    expect(other.statusCode).toBe(404);
    expect(await balanceOf(userId)).toEqual({ coins: 500, bonuses: 0 });
    expect(await unlocksOf(userId)).toHaveLength(0);
  });

  it('answers 404 for episodes a series only announces (no episode row), and charges nothing', async () => {
    const userId = await addUser();
    await purchase(userId, { packageId: 'package-1' });
    const announced = await addSeries({ totalEpisodes: 40, episodeCost: 10_980, published: 0 });
    for (const episodeNumber of [11, 12, 40]) {
      const res = await unlock(userId, { seriesId: announced.id, episodeNumber });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: `Episode ${episodeNumber} does not exist in this series or is not published yet.`,
      });
    }
    expect(await balanceOf(userId)).toEqual({ coins: 500, bonuses: 0 });
    expect(await unlocksOf(userId)).toHaveLength(0);
    expect(await ledgerOf(userId)).toHaveLength(1);
  });

  it('answers 404 for an episode whose video is not published yet, and sells it once it is', async () => {
    const userId = await addUser();
    await purchase(userId, { packageId: 'package-1' });
    const paid = await addSeries({ totalEpisodes: 12, published: 11 });
    const pending = await createEpisode(t.db, paid.id, 12, { videoUrl: '', thumbnailUrl: '' });
    const headers = { 'idempotency-key': randomUUID() };
    const early = await unlock(userId, { seriesId: paid.id, episodeNumber: 12 }, headers);
    expect(early.statusCode).toBe(404);
    expect(early.json().message).toBe('Episode 12 does not exist in this series or is not published yet.');
    expect(await balanceOf(userId)).toEqual({ coins: 500, bonuses: 0 });
    expect(await unlocksOf(userId)).toHaveLength(0);
    expect(
      await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, headers['idempotency-key'])),
    ).toEqual([]);

    await updateEpisode(t.db, pending.id, { videoUrl: '/media/clip.mp4' });
    const sold = await unlock(userId, { seriesId: paid.id, episodeNumber: 12 }, headers);
    expect(sold.statusCode).toBe(201);
    const replay = await unlock(userId, { seriesId: paid.id, episodeNumber: 12 }, headers);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(sold.json());
    expect(await balanceOf(userId)).toEqual({ coins: 450, bonuses: 0 });
    expect(await unlocksOf(userId)).toHaveLength(1);
  });

  it('a stored answer replays unchanged after the episode it sold is removed', async () => {
    const userId = await addUser();
    await purchase(userId, { packageId: 'package-1' });
    const paid = await addSeries({ totalEpisodes: 12 });
    const headers = { 'idempotency-key': randomUUID() };
    const first = await unlock(userId, { seriesId: paid.id, episodeNumber: 12 }, headers);
    expect(first.statusCode).toBe(201);
    await deleteEpisode(t.db, paid.episodes[11]!.id);
    const replay = await unlock(userId, { seriesId: paid.id, episodeNumber: 12 }, headers);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    const fresh = await unlock(userId, { seriesId: paid.id, episodeNumber: 12 });
    expect(fresh.statusCode).toBe(404);
    expect(await balanceOf(userId)).toEqual({ coins: 450, bonuses: 0 });
  });

  it('refuses invalid bodies with 400 and writes nothing', async () => {
    const userId = await addUser();
    await purchase(userId, { packageId: 'package-1' });
    const paid = await addSeries({ totalEpisodes: 20 });
    const bodies: unknown[] = [
      {},
      { seriesId: paid.id },
      { episodeNumber: 11 },
      { seriesId: paid.id, episodeNumber: '11' },
      { seriesId: paid.id, episodeNumber: -11 },
      { seriesId: paid.id, episodeNumber: 0 },
      { seriesId: paid.id, episodeNumber: 11.5 },
      { seriesId: paid.id, episodeNumber: null },
      { seriesId: 'abc', episodeNumber: 11 },
      { seriesId: -1, episodeNumber: 11 },
      { seriesId: paid.id, episodeNumber: 1e12 },
      [paid.id, 11],
      'unlock',
    ];
    for (const body of bodies) {
      const res = await unlock(userId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect(await balanceOf(userId)).toEqual({ coins: 500, bonuses: 0 });
    expect(await unlocksOf(userId)).toHaveLength(0);
  });

  it('replays the first answer for a repeated Idempotency-Key instead of 409, and charges once', async () => {
    const userId = await addUser();
    await purchase(userId, { packageId: 'package-1' });
    const paid = await addSeries({ totalEpisodes: 20 });
    const headers = { 'idempotency-key': randomUUID() };
    const first = await unlock(userId, { seriesId: paid.id, episodeNumber: 11 }, headers);
    const second = await unlock(userId, { seriesId: paid.id, episodeNumber: 11 }, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await balanceOf(userId)).toEqual({ coins: 450, bonuses: 0 });

    const concurrentKey = { 'idempotency-key': randomUUID() };
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => unlock(userId, { seriesId: paid.id, episodeNumber: 12 }, concurrentKey)),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    expect(await balanceOf(userId)).toEqual({ coins: 400, bonuses: 0 });
    expect(await unlocksOf(userId)).toHaveLength(2);
  });

  it('charges exactly once for 20 concurrent unlocks of one episode', async () => {
    const userId = await addUser();
    await purchase(userId, { packageId: 'package-1' });
    const paid = await addSeries({ totalEpisodes: 20 });
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => unlock(userId, { seriesId: paid.id, episodeNumber: 13 })),
    );
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, ...Array(19).fill(409)]);
    expect(await balanceOf(userId)).toEqual({ coins: 450, bonuses: 0 });
    expect(await unlocksOf(userId)).toHaveLength(1);
    expect((await ledgerOf(userId)).filter((row) => row.kind === 'unlock')).toHaveLength(1);
  });

  it('with a balance for k unlocks, lets exactly k of k+5 concurrent unlocks through', async () => {
    const userId = await addUser();
    await purchase(userId, { packageId: 'package-1' });
    await checkIn(userId);
    const paid = await addSeries({ totalEpisodes: 40 });
    // 510 covers k = 10 unlocks at 50.
    const k = 10;
    const replies = await Promise.all(
      Array.from({ length: k + 5 }, (_, i) => unlock(userId, { seriesId: paid.id, episodeNumber: 11 + i })),
    );
    expect(replies.filter((r) => r.statusCode === 201)).toHaveLength(k);
    expect(replies.filter((r) => r.statusCode === 402)).toHaveLength(5);
    const balance = await balanceOf(userId);
    expect(balance).toEqual({ coins: 10, bonuses: 0 });
    expect(await unlocksOf(userId)).toHaveLength(k);
  });

  it('narrows the unlocked list by ?seriesId and refuses a bad one', async () => {
    const userId = await addUser();
    await purchase(userId, { packageId: 'package-1' });
    const first = await addSeries({ totalEpisodes: 20 });
    const second = await addSeries({ totalEpisodes: 20 });
    await unlock(userId, { seriesId: first.id, episodeNumber: 14 });
    await unlock(userId, { seriesId: first.id, episodeNumber: 12 });
    await unlock(userId, { seriesId: second.id, episodeNumber: 11 });
    const narrowed = await as(userId)({
      method: 'GET',
      url: `/api/user/${userId}/unlocked-episodes?seriesId=${first.id}`,
    });
    expect(narrowed.json().map((u: { episodeNumber: number }) => u.episodeNumber)).toEqual([12, 14]);
    const all = await as(userId)({ method: 'GET', url: `/api/user/${userId}/unlocked-episodes` });
    expect(all.json()).toHaveLength(3);
    const bad = await as(userId)({ method: 'GET', url: `/api/user/${userId}/unlocked-episodes?seriesId=abc` });
    expect(bad.statusCode).toBe(400);
    const other = await t.viewer({ method: 'GET', url: '/api/user/user-2/unlocked-episodes' });
    expect(other.statusCode).toBe(404);
  });
});

describe('transactions', () => {
  it('lists the ledger newest first, with the price in USD', async () => {
    const userId = await addUser();
    const paid = await addSeries({ totalEpisodes: 20 });
    await purchase(userId, { packageId: 'package-4' });
    await checkIn(userId);
    await unlock(userId, { seriesId: paid.id, episodeNumber: 11 });
    const res = await as(userId)({ method: 'GET', url: `/api/user/${userId}/transactions` });
    expect(res.statusCode).toBe(200);
    const entries = res.json();
    expect(entries.map((e: { kind: string }) => e.kind)).toEqual(['unlock', 'checkin', 'purchase']);
    expect(entries[2]).toMatchObject({ packageId: 'package-4', price: 24.99, coinsDelta: 2500, bonusesDelta: 875 });
    expect(entries[0]).toMatchObject({
      price: null,
      seriesId: paid.id,
      episodeNumber: 11,
      coinsDelta: 0,
      bonusesDelta: -50,
    });
    const limited = await as(userId)({ method: 'GET', url: `/api/user/${userId}/transactions?limit=1` });
    expect(limited.json()).toHaveLength(1);
    expect((await as(userId)({ method: 'GET', url: `/api/user/${userId}/transactions?limit=0` })).statusCode).toBe(400);
    expect((await t.viewer({ method: 'GET', url: '/api/user/user-2/transactions' })).statusCode).toBe(404);
  });
});

describe('settled in batches', () => {
  it('answers each of a burst of purchases and unlocks as if it had run alone', async () => {
    const rich = await addUser();
    const poor = await addUser();
    const paid = await addSeries({ totalEpisodes: 20, published: 15 });
    const earlierKey = randomUUID();
    const earlier = await purchase(rich, { packageId: 'package-1' }, { 'idempotency-key': earlierKey });
    const ghostKey = randomUUID();

    const [first, again, short, bought, ghost, announced, free, replayed, reused] = await Promise.all([
      unlock(rich, { seriesId: paid.id, episodeNumber: 11 }),
      unlock(rich, { seriesId: paid.id, episodeNumber: 11 }),
      unlock(poor, { seriesId: paid.id, episodeNumber: 12 }),
      purchase(poor, { packageId: 'package-1' }, { 'idempotency-key': randomUUID() }),
      purchase('no-such-viewer', { packageId: 'package-1' }, { 'idempotency-key': ghostKey }),
      unlock(rich, { seriesId: paid.id, episodeNumber: 18 }),
      unlock(rich, { seriesId: paid.id, episodeNumber: 3 }),
      purchase(rich, { packageId: 'package-1' }, { 'idempotency-key': earlierKey }),
      purchase(rich, { packageId: 'package-2' }, { 'idempotency-key': earlierKey }),
    ]);
    // The two unlocks of one episode: whichever came first charges, the other finds it unlocked.
    expect([first!.statusCode, again!.statusCode].sort()).toEqual([201, 409]);
    // The poor viewer's unlock and purchase race: the unlock either finds no coins or the ones just bought.
    expect([201, 402]).toContain(short!.statusCode);
    if (short!.statusCode === 402) expect(short!.json().message).toBe('Not enough coins: you need 50 more coins');
    expect(bought!.statusCode).toBe(200);
    expect(ghost!.statusCode).toBe(404);
    expect(announced!.statusCode).toBe(404);
    expect(free!.statusCode).toBe(400);
    expect(replayed!.statusCode).toBe(200);
    expect(replayed!.json()).toEqual(earlier.json());
    expect(reused!.statusCode).toBe(409);

    expect(await balanceOf(rich)).toEqual({ coins: 450, bonuses: 0 });
    expect(await balanceOf(poor)).toEqual({ coins: short!.statusCode === 201 ? 450 : 500, bonuses: 0 });
    expect(await unlocksOf(rich)).toHaveLength(1);
    expect(await ledgerOf(rich)).toHaveLength(2);
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, ghostKey))).toHaveLength(0);
  });

  it('commits concurrent purchases together, and the insights count every one of them', async () => {
    const viewers = await Promise.all(Array.from({ length: 30 }, () => addUser()));
    const replies = await Promise.all(viewers.map((id) => purchase(id, { packageId: 'package-1' })));
    expect(replies.map((r) => r.statusCode)).toEqual(viewers.map(() => 200));
    const { rows } = await t.pool.query<{ rows: number; transactions: number; events: number }>(
      `select count(*)::int as rows, count(distinct l.xmin::text)::int as transactions,
              (select count(*)::int from insight_events e where e.user_id = any($1) and e.kind = 'purchase') as events
         from wallet_ledger l where l.user_id = any($1)`,
      [viewers],
    );
    expect(rows[0]!.rows).toBe(30);
    expect(rows[0]!.transactions).toBeLessThan(30);
    expect(rows[0]!.events).toBe(30);
    for (const id of viewers) expect(await balanceOf(id)).toEqual({ coins: 500, bonuses: 0 });
  });
});

describe('money invariants', () => {
  it("keeps the ledger sum equal to the balance after a mixed concurrent run on user-1 (the test's viewer)", async () => {
    const paid = await addSeries({ totalEpisodes: 60 });
    const requests = [
      ...['package-1', 'package-2', 'package-1'].map((packageId) => () => purchase(VIEWER_USER_ID, { packageId })),
      () => checkIn(VIEWER_USER_ID),
      () => checkIn(VIEWER_USER_ID),
      ...Array.from(
        { length: 40 },
        (_, i) => () => unlock(VIEWER_USER_ID, { seriesId: paid.id, episodeNumber: 11 + i }),
      ),
      () => unlock(VIEWER_USER_ID, { seriesId: paid.id, episodeNumber: 11 }),
    ];
    const replies = await Promise.all(requests.map((send) => send()));
    for (const res of replies) expect([200, 201, 402, 409]).toContain(res.statusCode);

    const balance = await balanceOf(t.viewerId);
    expect(balance.coins).toBeGreaterThanOrEqual(0);
    expect(balance.bonuses).toBeGreaterThanOrEqual(0);
    const spent = (await unlocksOf(t.viewerId)).length * 50;
    expect(balance.coins + balance.bonuses).toBe(500 + 1150 + 500 + 10 - spent);
  });

  it('keeps sum(ledger) = balance for every user after everything this file did', async () => {
    const { rows: sums } = await t.pool.query<{
      id: string;
      coins: number;
      bonuses: number;
      ledgerCoins: number;
      ledgerBonuses: number;
    }>(
      `select u.id, u.coins, u.bonuses,
              coalesce(sum(l.coins_delta), 0)::int as "ledgerCoins",
              coalesce(sum(l.bonuses_delta), 0)::int as "ledgerBonuses"
         from users u left join wallet_ledger l on l.user_id = u.id
        group by u.id`,
    );
    expect(sums.length).toBeGreaterThan(10);
    for (const row of sums) {
      expect(row.ledgerCoins, row.id).toBe(row.coins);
      expect(row.ledgerBonuses, row.id).toBe(row.bonuses);
    }
  });
});

describe('never a 500', () => {
  it('answers odd input with 4xx', async () => {
    const paid = await addSeries({ totalEpisodes: 20 });
    const odd: { method: 'GET' | 'POST'; url: string; payload?: unknown; headers?: Record<string, string> }[] = [
      { method: 'GET', url: `/api/user/${'x'.repeat(65)}` },
      { method: 'GET', url: '/api/user/%00' },
      { method: 'GET', url: '/api/user/user%2D1%00/transactions' },
      { method: 'POST', url: '/api/user/%00/daily-checkin' },
      { method: 'POST', url: '/api/user/%F0%9F%92%B0/purchase-tokens', payload: { packageId: 'package-1' } },
      { method: 'GET', url: "/api/user/user-1'--/transactions" },
      { method: 'GET', url: '/api/user/user-1/transactions?limit=abc' },
      { method: 'GET', url: '/api/user/user-1/unlocked-episodes?seriesId=99999999999' },
      { method: 'POST', url: '/api/user/user-1/purchase-tokens', payload: { packageId: 'x'.repeat(10_000) } },
      { method: 'POST', url: '/api/user/user-1/purchase-tokens', payload: { packageId: { $ne: null } } },
      {
        method: 'POST',
        url: '/api/user/user-1/purchase-tokens',
        payload: { packageId: 'package-1' },
        headers: { 'idempotency-key': 'k'.repeat(500) },
      },
      { method: 'POST', url: '/api/user/user-1/unlock-episode', payload: { seriesId: 1e300, episodeNumber: 11 } },
      { method: 'POST', url: '/api/user/user-1/unlock-episode', payload: { seriesId: paid.id, episodeNumber: 99_999 } },
      { method: 'POST', url: '/api/user/user-1/unlock-episode', payload: { seriesId: '1e3', episodeNumber: true } },
      {
        method: 'POST',
        url: '/api/user/user-1/unlock-episode',
        payload: 'garbage',
        headers: { 'content-type': 'text/plain' },
      },
    ];
    for (const request of odd) {
      const res = await t.viewer({ ...request, payload: request.payload as object });
      expect(
        res.statusCode,
        `${request.method} ${request.url} ${JSON.stringify(request.payload)}`,
      ).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${request.method} ${request.url}`).toBeLessThan(500);
    }
  });
});

describe("a viewer's balance and unlocks", () => {
  it('are read with named statements, prepared once per connection, with a name for each variant', async () => {
    const viewerId = await t.addViewer();
    const show = await createSeriesWithEpisodes(t.db, { totalEpisodes: 1 });
    await t.db.transaction(async (tx) => {
      // One transaction is one connection: the second round reuses what the first prepared.
      for (let round = 0; round < 2; round++) {
        expect((await repo.findUser(tx, viewerId))?.id).toBe(viewerId);
        await repo.unlocksInOrder(tx, viewerId);
        await repo.unlocksInOrder(tx, viewerId, show.id);
      }
      const { rows } = await tx.execute<{ name: string }>(
        sql`select name from pg_prepared_statements where name like 'wallet_%' order by name`,
      );
      expect(rows.map((row) => row.name)).toEqual(['wallet_unlocks', 'wallet_unlocks_in_series', 'wallet_user']);
    });
  });
});
