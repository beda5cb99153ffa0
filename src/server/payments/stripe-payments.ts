import Stripe from 'stripe';
import {
  BadPaymentEvent,
  PaymentsUnavailable,
  type CheckoutOrder,
  type CheckoutState,
  type PaymentEvent,
  type ProviderPayments,
  type SubscriptionSnapshot,
} from './payments.ts';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  currency: string;
  /** Another address for Stripe's API (a local stand-in in tests). */
  apiBase?: string;
}

/** How long one call to Stripe may take before the buyer is told to try again. */
const TIMEOUT_MS = 10_000;

/** Stripe Checkout through the official SDK: the only file of the app that knows Stripe's objects. */
export function stripePayments(settings: StripeSettings): ProviderPayments {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 1,
    timeout: TIMEOUT_MS,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? '443' : '80'),
          protocol: base.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });

  const call = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (
        error instanceof Stripe.errors.StripeConnectionError ||
        error instanceof Stripe.errors.StripeAPIError ||
        error instanceof Stripe.errors.StripeRateLimitError ||
        error instanceof Stripe.errors.StripeAuthenticationError
      ) {
        throw new PaymentsUnavailable(error);
      }
      throw error;
    }
  };

  return {
    kind: 'stripe',
    currency: settings.currency,
    async startCheckout(order) {
      const session = await call(() =>
        stripe.checkout.sessions.create(sessionParams(order), { idempotencyKey: `checkout-${order.reference}` }),
      );
      if (!session.url) throw new PaymentsUnavailable(new Error('Stripe gave the session no address'));
      return { sessionId: session.id, url: session.url };
    },
    async createCustomer(customer) {
      const made = await call(() =>
        stripe.customers.create(
          { metadata: { viewerId: customer.viewerId } },
          { idempotencyKey: customer.idempotencyKey },
        ),
      );
      return made.id;
    },
    async openPortal(customerId, returnUrl) {
      const portal = await call(() =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return portal.url;
    },
    async readSubscription(subscriptionId) {
      return subscriptionOf(await call(() => stripe.subscriptions.retrieve(subscriptionId)));
    },
    async readCheckout(sessionId) {
      const session = await call(() =>
        stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent.latest_charge'] }),
      );
      return checkoutOf(session);
    },
    async refund(request) {
      const refund = await call(() =>
        stripe.refunds.create(
          {
            payment_intent: request.paymentIntentId,
            ...(request.amountMinor === undefined ? {} : { amount: request.amountMinor }),
            metadata: { purchaseId: request.reference },
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return { refundId: refund.id, status: refund.status ?? 'pending' };
    },
    async refundedSoFar(chargeId) {
      const charge = await call(() => stripe.charges.retrieve(chargeId));
      return charge.amount_refunded;
    },
    readEvent(rawBody, signature) {
      if (!signature) throw new BadPaymentEvent('The Stripe-Signature header is missing.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (error) {
        throw new BadPaymentEvent(error instanceof Error ? error.message : 'The signature does not match.');
      }
      return eventOf(event);
    },
  };
}

function sessionParams(order: CheckoutOrder): Stripe.Checkout.SessionCreateParams {
  const common = {
    client_reference_id: order.reference,
    success_url: order.successUrl,
    cancel_url: order.cancelUrl,
  };
  if (order.mode === 'payment') {
    return {
      ...common,
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: order.item.currency,
            unit_amount: order.item.amountMinor,
            product_data: { name: order.item.name },
          },
        },
      ],
      metadata: { purchaseId: order.reference, viewerId: order.viewerId },
      payment_intent_data: { metadata: { purchaseId: order.reference } },
    };
  }
  const metadata = { vipCheckoutId: order.reference, viewerId: order.viewerId };
  return {
    ...common,
    mode: 'subscription',
    customer: order.customerId,
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: order.item.currency,
          unit_amount: order.item.amountMinor,
          recurring: { interval: order.item.interval },
          product_data: { name: order.item.name },
        },
      },
    ],
    metadata,
    subscription_data: { metadata },
  };
}

/** Since Stripe's 2025 API the period is on each item of the subscription (one item here: the weekly pass). */
function subscriptionOf(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const ends = subscription.items.data.map((item) => item.current_period_end);
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer)!,
    status: subscription.status,
    currentPeriodEnd: new Date((ends.length > 0 ? Math.max(...ends) : (subscription.ended_at ?? 0)) * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

/** The subscription an invoice bills, if it bills one. */
function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription);
}

const idOf = (value: string | { id: string } | null | undefined) =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

function checkoutOf(session: Stripe.Checkout.Session): CheckoutState {
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
  const charge = intent && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  return {
    sessionId: session.id,
    reference: session.metadata?.purchaseId ?? session.client_reference_id ?? null,
    status: session.status ?? 'open',
    paid: session.payment_status === 'paid',
    amountMinor: session.amount_total,
    currency: session.currency,
    paymentIntentId: idOf(session.payment_intent),
    chargeId: charge?.id ?? (intent ? idOf(intent.latest_charge) : null),
    receiptUrl: charge?.receipt_url ?? null,
  };
}

function eventOf(event: Stripe.Event): PaymentEvent {
  const base = { id: event.id, type: event.type };
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode === 'subscription') {
        const subscriptionId = idOf(session.subscription);
        return subscriptionId
          ? { ...base, kind: 'subscription_checkout', subscriptionId, customerId: idOf(session.customer) }
          : { ...base, kind: 'other' };
      }
      const checkout = checkoutOf(event.data.object);
      // Paid later (a bank debit): async_payment_succeeded or _failed says how it ended.
      return checkout.paid ? { ...base, kind: 'checkout_paid', checkout } : { ...base, kind: 'other' };
    }
    case 'checkout.session.async_payment_succeeded':
      return { ...base, kind: 'checkout_paid', checkout: { ...checkoutOf(event.data.object), paid: true } };
    case 'checkout.session.async_payment_failed':
      return { ...base, kind: 'checkout_failed', checkout: checkoutOf(event.data.object) };
    case 'checkout.session.expired':
      return { ...base, kind: 'checkout_expired', checkout: checkoutOf(event.data.object) };
    case 'charge.refunded': {
      const charge = event.data.object;
      return {
        ...base,
        kind: 'refunded',
        chargeId: charge.id,
        paymentIntentId: idOf(charge.payment_intent),
        refundedMinor: charge.amount_refunded,
      };
    }
    case 'refund.updated': {
      const refund = event.data.object;
      const chargeId = idOf(refund.charge);
      if (refund.status !== 'succeeded' || !chargeId) return { ...base, kind: 'other' };
      return { ...base, kind: 'refunded', chargeId, paymentIntentId: idOf(refund.payment_intent), refundedMinor: null };
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      return {
        ...base,
        kind: 'disputed',
        chargeId: idOf(dispute.charge)!,
        paymentIntentId: idOf(dispute.payment_intent),
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { ...base, kind: 'subscription_changed', subscription: subscriptionOf(event.data.object) };
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const subscriptionId = subscriptionOfInvoice(event.data.object);
      return subscriptionId ? { ...base, kind: 'subscription_invoice', subscriptionId } : { ...base, kind: 'other' };
    }
    default:
      return { ...base, kind: 'other' };
  }
}
