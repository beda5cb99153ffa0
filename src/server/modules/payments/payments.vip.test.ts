import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passes, paymentCustomers, paymentEvents, unlocks, users } from '../../db/schema.ts';
import { createEpisode, createSeries, creditViewer } from '../../testing/factory.ts';
import type { TestContext } from '../../testing/harness.ts';
import { writeHlsFolder } from '../../testing/media-uploads.ts';
import { startTestIssuer, TEST_CLIENT, type TestIssuer } from '../../testing/oidc-issuer.ts';
import { createStripeTestContext, TEST_PUBLIC_URL } from '../../testing/stripe-app.ts';
import type { SignedEvent, StripeStandIn } from '../../testing/stripe-server.ts';
import { testBrowser, type TestBrowser } from '../../testing/test-browser.ts';

const DAY = 24 * 3600_000;

let t: TestContext;
let stripe: StripeStandIn;
let issuer: TestIssuer;
let paid: { id: number; lockedEpisodeId: number };

beforeAll(async () => {
  issuer = await startTestIssuer([`${TEST_PUBLIC_URL}/api/auth/google/callback`]);
  ({ t, stripe } = await createStripeTestContext({
    env: {
      AUTH_GOOGLE_CLIENT_ID: TEST_CLIENT.id,
      AUTH_GOOGLE_CLIENT_SECRET: TEST_CLIENT.secret,
      AUTH_GOOGLE_ISSUER: issuer.url,
    },
  }));
  const row = await createSeries(t.db, { title: 'Paid Pass', totalEpisodes: 12, episodeCost: 50, isFree: false });
  const folder = `series/${row.id}/episodes/12/1-12-vip`;
  writeHlsFolder(path.join(t.mediaDir, folder), 'segment twelve');
  const episode = await createEpisode(t.db, row.id, 12, { videoUrl: `/media/${folder}/master.m3u8` });
  paid = { id: row.id, lockedEpisodeId: episode.id };
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
  await issuer?.close();
});

async function signedIn(login: string): Promise<TestBrowser> {
  const b = await testBrowser(t, await t.addViewer());
  expect((await b.signInAs(login)).statusCode).toBe(303);
  return b;
}

const webhook = (event: SignedEvent) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.body,
  });

const passRows = (userId: string) => t.db.select().from(passes).where(eq(passes.userId, userId));
const customerRows = (userId: string) =>
  t.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, userId));
const eventCount = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(paymentEvents))[0]!.n;
const plays = async (b: TestBrowser) => {
  const reply = await b.get(`/api/episodes/${paid.lockedEpisodeId}/playback`);
  expect([200, 403]).toContain(reply.statusCode);
  return reply.statusCode === 200;
};
const passOf = async (b: TestBrowser) => (await b.get('/api/user/user-1/vip-pass')).json();

/** Starts the VIP checkout; the session the stand-in made for it. */
async function startCheckout(b: TestBrowser) {
  const reply = await b.post('/api/user/user-1/vip-pass');
  expect(reply.statusCode, reply.body).toBe(202);
  const { checkoutUrl } = reply.json<{ checkoutUrl: string }>();
  const session = [...stripe.sessions.values()].find((made) => made.url === checkoutUrl);
  expect(session).toBeDefined();
  return session!;
}

const periodEndOf = (subscriptionId: string) =>
  new Date(stripe.subscriptions.get(subscriptionId)!.items.data[0]!.current_period_end * 1000).toISOString();

