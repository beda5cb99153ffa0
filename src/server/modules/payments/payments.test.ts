import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCoinPackage } from '#contract/index.ts';
import { paymentEvents, purchases, users, walletLedger } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';
import { createStripeTestContext, TEST_PUBLIC_URL } from '../../testing/stripe-app.ts';
import type { StripeStandIn } from '../../testing/stripe-server.ts';
import { newViewerId } from '../viewers/viewers.service.ts';

let t: TestContext;
let stripe: StripeStandIn;
beforeAll(async () => {
  ({ t, stripe } = await createStripeTestContext());
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

const webhook = (app: TestContext['app'], body: string, signature?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload: body,
  });

async function buy(viewerId: string, packageId = 'package-2') {
  const response = await t.viewerAs(viewerId)({
    method: 'POST',
    url: '/api/user/user-1/purchase-tokens',
    // What the client says of coins and price plays no part.
    payload: { packageId, coins: 999_999, price: 0.01 },
  });
  expect(response.statusCode, response.body).toBe(202);
  const reply = response.json<{ purchaseId: string; checkoutUrl: string }>();
  const row = await purchaseRow(reply.purchaseId);
  return { ...reply, sessionId: row.checkoutSessionId };
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

/** Every ledger sums to its balance, and what it credited for purchases is what it says. */
async function ledgerOf(userId: string) {
  const rows = await t.db.select().from(walletLedger).where(eq(walletLedger.userId, userId)).orderBy(walletLedger.id);
  const balance = await balanceOf(userId);
  expect(rows.reduce((sum, row) => sum + row.coinsDelta, 0)).toBe(balance.coins);
  expect(rows.reduce((sum, row) => sum + row.bonusesDelta, 0)).toBe(balance.bonuses);
  return rows;
}

const pkg = findCoinPackage('package-2')!;

describe('buying coins through Stripe Checkout', () => {
  it('makes a Checkout Session from our package table, carrying the purchase id, and credits nothing yet', async () => {
    const viewer = await t.addViewer();
    const { purchaseId, checkoutUrl, sessionId } = await buy(viewer);
    const session = stripe.sessions.get(sessionId)!;
    expect(checkoutUrl).toBe(session.url);
    expect(session.amount_total).toBe(Math.round(pkg.price * 100));
    expect(session.currency).toBe('usd');
    expect(session.client_reference_id).toBe(purchaseId);
    expect(session.metadata.purchaseId).toBe(purchaseId);
    expect(session.success_url).toBe(`${TEST_PUBLIC_URL}/rewards?purchase=${purchaseId}`);
    expect(session.cancel_url).toBe(`${TEST_PUBLIC_URL}/rewards?purchase=${purchaseId}&cancelled=1`);
    expect(await balanceOf(viewer)).toEqual({ coins: 0, bonuses: 0 });
    const status = await t.viewerAs(viewer)({ method: 'GET', url: `/api/purchases/${purchaseId}` });
    expect(status.json()).toMatchObject({ status: 'pending', coins: pkg.coins, bonuses: pkg.bonus, amount: 999 });
  });

  it("a new viewer's first write may be a purchase: their row is made with it, and paid like anyone's", async () => {
    const viewer = newViewerId();
    const { purchaseId, sessionId } = await buy(viewer);
    expect((await purchaseRow(purchaseId)).userId).toBe(viewer);
    const start = await balanceOf(viewer);
    await stripe.pay(sessionId);
    expect(await balanceOf(viewer)).toEqual({ coins: start.coins + pkg.coins, bonuses: start.bonuses + pkg.bonus });
    // A refused first purchase leaves no row behind.
    const refused = newViewerId();
    const unknown = await t.viewerAs(refused)({
      method: 'POST',
      url: '/api/user/user-1/purchase-tokens',
      payload: { packageId: 'no-such-package' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(await t.db.select().from(users).where(eq(users.id, refused))).toEqual([]);
  });

  it('credits the coins once when the signed webhook says the session is paid, with a receipt link', async () => {
    const viewer = await t.addViewer();
    const { purchaseId, sessionId } = await buy(viewer);
    const event = await stripe.pay(sessionId);
    expect(await balanceOf(viewer)).toEqual({ coins: pkg.coins, bonuses: pkg.bonus });
    expect(await webhook(t.app, event.body, event.signature).then((r) => r.statusCode)).toBe(200);
    expect(await balanceOf(viewer)).toEqual({ coins: pkg.coins, bonuses: pkg.bonus });
    const ledger = await ledgerOf(viewer);
    expect(ledger.filter((row) => row.kind === 'purchase')).toHaveLength(1);
    const row = await purchaseRow(purchaseId);
    expect(row.status).toBe('paid');
    expect(row.receiptUrl).toMatch(/\/receipts\/ch_/);
    const transactions = await t.viewerAs(viewer)({ method: 'GET', url: '/api/user/user-1/transactions' });
    expect(transactions.json()[0]).toMatchObject({ kind: 'purchase', preview: false, receiptUrl: row.receiptUrl });
    const status = await t.viewerAs(viewer)({ method: 'GET', url: `/api/purchases/${purchaseId}` });
    expect(status.json()).toMatchObject({ status: 'paid', totalCoins: pkg.coins + pkg.bonus });
  });

  it('credits once for 20 deliveries of the same event at once', async () => {
    const viewer = await t.addViewer();
    const { sessionId } = await buy(viewer);
    const event = await stripe.pay(sessionId, { deliver: false });
    const answers = await Promise.all(Array.from({ length: 20 }, () => webhook(t.app, event.body, event.signature)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await balanceOf(viewer)).toEqual({ coins: pkg.coins, bonuses: pkg.bonus });
    expect((await ledgerOf(viewer)).filter((row) => row.kind === 'purchase')).toHaveLength(1);
    const [claimed] = await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id));
    expect(claimed?.type).toBe('checkout.session.completed');
  });

  it('credits once when the return page races the webhook, whichever comes first', async () => {
    const viewer = await t.addViewer();
    const { purchaseId, sessionId } = await buy(viewer);
    const event = await stripe.pay(sessionId, { deliver: false });
    const again = stripe.signedEvent('checkout.session.async_payment_succeeded', stripe.sessions.get(sessionId)!);
    await Promise.all([
      ...Array.from({ length: 5 }, () => t.viewerAs(viewer)({ method: 'GET', url: `/api/purchases/${purchaseId}` })),
      ...Array.from({ length: 5 }, () => webhook(t.app, event.body, event.signature)),
      webhook(t.app, again.body, again.signature),
    ]);
    expect(await balanceOf(viewer)).toEqual({ coins: pkg.coins, bonuses: pkg.bonus });
    expect((await ledgerOf(viewer)).filter((row) => row.kind === 'purchase')).toHaveLength(1);
  });

  it('credits on the return page alone when the webhook has not come', async () => {
    const viewer = await t.addViewer();
    const { purchaseId, sessionId } = await buy(viewer);
    await stripe.pay(sessionId, { deliver: false });
    const status = await t.viewerAs(viewer)({ method: 'GET', url: `/api/purchases/${purchaseId}` });
    expect(status.json()).toMatchObject({ status: 'paid' });
    expect(status.json().receiptUrl).toMatch(/\/receipts\//);
    expect(await balanceOf(viewer)).toEqual({ coins: pkg.coins, bonuses: pkg.bonus });
  });

  it('two instances on one database given the same event at once credit it once', async () => {
    const second = await createStripeTestContext({ sharingDatabaseOf: t, standIn: stripe });
    try {
      const viewer = await t.addViewer();
      const { sessionId } = await buy(viewer);
      const event = await stripe.pay(sessionId, { deliver: false });
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => webhook(i % 2 ? second.t.app : t.app, event.body, event.signature)),
      );
      expect(answers.every((r) => r.statusCode === 200)).toBe(true);
      expect(await balanceOf(viewer)).toEqual({ coins: pkg.coins, bonuses: pkg.bonus });
    } finally {
      await second.t.close();
    }
  });

  it('marks an expired session expired, and a failed payment failed', async () => {
    const viewer = await t.addViewer();
    const expired = await buy(viewer);
    const session = stripe.sessions.get(expired.sessionId)!;
    const event = stripe.signedEvent('checkout.session.expired', { ...session, status: 'expired' });
    expect((await webhook(t.app, event.body, event.signature)).statusCode).toBe(200);
    expect((await purchaseRow(expired.purchaseId)).status).toBe('expired');
    const failed = await buy(viewer);
    const failure = stripe.signedEvent('checkout.session.async_payment_failed', stripe.sessions.get(failed.sessionId)!);
    expect((await webhook(t.app, failure.body, failure.signature)).statusCode).toBe(200);
    expect((await purchaseRow(failed.purchaseId)).status).toBe('failed');
    expect(await balanceOf(viewer)).toEqual({ coins: 0, bonuses: 0 });
  });

  it('answers 200 to an event type it does not use, and writes nothing', async () => {
    const event = stripe.signedEvent('customer.created', { id: 'cus_test', object: 'customer' });
    expect((await webhook(t.app, event.body, event.signature)).statusCode).toBe(200);
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id))).toEqual([]);
  });
});

