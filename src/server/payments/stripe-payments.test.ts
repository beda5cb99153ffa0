import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startStripeStandIn, type StripeStandIn } from '../testing/stripe-server.ts';
import { stripePayments } from './stripe-payments.ts';
import type { CheckoutOrder, ProviderPayments } from './payments.ts';

let stripe: StripeStandIn;
let payments: ProviderPayments;
beforeAll(async () => {
  stripe = await startStripeStandIn();
  payments = stripePayments({
    secretKey: 'sk_test_stand_in',
    webhookSecret: stripe.webhookSecret,
    currency: 'usd',
    apiBase: stripe.apiBase,
  });
});
afterAll(() => stripe.close());

const order = (reference: string): CheckoutOrder => ({
  mode: 'payment',
  reference,
  viewerId: 'viewer-1',
  item: { name: '1150 coins', amountMinor: 999, currency: 'usd' },
  successUrl: `http://localhost/rewards?purchase=${reference}`,
  cancelUrl: `http://localhost/rewards?purchase=${reference}&cancelled=1`,
});

describe('calls that make something at Stripe carry an Idempotency-Key of our own id', () => {
  it('a retried Checkout Session for one purchase is the same session, not a second one', async () => {
    const reference = randomUUID();
    const sessionsBefore = stripe.sessions.size;
    const first = await payments.startCheckout(order(reference));
    const retried = await payments.startCheckout(order(reference));
    expect(retried).toEqual(first);
    expect(stripe.sessions.size).toBe(sessionsBefore + 1);
    expect(stripe.idempotencyKeys.filter((sent) => sent.key === `checkout-${reference}`)).toEqual([
      { path: '/v1/checkout/sessions', key: `checkout-${reference}`, replayed: false },
      { path: '/v1/checkout/sessions', key: `checkout-${reference}`, replayed: true },
    ]);
    // Another purchase is another session.
    expect((await payments.startCheckout(order(randomUUID()))).sessionId).not.toBe(first.sessionId);
  });

  it('a retried refund with the same key answers the first refund and refunds once', async () => {
    const started = await payments.startCheckout(order(randomUUID()));
    await stripe.pay(started.sessionId, { deliver: false });
    const paymentIntentId = stripe.sessions.get(started.sessionId)!.payment_intent!;
    const request = { paymentIntentId, amountMinor: 300, idempotencyKey: `refund-${randomUUID()}`, reference: 'p' };
    const first = await payments.refund(request);
    const retried = await payments.refund(request);
    expect(retried).toEqual(first);
    expect(stripe.refunds.filter((made) => made.payment_intent === paymentIntentId)).toHaveLength(1);
    const charge = [...stripe.charges.values()].find((made) => made.payment_intent === paymentIntentId)!;
    expect(await payments.refundedSoFar(charge.id)).toBe(300);
  });
});
