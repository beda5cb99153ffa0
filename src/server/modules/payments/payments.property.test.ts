import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOP_UP_PACKAGES } from '#contract/index.ts';
import { purchases, users, walletLedger } from '../../db/schema.ts';
import type { TestContext } from '../../testing/harness.ts';
import { createSeriesWithEpisodes } from '../../testing/factory.ts';
import { createStripeTestContext } from '../../testing/stripe-app.ts';
import type { StripeStandIn } from '../../testing/stripe-server.ts';
import { shareOf } from './payments.service.ts';

let t: TestContext;
let stripe: StripeStandIn;
let seriesId: number;
beforeAll(async () => {
  ({ t, stripe } = await createStripeTestContext());
  const series = await createSeriesWithEpisodes(t.db, {
    description: 'A series the payments property test unlocks.',
    totalEpisodes: 40,
    episodeCost: 300,
    isFree: false,
  });
  seriesId = series.id;
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

/** One step of a viewer's life with real money, in any order: buy, pay (delivered or read on return), refund, unlock. */
const step = fc.oneof(
  fc.record({ kind: fc.constant('buy' as const), pkg: fc.integer({ min: 0, max: 2 }) }),
  fc.record({ kind: fc.constant('pay' as const), which: fc.nat(), deliveries: fc.integer({ min: 0, max: 3 }) }),
  fc.record({ kind: fc.constant('return' as const), which: fc.nat() }),
  fc.record({ kind: fc.constant('redeliver' as const), which: fc.nat() }),
  fc.record({ kind: fc.constant('refund' as const), which: fc.nat(), part: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ kind: fc.constant('dispute' as const), which: fc.nat() }),
  fc.record({ kind: fc.constant('unlock' as const), episode: fc.integer({ min: 11, max: 40 }) }),
);

describe('money through Stripe, in any interleaving', () => {
  it('keeps every ledger summing to its balance, no balance below zero, and credits = paid − taken back', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 14 }), async (steps) => {
        const viewer = await t.addViewer();
        const as = t.viewerAs(viewer);
        const bought: { purchaseId: string; sessionId: string }[] = [];
        const events: { body: string; signature: string; id: string }[] = [];
        const pick = (n: number) => (bought.length ? bought[n % bought.length]! : undefined);
        const chargeOf = (sessionId: string) => {
          const intent = stripe.sessions.get(sessionId)?.payment_intent;
          return [...stripe.charges.values()].find((c) => c.payment_intent === intent);
        };
        const concurrent: Promise<unknown>[] = [];
        for (const s of steps) {
          if (s.kind === 'buy') {
            const answer = await as({
              method: 'POST',
              url: '/api/user/user-1/purchase-tokens',
              payload: { packageId: TOP_UP_PACKAGES[s.pkg]!.id },
            });
            if (answer.statusCode !== 202) continue;
            const { purchaseId } = answer.json<{ purchaseId: string }>();
            const [row] = await t.db.select().from(purchases).where(eq(purchases.id, purchaseId));
            bought.push({ purchaseId, sessionId: row!.checkoutSessionId });
          } else if (s.kind === 'pay' && pick(s.which)) {
            const event = await stripe.pay(pick(s.which)!.sessionId, { deliver: false });
            events.push(event);
            for (let i = 0; i < s.deliveries; i++) concurrent.push(stripe.deliver(event));
          } else if (s.kind === 'return' && pick(s.which)) {
            concurrent.push(as({ method: 'GET', url: `/api/purchases/${pick(s.which)!.purchaseId}` }));
          } else if (s.kind === 'redeliver' && events.length) {
            concurrent.push(stripe.deliver(events[s.which % events.length]!));
          } else if ((s.kind === 'refund' || s.kind === 'dispute') && pick(s.which)) {
            await Promise.all(concurrent.splice(0));
            const charge = chargeOf(pick(s.which)!.sessionId);
            if (!charge) continue;
            if (s.kind === 'dispute') {
              await stripe.dispute(pick(s.which)!.sessionId);
              continue;
            }
            const amount = Math.max(1, Math.floor(((charge.amount - charge.amount_refunded) * s.part) / 100));
            if (charge.amount_refunded + amount > charge.amount) continue;
            charge.amount_refunded += amount;
            charge.refunded = charge.amount_refunded === charge.amount;
            await stripe.deliver(stripe.signedEvent('charge.refunded', { ...charge }));
          } else if (s.kind === 'unlock') {
            concurrent.push(
              as({
                method: 'POST',
                url: '/api/user/user-1/unlock-episode',
                payload: { seriesId, episodeNumber: s.episode },
              }),
            );
          }
        }
        await Promise.all(concurrent);

        const [balance] = await t.db.select().from(users).where(eq(users.id, viewer));
        const ledger = await t.db.select().from(walletLedger).where(eq(walletLedger.userId, viewer));
        expect(balance!.coins).toBeGreaterThanOrEqual(0);
        expect(balance!.bonuses).toBeGreaterThanOrEqual(0);
        expect(ledger.reduce((sum, row) => sum + row.coinsDelta, 0)).toBe(balance!.coins);
        expect(ledger.reduce((sum, row) => sum + row.bonusesDelta, 0)).toBe(balance!.bonuses);

        const rows = bought.length
          ? await t.db
              .select()
              .from(purchases)
              .where(
                inArray(
                  purchases.id,
                  bought.map((b) => b.purchaseId),
                ),
              )
          : [];
        const credited = ledger
          .filter((row) => row.kind === 'purchase' || row.kind === 'refund')
          .reduce((sum, row) => sum + row.coinsDelta + row.bonusesDelta, 0);
        const paid = rows.filter((row) => row.paidAt !== null);
        // Each paid session credited once; everything taken back is in the refund rows.
        expect(credited).toBe(
          paid.reduce((sum, row) => sum + row.coins + row.bonuses - row.coinsReclaimed - row.bonusesReclaimed, 0),
        );
        for (const row of paid) {
          const refunded = row.status === 'disputed' ? row.amountMinor : row.refundedMinor;
          const owed = shareOf(row.coins, refunded, row.amountMinor) + shareOf(row.bonuses, refunded, row.amountMinor);
          expect(row.coinsReclaimed + row.bonusesReclaimed + row.coinsNotRecovered).toBe(owed);
        }
        for (const row of rows.filter((r) => r.paidAt === null)) {
          expect(ledger.some((entry) => entry.purchaseId === row.id)).toBe(false);
        }
      }),
      { numRuns: 25 },
    );
  });
});