describe('webhook deliveries that must change nothing', () => {
  const nothingWritten = async (viewer: string, purchaseId: string, eventId: string) => {
    expect(await balanceOf(viewer)).toEqual({ coins: 0, bonuses: 0 });
    expect((await purchaseRow(purchaseId)).status).toBe('pending');
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId))).toEqual([]);
  };

  it('refuses a bad, missing or stale signature with 400', async () => {
    const viewer = await t.addViewer();
    const { purchaseId, sessionId } = await buy(viewer);
    const event = await stripe.pay(sessionId, { deliver: false });
    const forged = event.signature.replace(/v1=([0-9a-f])/, (_, c: string) => `v1=${c === '0' ? '1' : '0'}`);
    const bad = await webhook(t.app, event.body, forged);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/refused/);
    expect((await webhook(t.app, event.body)).statusCode).toBe(400);
    const tampered = event.body.replace('"amount_total":999', '"amount_total":1');
    expect((await webhook(t.app, tampered, event.signature)).statusCode).toBe(400);
    const stale = stripe.signedEvent('checkout.session.completed', stripe.sessions.get(sessionId)!, {
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await webhook(t.app, stale.body, stale.signature)).statusCode).toBe(400);
    await nothingWritten(viewer, purchaseId, event.id);
  });

  it('refuses a session whose amount or currency is not the purchase', async () => {
    const viewer = await t.addViewer();
    const { purchaseId, sessionId } = await buy(viewer);
    await stripe.pay(sessionId, { deliver: false });
    const session = stripe.sessions.get(sessionId)!;
    for (const change of [{ amount_total: 1 }, { currency: 'eur' }]) {
      const event = stripe.signedEvent('checkout.session.completed', { ...session, ...change });
      const answer = await webhook(t.app, event.body, event.signature);
      expect(answer.statusCode).toBe(400);
      await nothingWritten(viewer, purchaseId, event.id);
    }
  });

  it("refuses another viewer's paid session replayed against this purchase", async () => {
    const victim = await t.addViewer();
    const other = await t.addViewer();
    const target = await buy(victim);
    const theirs = await buy(other);
    const paid = await stripe.pay(theirs.sessionId, { deliver: false });
    const session = stripe.sessions.get(theirs.sessionId)!;
    const replay = stripe.signedEvent('checkout.session.completed', {
      ...session,
      client_reference_id: target.purchaseId,
      metadata: { purchaseId: target.purchaseId },
    });
    expect((await webhook(t.app, replay.body, replay.signature)).statusCode).toBe(400);
    await nothingWritten(victim, target.purchaseId, replay.id);
    // Their own delivery still credits them, and them only.
    expect((await webhook(t.app, paid.body, paid.signature)).statusCode).toBe(200);
    expect(await balanceOf(other)).toEqual({ coins: pkg.coins, bonuses: pkg.bonus });
    expect(await balanceOf(victim)).toEqual({ coins: 0, bonuses: 0 });
  });

  it('answers 413 to a body over 1 MB', async () => {
    const body = JSON.stringify({ id: 'evt_big', padding: 'x'.repeat(1024 * 1024) });
    const answer = await webhook(t.app, body, 't=1,v1=00');
    expect(answer.statusCode).toBe(413);
    expect(answer.json().message).toMatch(/too large/);
  });

  it('needs no access code or cookie, and is not refused as cross-site', async () => {
    const event = stripe.signedEvent('customer.created', { id: 'cus_test', object: 'customer' });
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': event.signature,
        'sec-fetch-site': 'cross-site',
        cookie: 'unrelated=1',
      },
      payload: event.body,
    });
    expect(answer.statusCode).toBe(200);
  });
});

