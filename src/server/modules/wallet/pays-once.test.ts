import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unlocks, users, walletLedger } from '../../db/schema.ts';
import { createSeriesWithEpisodes, creditViewer } from '../../testing/factory.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';

let t: TestContext;
let seriesId: number;

beforeAll(async () => {
  t = await createTestContext();
  seriesId = (await createSeriesWithEpisodes(t.db, { totalEpisodes: 14, episodeCost: 50, isFree: false })).id;
});
afterAll(() => t.close());

const unlock = (viewerId: string, episodeNumber: number, options: { key?: string; auto?: boolean } = {}) =>
  t.viewerNamed(viewerId)({
    method: 'POST',
    url: '/api/user/user-1/unlock-episode',
    payload: JSON.stringify({ seriesId, episodeNumber, ...(options.auto ? { auto: true } : {}) }),
    headers: { 'content-type': 'application/json', ...(options.key ? { 'idempotency-key': options.key } : {}) },
  });

/** The viewer's balance (checked against their ledger), unlock debits and unlocks. */
async function charged(userId: string) {
  const [balance] = await t.db.select().from(users).where(eq(users.id, userId));
  const ledger = await t.db.select().from(walletLedger).where(eq(walletLedger.userId, userId));
  expect(ledger.reduce((sum, row) => sum + row.coinsDelta, 0)).toBe(balance!.coins);
  expect(ledger.reduce((sum, row) => sum + row.bonusesDelta, 0)).toBe(balance!.bonuses);
  return {
    coins: balance!.coins,
    debits: ledger.filter((row) => row.kind === 'unlock').length,
    unlocks: (await t.db.select().from(unlocks).where(eq(unlocks.userId, userId))).length,
  };
}

async function richViewer() {
  const id = await t.addViewer();
  await creditViewer(t.db, id, { coins: 1000 });
  return id;
}

describe('nobody pays twice for an episode', () => {
  it('20 unlocks of one episode at once, without a key: one debit, the others 409', async () => {
    const id = await richViewer();
    const replies = await Promise.all(Array.from({ length: 20 }, () => unlock(id, 11)));
    expect(replies.filter((reply) => reply.statusCode === 201)).toHaveLength(1);
    const refused = replies.filter((reply) => reply.statusCode === 409);
    expect(refused).toHaveLength(19);
    expect(refused[0]!.json().message).toBe('Episode already unlocked');
    expect(await charged(id)).toEqual({ coins: 950, debits: 1, unlocks: 1 });
  });

  it('20 at once with one Idempotency-Key: the same answer twenty times, one debit', async () => {
    const id = await richViewer();
    const replies = await Promise.all(Array.from({ length: 20 }, () => unlock(id, 11, { key: 'one-tap' })));
    for (const reply of replies) {
      expect(reply.statusCode).toBe(201);
      expect(reply.json()).toEqual(replies[0]!.json());
    }
    expect(await charged(id)).toEqual({ coins: 950, debits: 1, unlocks: 1 });
  });

  it('20 at once with a key each, taps and the player’s automatic unlock mixed: one debit', async () => {
    const id = await richViewer();
    await t.viewerNamed(id)({
      method: 'PUT',
      url: '/api/user/user-1/auto-unlock',
      payload: JSON.stringify({ enabled: true }),
      headers: { 'content-type': 'application/json' },
    });
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => unlock(id, 12, { key: `tap-${i}`, auto: i % 2 === 0 })),
    );
    expect(replies.filter((reply) => reply.statusCode === 201)).toHaveLength(1);
    expect(replies.filter((reply) => reply.statusCode === 409)).toHaveLength(19);
    expect(await charged(id)).toEqual({ coins: 950, debits: 1, unlocks: 1 });
  });

  it('retries after the answer: with the key it is replayed, without it refused; still one debit', async () => {
    const id = await richViewer();
    const first = await unlock(id, 13, { key: 'retry-me' });
    expect(first.statusCode).toBe(201);
    const replay = await unlock(id, 13, { key: 'retry-me' });
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    expect((await unlock(id, 13)).statusCode).toBe(409);
    expect((await unlock(id, 13, { key: 'another-tap' })).statusCode).toBe(409);
    expect(await charged(id)).toEqual({ coins: 950, debits: 1, unlocks: 1 });
  });

  it('unlocks of different episodes at once are each charged once', async () => {
    const id = await richViewer();
    const replies = await Promise.all([11, 12, 13, 14, 11, 12, 13, 14].map((n) => unlock(id, n)));
    expect(replies.filter((reply) => reply.statusCode === 201)).toHaveLength(4);
    expect(await charged(id)).toEqual({ coins: 800, debits: 4, unlocks: 4 });
  });
});
