import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoUnlocks, unlocks, users, walletLedger } from '../../db/schema.ts';
import { createSeriesWithEpisodes, creditViewer } from '../../testing/factory.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';

let t: TestContext;
let paid: { id: number; episodeIds: number[] };

beforeAll(async () => {
  t = await createTestContext();
  const row = await createSeriesWithEpisodes(t.db, { totalEpisodes: 14, episodeCost: 50, isFree: false });
  paid = { id: row.id, episodeIds: row.episodes.map((e) => e.id) };
});
afterAll(() => t.close());

type Payload = Record<string, unknown>;
const send = (viewerId: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Payload) =>
  t.viewerNamed(viewerId)({
    method,
    url,
    ...(payload === undefined
      ? {}
      : { payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } }),
  });
const setting = (viewerId: string, payload?: Payload) =>
  send(viewerId, payload ? 'PUT' : 'GET', '/api/user/user-1/auto-unlock', payload);
const unlock = (viewerId: string, episodeNumber: number, auto?: boolean) =>
  send(viewerId, 'POST', '/api/user/user-1/unlock-episode', {
    seriesId: paid.id,
    episodeNumber,
    ...(auto === undefined ? {} : { auto }),
  });
const undo = (viewerId: string, episodeNumber: number) =>
  send(viewerId, 'POST', '/api/user/user-1/unlock-episode/undo', { seriesId: paid.id, episodeNumber });
const watched = (viewerId: string, episodeNumber: number, positionSeconds: number) =>
  send(viewerId, 'POST', '/api/progress', {
    userId: 'user-1',
    seriesId: paid.id,
    episodeId: paid.episodeIds[episodeNumber - 1],
    progress: 5,
    positionSeconds,
  });

async function wallet(userId: string) {
  const [balance] = await t.db
    .select({ coins: users.coins, bonuses: users.bonuses })
    .from(users)
    .where(eq(users.id, userId));
  const ledger = await t.db.select().from(walletLedger).where(eq(walletLedger.userId, userId)).orderBy(walletLedger.id);
  const sum = ledger.reduce(
    (total, row) => ({ coins: total.coins + row.coinsDelta, bonuses: total.bonuses + row.bonusesDelta }),
    { coins: 0, bonuses: 0 },
  );
  expect(sum).toEqual(balance);
  const unlocked = await t.db.select().from(unlocks).where(eq(unlocks.userId, userId));
  return { ...balance!, kinds: ledger.map((row) => row.kind), unlocked: unlocked.map((row) => row.episodeNumber) };
}

/** A viewer with 30 coins and 40 bonuses (so an unlock of 50 takes both), auto-unlock on. */
async function autoViewer() {
  const id = await t.addViewer();
  await creditViewer(t.db, id, { coins: 30, bonuses: 40 });
  expect((await setting(id, { enabled: true })).json()).toEqual({ enabled: true });
  return id;
}

describe('auto-unlock setting', () => {
  it('is off by default, stored per viewer, and refuses anything but true or false', async () => {
    const id = await t.addViewer();
    const other = await t.addViewer();
    expect((await setting(id)).json()).toEqual({ enabled: false });
    expect((await setting(id, { enabled: true })).statusCode).toBe(200);
    expect((await setting(id)).json()).toEqual({ enabled: true });
    expect((await setting(other)).json()).toEqual({ enabled: false });
    for (const bad of [{ enabled: 'yes' }, {}, { enabled: 1 }]) {
      const reply = await setting(id, bad);
      expect(reply.statusCode, JSON.stringify(bad)).toBe(400);
      expect(reply.json().message).toBeTruthy();
    }
    expect((await setting(id)).json()).toEqual({ enabled: true });
    expect((await setting(id, { enabled: false })).json()).toEqual({ enabled: false });
  });

  it('while off, the player cannot spend a coin: an automatic unlock is refused and writes nothing', async () => {
    const id = await t.addViewer();
    await creditViewer(t.db, id, { coins: 500 });
    const before = await wallet(id);
    const reply = await unlock(id, 11, true);
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toMatch(/Automatic unlocking is off/);
    expect(await wallet(id)).toEqual(before);
    expect(await t.db.select().from(autoUnlocks).where(eq(autoUnlocks.userId, id))).toEqual([]);
    // A tap still unlocks.
    expect((await unlock(id, 11)).statusCode).toBe(201);
  });
});