describe('bad purchase requests', () => {
  it('refuses an unknown package with 400 and writes nothing', async () => {
    const viewer = await t.addViewer();
    const answer = await t.viewerAs(viewer)({
      method: 'POST',
      url: '/api/user/user-1/purchase-tokens',
      payload: { packageId: 'p-free-money' },
    });
    expect(answer.statusCode).toBe(400);
    expect(await t.db.select().from(purchases).where(eq(purchases.userId, viewer))).toEqual([]);
  });

  it("answers 404 for another viewer's purchase", async () => {
    const owner = await t.addViewer();
    const { purchaseId } = await buy(owner);
    const stranger = await t.addViewer();
    const answer = await t.viewerAs(stranger)({ method: 'GET', url: `/api/purchases/${purchaseId}` });
    expect(answer.statusCode).toBe(404);
    expect((await t.viewerAs(stranger)({ method: 'GET', url: '/api/purchases/nope' })).statusCode).toBe(404);
  });

  it('refuses an 11th unpaid session within the hour with 429, even when asked all at once', async () => {
    const viewer = await t.addViewer();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.viewerAs(viewer)({
          method: 'POST',
          url: '/api/user/user-1/purchase-tokens',
          payload: { packageId: 'package-2' },
        }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 202)).toHaveLength(10);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0]!.json().message).toMatch(/unpaid/);
    const rows = await t.db.select().from(purchases).where(eq(purchases.userId, viewer));
    expect(rows).toHaveLength(10);
  });

  it('answers 503 "Payments are unavailable, try again" and writes nothing when Stripe cannot be reached', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const away = await createTestContext(
      {
        STRIPE_SECRET_KEY: 'sk_test_stand_in',
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_BASE: `http://127.0.0.1:${port}`,
        PUBLIC_URL: TEST_PUBLIC_URL,
      },
      { sharingDatabaseOf: t },
    );
    try {
      const viewer = await t.addViewer();
      const answer = await away.viewerAs(viewer)({
        method: 'POST',
        url: '/api/user/user-1/purchase-tokens',
        payload: { packageId: 'package-2' },
      });
      expect(answer.statusCode).toBe(503);
      expect(answer.json().message).toBe('Payments are unavailable, try again');
      expect(await t.db.select().from(purchases).where(eq(purchases.userId, viewer))).toEqual([]);
      expect(await balanceOf(viewer)).toEqual({ coins: 0, bonuses: 0 });
    } finally {
      await away.close();
    }
  });
});

