import { eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { series, users } from '../../db/schema.ts';
import { clearLikes, createPasskeys, createSeriesWithEpisodes } from '../../testing/factory.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';
import { bringGuestInto } from './accounts.service.ts';

let t: TestContext;
let paid: { id: number; episodeIds: number[] };
const EPISODES = 6;

beforeAll(async () => {
  t = await createTestContext({ NEW_VIEWER_COINS: '120', NEW_VIEWER_BONUSES: '7' });
  const row = await createSeriesWithEpisodes(t.db, {
    totalEpisodes: EPISODES,
    episodeCost: 50,
    isFree: false,
    likes: 0,
  });
  paid = { id: row.id, episodeIds: row.episodes.map((e) => e.id) };
}, 60_000);
afterAll(() => t?.close());

type Action =
  | { kind: 'purchase'; packageId: string }
  | { kind: 'unlock'; episodeNumber: number }
  | { kind: 'like' }
  | { kind: 'save' }
  | { kind: 'progress'; episode: number; percent: number }
  | { kind: 'checkin' };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('purchase' as const), packageId: fc.constantFrom('package-1', 'package-2') }),
  fc.record({ kind: fc.constant('unlock' as const), episodeNumber: fc.integer({ min: 4, max: EPISODES }) }),
  fc.record({ kind: fc.constant('like' as const) }),
  fc.record({ kind: fc.constant('save' as const) }),
  fc.record({
    kind: fc.constant('progress' as const),
    // Two episodes, so that an account and its guest often both watched the same one.
    episode: fc.integer({ min: 0, max: 1 }),
    percent: fc.integer({ min: 0, max: 100 }),
  }),
  fc.record({ kind: fc.constant('checkin' as const) }),
);