describe('Undo of an automatic unlock', () => {
  it('gives every coin and bonus back, with an undo row in the ledger, and locks the episode again', async () => {
    const id = await autoViewer();
    const made = await unlock(id, 11, true);
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ cost: 50, user: { coins: 20, bonuses: 0 } });
    expect(await wallet(id)).toMatchObject({ coins: 20, bonuses: 0, unlocked: [11] });
    await watched(id, 11, 3);

    const undone = await undo(id, 11);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({
      seriesId: paid.id,
      episodeNumber: 11,
      refunded: 50,
      user: { coins: 30, bonuses: 40 },
    });
    expect(await wallet(id)).toEqual({ coins: 30, bonuses: 40, kinds: ['grant', 'unlock', 'undo'], unlocked: [] });
    const [row] = await t.db
      .select()
      .from(walletLedger)
      .where(and(eq(walletLedger.userId, id), eq(walletLedger.kind, 'undo')));
    expect(row).toMatchObject({ coinsDelta: 10, bonusesDelta: 40, seriesId: paid.id, episodeNumber: 11 });
    const listed = await send(id, 'GET', `/api/user/user-1/unlocked-episodes?seriesId=${paid.id}`);
    expect(listed.json()).toEqual([]);
  });

  it('credits once however often it is asked, one after another or at once', async () => {
    const id = await autoViewer();
    expect((await unlock(id, 11, true)).statusCode).toBe(201);
    expect((await undo(id, 11)).statusCode).toBe(200);
    const again = await undo(id, 11);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already undone/);

    expect((await unlock(id, 12, true)).statusCode).toBe(201);
    const replies = await Promise.all(Array.from({ length: 10 }, () => undo(id, 12)));
    expect(replies.filter((reply) => reply.statusCode === 200)).toHaveLength(1);
    expect(replies.filter((reply) => reply.statusCode === 409)).toHaveLength(9);
    expect(await wallet(id)).toEqual({
      coins: 30,
      bonuses: 40,
      kinds: ['grant', 'unlock', 'undo', 'unlock', 'undo'],
      unlocked: [],
    });
  });

  it('is refused after 10 seconds, by the server’s own clock, and nothing changes', async () => {
    const id = await autoViewer();
    expect((await unlock(id, 11, true)).statusCode).toBe(201);
    await t.db.execute(sql`update auto_unlocks set created_at = now() - interval '11 seconds' where user_id = ${id}`);
    const before = await wallet(id);
    const reply = await undo(id, 11);
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toMatch(/Too late to undo/);
    expect(await wallet(id)).toEqual(before);
  });

  it('is refused once 5 seconds were watched, by the progress the server has, and nothing changes', async () => {
    const id = await autoViewer();
    expect((await unlock(id, 11, true)).statusCode).toBe(201);
    expect((await watched(id, 11, 5.5)).statusCode).toBeLessThan(300);
    const before = await wallet(id);
    const reply = await undo(id, 11);
    expect(reply.statusCode).toBe(409);
    expect(reply.json().message).toMatch(/watched 5 seconds or more/);
    expect(await wallet(id)).toEqual(before);
  });

  it('undoes only automatic unlocks, and refuses bad input with a readable 400', async () => {
    const id = await autoViewer();
    expect((await unlock(id, 11)).statusCode).toBe(201);
    const tapped = await undo(id, 11);
    expect(tapped.statusCode).toBe(404);
    expect(tapped.json().message).toMatch(/not unlocked automatically/);
    const bad = await send(id, 'POST', '/api/user/user-1/unlock-episode/undo', { seriesId: 'x', episodeNumber: 11 });
    expect(bad.statusCode).toBe(400);
    expect((await wallet(id)).kinds).toEqual(['grant', 'unlock']);
  });

  it('charges again, once, when an undone episode is unlocked again', async () => {
    const id = await autoViewer();
    expect((await unlock(id, 13, true)).statusCode).toBe(201);
    expect((await undo(id, 13)).statusCode).toBe(200);
    const replies = await Promise.all(Array.from({ length: 10 }, () => unlock(id, 13, true)));
    expect(replies.filter((reply) => reply.statusCode === 201)).toHaveLength(1);
    expect(replies.filter((reply) => reply.statusCode === 409)).toHaveLength(9);
    expect(await wallet(id)).toMatchObject({ coins: 20, bonuses: 0, unlocked: [13] });
  });
});