describe('the preview (no payment provider)', () => {
  it('credits at once as before, says so, and its ledger row says no charge', async () => {
    const preview = await createTestContext({}, { sharingDatabaseOf: t });
    try {
      expect((await preview.viewer({ method: 'GET', url: '/api/payments' })).json()).toEqual({
        provider: 'preview',
        currency: 'usd',
      });
      const answer = await preview.viewer({
        method: 'POST',
        url: '/api/user/user-1/purchase-tokens',
        payload: { packageId: 'package-2' },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().totalCoins).toBe(pkg.coins + pkg.bonus);
      const ledger = await preview.viewer({ method: 'GET', url: '/api/user/user-1/transactions' });
      expect(ledger.json()[0]).toMatchObject({ kind: 'purchase', preview: true, receiptUrl: null });
      const count = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(purchases)
        .where(eq(purchases.userId, preview.viewerId));
      expect(count[0]!.n).toBe(0);
      const webhookAnswer = await webhook(preview.app, '{}', 't=1,v1=00');
      expect(webhookAnswer.statusCode).toBe(400);
    } finally {
      await preview.close();
    }
  });

  it('says Stripe takes the payments where it is configured', async () => {
    expect((await t.viewer({ method: 'GET', url: '/api/payments' })).json()).toEqual({
      provider: 'stripe',
      currency: 'usd',
    });
  });
});