describe('the VIP pass through Stripe', () => {
  it('offers the weekly price as a paid subscription (not the preview)', async () => {
    const b = await signedIn('offer');
    expect(await passOf(b)).toEqual({ pass: null, offer: { price: 19.99, currency: 'usd', days: 7, preview: false } });
  });

  it('refuses a guest with a readable 401, and nothing is written here or at Stripe', async () => {
    const guest = await testBrowser(t, await t.addViewer());
    const id = await guest.viewerId();
    const [sessions, customers] = [stripe.sessions.size, stripe.customers.size];
    const reply = await guest.post('/api/user/user-1/vip-pass');
    expect(reply.statusCode).toBe(401);
    expect(reply.json().message).toMatch(/Add a passkey or sign in first/);
    expect((await guest.post('/api/user/user-1/vip-pass/manage')).statusCode).toBe(401);
    expect([stripe.sessions.size, stripe.customers.size]).toEqual([sessions, customers]);
    expect(await passRows(id)).toEqual([]);
    expect(await customerRows(id)).toEqual([]);
  });

  it('created → active (a locked episode plays, free) → payment failed (plays until its paid end) → ended', async () => {
    const b = await signedIn('vip-buyer');
    const id = await b.viewerId();
    await creditViewer(t.db, id, { coins: 300 });
    expect(await plays(b)).toBe(false);

    const session = await startCheckout(b);
    // A weekly subscription of the account's customer, priced by the server, carrying our ids.
    const [customer] = await customerRows(id);
    expect(session).toMatchObject({
      mode: 'subscription',
      amount_total: 1999,
      currency: 'usd',
      recurring: { interval: 'week' },
      customer: customer!.customerId,
      success_url: `${TEST_PUBLIC_URL}/profile?vip=paid`,
      cancel_url: `${TEST_PUBLIC_URL}/profile?vip=cancelled`,
    });
    expect(session.client_reference_id).toMatch(/^vip_/);
    expect(session.metadata).toMatchObject({ viewerId: id, vipCheckoutId: session.client_reference_id });
    expect(session.subscription_metadata).toMatchObject({ viewerId: id });
    expect(stripe.customers.get(customer!.customerId)?.metadata).toEqual({ viewerId: id });
    // Not paid yet: nothing plays.
    expect(await passRows(id)).toEqual([]);
    expect(await plays(b)).toBe(false);

    await stripe.pay(session.id);
    const subscriptionId = stripe.sessions.get(session.id)!.subscription!;
    const paidEnd = periodEndOf(subscriptionId);
    expect((await passOf(b)).pass).toEqual({
      status: 'active',
      provider: 'stripe',
      currentPeriodEnd: paidEnd,
      cancelAtPeriodEnd: false,
    });
    expect(await plays(b)).toBe(true);
    const unlock = await b.post('/api/user/user-1/unlock-episode', { seriesId: paid.id, episodeNumber: 12 });
    expect(unlock.statusCode, unlock.body).toBe(200);
    expect(unlock.json()).toMatchObject({ cost: 0, coveredBy: 'vip', user: { coins: 300 } });
    expect(await t.db.select().from(unlocks).where(eq(unlocks.userId, id))).toEqual([]);
    // One pass at a time.
    expect((await b.post('/api/user/user-1/vip-pass')).statusCode).toBe(409);
    // A paid pass is managed at Stripe, not cancelled here.
    expect((await b.post('/api/user/user-1/vip-pass/cancel')).statusCode).toBe(409);

    // The renewal's payment fails: Stripe moves its period on, the pass keeps the end that was paid for.
    await stripe.renew(subscriptionId, { fail: true });
    expect(periodEndOf(subscriptionId)).not.toBe(paidEnd);
    expect((await passOf(b)).pass).toMatchObject({ status: 'past_due', currentPeriodEnd: paidEnd });
    expect(await plays(b)).toBe(true);

    // The paid week runs out: locked again, whatever Stripe's period says.
    await t.db.execute(sql`update passes set current_period_end = now() - interval '1 second' where user_id = ${id}`);
    expect(await plays(b)).toBe(false);
    expect((await passOf(b)).pass).toBeNull();

    // Stripe gives up on it: ended for good; a late, older event does not bring it back.
    const late = stripe.subscriptionEvent('invoice.paid', subscriptionId);
    await stripe.cancelSubscription(subscriptionId);
    const [row] = await passRows(id);
    expect(row).toMatchObject({ status: 'ended', subscriptionId, customerId: customer!.customerId });
    expect(row!.endedAt).not.toBeNull();
    expect((await webhook(late)).statusCode).toBe(200);
    expect(await plays(b)).toBe(false);
    expect(await t.db.select({ coins: users.coins }).from(users).where(eq(users.id, id))).toEqual([{ coins: 300 }]);

    // Bought again later: the same Stripe customer, a new pass.
    const again = await startCheckout(b);
    expect(again.customer).toBe(customer!.customerId);
    expect(await customerRows(id)).toHaveLength(1);
    await stripe.pay(again.id);
    expect(await plays(b)).toBe(true);
    expect(await passRows(id)).toHaveLength(2);
  });

  it('a cancelled subscription ends the pass at once (customer.subscription.deleted)', async () => {
    const b = await signedIn('vip-quitter');
    const session = await startCheckout(b);
    await stripe.pay(session.id);
    expect(await plays(b)).toBe(true);
    await stripe.cancelSubscription(stripe.sessions.get(session.id)!.subscription!);
    expect(await plays(b)).toBe(false);
    expect((await passOf(b)).pass).toBeNull();
  });

  it('the checkout event alone starts the pass, and a redelivered event does nothing', async () => {
    const b = await signedIn('vip-redelivered');
    const id = await b.viewerId();
    const session = await startCheckout(b);
    const completed = await stripe.pay(session.id, { deliver: false });
    expect(await plays(b)).toBe(false);
    expect((await webhook(completed)).statusCode).toBe(200);
    expect(await plays(b)).toBe(true);

    const subscriptionId = stripe.sessions.get(session.id)!.subscription!;
    const paidInvoice = stripe.subscriptionEvent('invoice.paid', subscriptionId);
    expect((await webhook(paidInvoice)).statusCode).toBe(200);
    const before = await eventCount();
    const [row] = await passRows(id);
    // Were a redelivery acted on, it would set the period end again from Stripe's subscription.
    await t.db.execute(sql`update passes set current_period_end = now() + interval '1 hour' where id = ${row!.id}`);
    const [moved] = await passRows(id);
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => webhook(i % 2 ? paidInvoice : completed)));
    expect(answers.map((reply) => reply.statusCode)).toEqual(Array(5).fill(200));
    expect(await passRows(id)).toEqual([moved]);
    expect(await eventCount()).toBe(before);
  });

  it('refuses an event with a bad signature and writes nothing', async () => {
    const b = await signedIn('vip-forger');
    const id = await b.viewerId();
    const session = await startCheckout(b);
    const completed = await stripe.pay(session.id, { deliver: false });
    const before = await eventCount();
    const tampered = await webhook({ ...completed, body: completed.body.replace('"complete"', '"complete" ') });
    expect(tampered.statusCode).toBe(400);
    const subscriptionId = stripe.sessions.get(session.id)!.subscription!;
    const created = stripe.subscriptionEvent('customer.subscription.updated', subscriptionId);
    // One hex digit of the signature changed (to another digit: a "0" made "0" would change nothing).
    const forged = created.signature.replace(/v1=([0-9a-f])/, (_, digit: string) => `v1=${digit === '0' ? '1' : '0'}`);
    expect(forged).not.toBe(created.signature);
    const wrong = await webhook({ ...created, signature: forged });
    expect(wrong.statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json' },
      payload: created.body,
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await passRows(id)).toEqual([]);
    expect(await eventCount()).toBe(before);
    expect(await plays(b)).toBe(false);
  });

  it('"Manage" opens the customer portal of the account, coming back to the profile', async () => {
    const b = await signedIn('vip-manager');
    const id = await b.viewerId();
    expect((await b.post('/api/user/user-1/vip-pass/manage')).statusCode).toBe(404);
    const session = await startCheckout(b);
    await stripe.pay(session.id);
    const reply = await b.post('/api/user/user-1/vip-pass/manage');
    expect(reply.statusCode, reply.body).toBe(200);
    const portal = stripe.portalSessions.at(-1)!;
    expect(reply.json()).toEqual({ url: portal.url });
    const [customer] = await customerRows(id);
    expect(portal).toMatchObject({ customer: customer!.customerId, return_url: `${TEST_PUBLIC_URL}/profile` });
  });

  it('ignores a subscription of a customer that is not ours', async () => {
    const before = await eventCount();
    const stranger = stripe.signedEvent('customer.subscription.updated', {
      id: 'sub_test_stranger',
      object: 'subscription',
      customer: 'cus_test_stranger',
      status: 'active',
      cancel_at_period_end: false,
      ended_at: null,
      items: { object: 'list', data: [{ id: 'si_1', current_period_end: Math.floor((Date.now() + DAY) / 1000) }] },
    });
    expect((await webhook(stranger)).statusCode).toBe(200);
    expect(await eventCount()).toBe(before);
    expect(await t.db.select().from(passes).where(eq(passes.subscriptionId, 'sub_test_stranger'))).toEqual([]);
  });
});
