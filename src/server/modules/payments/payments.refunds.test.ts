import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCoinPackage } from '#contract/index.ts';
import { operatorAudit, purchases, users, walletLedger } from '../../db/schema.ts';
import type { TestContext } from '../../testing/harness.ts';
import { createStripeTestContext } from '../../testing/stripe-app.ts';
import type { StripeStandIn } from '../../testing/stripe-server.ts';
import { shareOf } from './payments.service.ts';

let t: TestContext;
let stripe: StripeStandIn;
beforeAll(async () => {
  ({ t, stripe } = await createStripeTestContext());
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const pkg = findCoinPackage('package-2')!;

/** A viewer who bought package-2 and paid for it (credited by the webhook). */
async function paidPurchase() {
  const viewer = await t.addViewer();
  const started = await t.viewerAs(viewer)({
    method: 'POST',
    url: '/api/user/user-1/purchase-tokens',
    payload: { packageId: pkg.id },
  });
  const { purchaseId } = started.json<{ purchaseId: string }>();
  const row = await purchaseRow(purchaseId);
  await stripe.pay(row.checkoutSessionId);
  expect((await purchaseRow(purchaseId)).status).toBe('paid');
  return { viewer, purchaseId, sessionId: row.checkoutSessionId };
}

async function purchaseRow(purchaseId: string) {
  const [row] = await t.db.select().from(purchases).where(eq(purchases.id, purchaseId));
  return row!;
}

async function balanceOf(userId: string) {
  const [row] = await t.db
    .select({ coins: users.coins, bonuses: users.bonuses })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

async function ledgerOf(userId: string) {
  const rows = await t.db.select().from(walletLedger).where(eq(walletLedger.userId, userId)).orderBy(walletLedger.id);
  const balance = await balanceOf(userId);
  expect(rows.reduce((sum, row) => sum + row.coinsDelta, 0)).toBe(balance.coins);
  expect(rows.reduce((sum, row) => sum + row.bonusesDelta, 0)).toBe(balance.bonuses);
  return rows;
}

/** The refund's events come from the stand-in a moment after the refund is made, as Stripe's do. */
async function until(check: () => Promise<boolean>) {
  const deadline = Date.now() + 5000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const refund = (purchaseId: string, amount?: number) =>
  t.admin({
    method: 'POST',
    url: `/api/admin/purchases/${purchaseId}/refund`,
    payload: amount === undefined ? {} : { amount },
  });

describe('refunds', () => {
  it('an operator refunds a paid purchase; once Stripe confirms, its coins and bonuses are taken back', async () => {
    const { viewer, purchaseId } = await paidPurchase();
    const answer = await refund(purchaseId);
    expect(answer.statusCode, answer.body).toBe(202);
    // Nothing is taken back before Stripe's event says the refund went through.
    expect(stripe.refunds.at(-1)).toMatchObject({ amount: 999, metadata: { purchaseId } });
    await until(async () => (await purchaseRow(purchaseId)).status === 'refunded');
    await new Promise((resolve) => setTimeout(resolve, 100)); // refund.updated follows charge.refunded
    expect(await balanceOf(viewer)).toEqual({ coins: 0, bonuses: 0 });
    const ledger = await ledgerOf(viewer);
    expect(ledger.filter((row) => row.kind === 'refund')).toHaveLength(1);
    const row = await purchaseRow(purchaseId);
    expect(row).toMatchObject({ refundedMinor: 999, coinsReclaimed: pkg.coins, bonusesReclaimed: pkg.bonus });
    const [audit] = await t.db.select().from(operatorAudit).where(eq(operatorAudit.objectId, purchaseId));
    expect(audit?.action).toBe('purchase.refund_requested');
    // A second refund of a refunded purchase is refused.
    expect((await refund(purchaseId)).statusCode).toBe(409);
  });

  it('a refund asked twice at once (a double click) reaches Stripe under one Idempotency-Key: one refund', async () => {
    const { viewer, purchaseId } = await paidPurchase();
    const refundsBefore = stripe.refunds.length;
    const [first, second] = await Promise.all([refund(purchaseId), refund(purchaseId)]);
    expect([first.statusCode, second.statusCode], `${first.body} ${second.body}`).toEqual([202, 202]);
    expect(second.json().refundId).toBe(first.json().refundId);
    expect(stripe.refunds.length).toBe(refundsBefore + 1);
    const keys = stripe.idempotencyKeys.filter((sent) => sent.path === '/v1/refunds' && sent.key.includes(purchaseId));
    expect(keys.map((sent) => sent.key)).toEqual([`refund-${purchaseId}-0-999`, `refund-${purchaseId}-0-999`]);
    expect(keys.map((sent) => sent.replayed)).toEqual([false, true]);
    await until(async () => (await purchaseRow(purchaseId)).status === 'refunded');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await balanceOf(viewer)).toEqual({ coins: 0, bonuses: 0 });
    expect((await ledgerOf(viewer)).filter((row) => row.kind === 'refund')).toHaveLength(1);
  });

  it('a partial refund takes back its share, and the rest of it the rest', async () => {
    const { viewer, purchaseId } = await paidPurchase();
    expect((await refund(purchaseId, 500)).statusCode).toBe(202);
    await until(async () => (await purchaseRow(purchaseId)).status === 'partially_refunded');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const coins = shareOf(pkg.coins, 500, 999);
    const bonuses = shareOf(pkg.bonus, 500, 999);
    expect(await balanceOf(viewer)).toEqual({ coins: pkg.coins - coins, bonuses: pkg.bonus - bonuses });
    expect((await refund(purchaseId, 600)).statusCode).toBe(400);
    expect((await refund(purchaseId, 499)).statusCode).toBe(202);
    await until(async () => (await purchaseRow(purchaseId)).status === 'refunded');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await balanceOf(viewer)).toEqual({ coins: 0, bonuses: 0 });
    expect((await ledgerOf(viewer)).filter((row) => row.kind === 'refund')).toHaveLength(2);
  });

  it('never takes the balance below zero: what was spent is recorded as not recovered', async () => {
    const { viewer, purchaseId } = await paidPurchase();
    const spent = await t.admin({
      method: 'POST',
      url: `/api/admin/viewers/${viewer}/coins`,
      payload: { coins: -900, reason: 'Stands in for coins spent on unlocks' },
    });
    expect(spent.statusCode, spent.body).toBe(200);
    expect((await refund(purchaseId)).statusCode).toBe(202);
    await until(async () => (await purchaseRow(purchaseId)).status === 'refunded');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await balanceOf(viewer)).toEqual({ coins: 0, bonuses: 0 });
    expect((await purchaseRow(purchaseId)).coinsNotRecovered).toBe(900);
    await ledgerOf(viewer);
    const list = await t.admin({ method: 'GET', url: '/api/admin/purchases?status=refunded' });
    expect(list.json().find((p: { id: string }) => p.id === purchaseId)).toMatchObject({ coinsNotRecovered: 900 });
  });

  it('the same refund event delivered twice takes back once', async () => {
    const { viewer, purchaseId, sessionId } = await paidPurchase();
    const charge = [...stripe.charges.values()].find(
      (c) => c.payment_intent === stripe.sessions.get(sessionId)!.payment_intent,
    )!;
    const event = stripe.signedEvent('charge.refunded', { ...charge, amount_refunded: 999, refunded: true });
    expect(await stripe.deliver(event)).toBe(200);
    expect(await stripe.deliver(event)).toBe(200);
    expect(await balanceOf(viewer)).toEqual({ coins: 0, bonuses: 0 });
    expect((await ledgerOf(viewer)).filter((row) => row.kind === 'refund')).toHaveLength(1);
    expect((await purchaseRow(purchaseId)).status).toBe('refunded');
  });

  it('a dispute takes everything back and marks the purchase disputed', async () => {
    const { viewer, purchaseId, sessionId } = await paidPurchase();
    await stripe.dispute(sessionId);
    expect((await purchaseRow(purchaseId)).status).toBe('disputed');
    expect(await balanceOf(viewer)).toEqual({ coins: 0, bonuses: 0 });
    await ledgerOf(viewer);
  });

  it('revenue is paid minus refunded per day and currency, with preview purchases apart', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const answer = await t.admin({ method: 'GET', url: `/api/admin/insights/revenue?from=${today}&to=${today}` });
    expect(answer.statusCode, answer.body).toBe(200);
    const rows = await t.db.select().from(purchases);
    const paid = rows.filter((row) => row.paidAt).reduce((sum, row) => sum + row.amountMinor, 0);
    const refunded = rows.reduce((sum, row) => sum + row.refundedMinor, 0);
    expect(answer.json().days).toEqual([
      {
        day: today,
        currency: 'usd',
        purchases: rows.filter((row) => row.paidAt).length,
        paid,
        refunded,
        net: paid - refunded,
      },
    ]);
    expect(refunded).toBeGreaterThan(0);
    expect(answer.json().preview).toEqual([]);
  });
});