async function act(viewerId: string, step: Action) {
  const send = t.viewerAs(viewerId);
  const post = (url: string, body?: unknown) =>
    send({
      method: 'POST',
      url,
      ...(body === undefined ? {} : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });
  const reply = await (step.kind === 'purchase'
    ? post('/api/user/user-1/purchase-tokens', { packageId: step.packageId })
    : step.kind === 'unlock'
      ? post('/api/user/user-1/unlock-episode', { seriesId: paid.id, episodeNumber: step.episodeNumber })
      : step.kind === 'like'
        ? post(`/api/user/user-1/like/${paid.id}`)
        : step.kind === 'save'
          ? post(`/api/user/user-1/bookmark/${paid.id}`)
          : step.kind === 'progress'
            ? post('/api/progress', {
                userId: 'user-1',
                seriesId: paid.id,
                episodeId: paid.episodeIds[step.episode],
                progress: step.percent,
              })
            : post('/api/user/user-1/daily-checkin'));
  // A refusal (not enough coins, already checked in) is part of a random history; a server error is not.
  expect(reply.statusCode, reply.body).toBeLessThan(500);
}

/** What each viewer holds, straight from the tables. */
async function holdings(ids: string[]) {
  const rows = async (query: ReturnType<typeof sql>) => (await t.db.execute(query)).rows as Record<string, unknown>[];
  const balances = await t.db.select().from(users).where(inArray(users.id, ids));
  const ledgers = await rows(sql`
    select user_id, sum(coins_delta)::int as coins, sum(bonuses_delta)::int as bonuses from wallet_ledger
     where user_id in ${ids} group by user_id`);
  const unlocked = await rows(sql`select user_id, episode_number from unlocks where user_id in ${ids}`);
  const liked = await rows(sql`select user_id from likes where user_id in ${ids} and series_id = ${paid.id}`);
  const saved = await rows(sql`select user_id from bookmarks where user_id in ${ids} and series_id = ${paid.id}`);
  const watched = await rows(sql`select user_id, episode_id, percent from progress where user_id in ${ids}`);
  const checkedIn = await rows(sql`select user_id, day::text as day from check_ins where user_id in ${ids}`);
  const of = (list: Record<string, unknown>[], id: string) => list.filter((row) => row.user_id === id);
  return new Map(
    ids.map((id) => {
      const user = balances.find((row) => row.id === id);
      const ledger = of(ledgers, id)[0];
      return [
        id,
        {
          coins: user?.coins ?? 0,
          bonuses: user?.bonuses ?? 0,
          closed: user?.closedAt != null,
          ledgerCoins: Number(ledger?.coins ?? 0),
          ledgerBonuses: Number(ledger?.bonuses ?? 0),
          unlocks: new Set(of(unlocked, id).map((row) => Number(row.episode_number))),
          liked: of(liked, id).length > 0,
          saved: of(saved, id).length > 0,
          progress: new Map(of(watched, id).map((row) => [Number(row.episode_id), Number(row.percent)])),
          days: new Set(of(checkedIn, id).map((row) => String(row.day))),
          exists: user !== undefined,
        },
      ] as const;
    }),
  );
}

const seriesLikes = async () =>
  (await t.db.select({ likes: series.likes }).from(series).where(eq(series.id, paid.id)))[0]!.likes;

describe('bringing a guest into an account', () => {
  it('never creates or loses a coin or an unlock, whatever the histories, order, retries and races', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2 }),
        fc.integer({ min: 1, max: 3 }),
        fc.array(fc.tuple(fc.nat(), action), { maxLength: 16 }),
        // Each merge: which guest, into which account, how many times at once (two tabs), retried after.
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: 1, max: 2 }), fc.boolean()), {
          minLength: 1,
          maxLength: 5,
        }),
        async (accountCount, guestCount, history, merges) => {
          await clearLikes(t.db, paid.id);
          const accounts = await Promise.all(Array.from({ length: accountCount }, () => t.addViewer()));
          await createPasskeys(t.db, accounts);
          // Guests get their row on their first write, as in the app: one who never writes has none.
          const guests = Array.from({ length: guestCount }, () => t.viewerAs());
          const guestIds = await Promise.all(
            guests.map(async (send) => {
              const reply = await send({ method: 'GET', url: '/api/user' });
              return (reply.json() as { id: string }).id;
            }),
          );
          const everyone = [...accounts, ...guestIds];
          for (const [who, step] of history) await act(everyone[who % everyone.length]!, step);

          const before = await holdings(everyone);
          const total = (field: 'coins' | 'bonuses') => [...before.values()].reduce((sum, h) => sum + h[field], 0);
          const coinsBefore = total('coins');
          const bonusesBefore = total('bonuses');
          const likedBefore = [...before.values()].filter((h) => h.liked).length;

          const broughtInto = new Map<string, string>();
          for (const [g, a, atOnce, retry] of merges) {
            const guestId = guestIds[g % guestIds.length]!;
            const accountId = accounts[a % accounts.length]!;
            const results = await Promise.all(
              Array.from({ length: atOnce }, () => bringGuestInto(t.db, guestId, accountId)),
            );
            if (retry) results.push(await bringGuestInto(t.db, guestId, accountId));
            const brought = results.filter(Boolean).length;
            // Once at most, ever: a retry, a second tab or a later sign-in to another account brings nothing.
            expect(brought).toBeLessThanOrEqual(broughtInto.has(guestId) ? 0 : 1);
            if (brought === 1) broughtInto.set(guestId, accountId);
            if (before.get(guestId)!.exists && !broughtInto.has(guestId)) expect(brought).toBe(1);
          }

          const after = await holdings(everyone);
          for (const [id, h] of after) {
            expect(h.ledgerCoins, `ledger of ${id} sums to its coins`).toBe(h.coins);
            expect(h.ledgerBonuses, `ledger of ${id} sums to its bonuses`).toBe(h.bonuses);
          }
          const sum = (field: 'coins' | 'bonuses') => [...after.values()].reduce((s, h) => s + h[field], 0);
          expect(sum('coins')).toBe(coinsBefore);
          expect(sum('bonuses')).toBe(bonusesBefore);

          for (const accountId of accounts) {
            const brought = guestIds.filter((g) => broughtInto.get(g) === accountId);
            const was = before.get(accountId)!;
            const now = after.get(accountId)!;
            const expected = [accountId, ...brought].map((id) => before.get(id)!);
            expect(now.coins).toBe(expected.reduce((s, h) => s + h.coins, 0));
            expect(now.bonuses).toBe(expected.reduce((s, h) => s + h.bonuses, 0));
            expect([...now.unlocks].sort()).toEqual([...new Set(expected.flatMap((h) => [...h.unlocks]))].sort());
            expect(now.liked).toBe(expected.some((h) => h.liked));
            expect(now.saved).toBe(expected.some((h) => h.saved));
            const days = new Set(expected.flatMap((h) => [...h.days]));
            expect([...now.days].sort()).toEqual([...days].sort());
            for (const episodeId of paid.episodeIds) {
              const furthest = Math.max(-1, ...expected.map((h) => h.progress.get(episodeId) ?? -1));
              expect(now.progress.get(episodeId) ?? -1).toBe(furthest);
            }
            expect(was.exists).toBe(true);
          }
          for (const guestId of broughtInto.keys()) {
            const now = after.get(guestId)!;
            expect(now).toMatchObject({ coins: 0, bonuses: 0, closed: true, liked: false, saved: false });
            expect(now.unlocks.size + now.progress.size + now.days.size).toBe(0);
          }
          // One like per person: a series both liked counts one.
          const likedPeople = [...after.values()].filter((h) => h.liked).length;
          expect(await seriesLikes()).toBe(likedPeople);
          expect(likedPeople).toBeLessThanOrEqual(likedBefore);
        },
      ),
      { numRuns: 40 },
    );
  }, 240_000);
});
