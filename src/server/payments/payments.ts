/**
 * Taking money, behind one small adapter (DESIGN: outside services): routes and services call this, never a
 * provider's SDK. `preview` is what runs where no provider is configured: purchases are credited at once and
 * nothing is charged (SPEC's preview). `stripe` sells through Stripe Checkout, the hosted payment page.
 */
export type Payments = PreviewPayments | ProviderPayments;

export interface PreviewPayments {
  readonly kind: 'preview';
  readonly currency: string;
}

export interface ProviderPayments {
  readonly kind: 'stripe';
  readonly currency: string;
  /** A hosted payment page for this order; throws PaymentsUnavailable when the provider cannot be reached. */
  startCheckout(order: CheckoutOrder): Promise<CheckoutStarted>;
  /** What the provider knows of a checkout now (paid or not, the amount, the charge and its receipt). */
  readCheckout(sessionId: string): Promise<CheckoutState>;
  /** Asks for a refund of a payment (all of it without `amountMinor`); it counts once the provider's event says so. */
  refund(request: RefundRequest): Promise<{ refundId: string; status: string }>;
  /** The amount refunded so far of a charge, in minor units. */
  refundedSoFar(chargeId: string): Promise<number>;
  /** A customer of the provider for one account; the same key makes one, however often it is sent. */
  createCustomer(customer: { viewerId: string; idempotencyKey: string }): Promise<string>;
  /** The provider's customer portal for this customer (manage or cancel the subscription); its address. */
  openPortal(customerId: string, returnUrl: string): Promise<string>;
  /** A subscription as the provider sees it now. */
  readSubscription(subscriptionId: string): Promise<SubscriptionSnapshot>;
  /** An event the provider sent, its signature checked on the raw body; throws BadPaymentEvent otherwise. */
  readEvent(rawBody: Buffer, signature: string | undefined): PaymentEvent;
}

/** One coin package, paid now. */
export interface PaymentCheckoutOrder {
  mode: 'payment';
  /** Our purchase id: the session carries it back in every event. */
  reference: string;
  viewerId: string;
  item: { name: string; amountMinor: number; currency: string };
  successUrl: string;
  cancelUrl: string;
}

/** The weekly VIP pass: a subscription of the account's customer, renewed every week until cancelled. */
export interface SubscriptionCheckoutOrder {
  mode: 'subscription';
  /** Our id of this checkout (the session and the subscription carry it back, with the account's id). */
  reference: string;
  viewerId: string;
  customerId: string;
  item: { name: string; amountMinor: number; currency: string; interval: 'week' };
  successUrl: string;
  cancelUrl: string;
}

export type CheckoutOrder = PaymentCheckoutOrder | SubscriptionCheckoutOrder;

export interface CheckoutStarted {
  sessionId: string;
  url: string;
}

export interface CheckoutState {
  sessionId: string;
  /** Our purchase id, as the session carries it (client_reference_id, metadata.purchaseId). */
  reference: string | null;
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  amountMinor: number | null;
  currency: string | null;
  paymentIntentId: string | null;
  chargeId: string | null;
  receiptUrl: string | null;
}

export interface RefundRequest {
  paymentIntentId: string;
  amountMinor?: number;
  /** The same key asks once, however often it is sent. */
  idempotencyKey: string;
  reference: string;
}

/** The events the app acts on; every other type is `other` (answered 200, nothing done). */
export type PaymentEvent = { id: string; type: string } & (
  | { kind: 'checkout_paid' | 'checkout_expired' | 'checkout_failed'; checkout: CheckoutState }
  | {
      kind: 'refunded';
      paymentIntentId: string | null;
      chargeId: string;
      /** Refunded so far in all (minor units); null when the event tells only one refund's amount. */
      refundedMinor: number | null;
    }
  | { kind: 'disputed'; paymentIntentId: string | null; chargeId: string }
  /** A subscription checkout completed: the subscription is made (its state is read from the provider). */
  | { kind: 'subscription_checkout'; subscriptionId: string; customerId: string | null }
  /** A subscription as the event carries it (created, updated, deleted). */
  | { kind: 'subscription_changed'; subscription: SubscriptionSnapshot }
  /** An invoice of a subscription was paid or its payment failed (its state is read from the provider). */
  | { kind: 'subscription_invoice'; subscriptionId: string }
  | { kind: 'other' }
);

/** A subscription (the VIP pass), in the provider's words (Stripe's subscription statuses). */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string;
  status: 'active' | 'trialing' | 'past_due' | 'unpaid' | 'incomplete' | 'incomplete_expired' | 'paused' | 'canceled';
  /** The end of the period the subscription is in (paid or not: see the status). */
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

/** The provider could not be reached or failed on its side: the buyer may try again later. */
export class PaymentsUnavailable extends Error {
  constructor(cause: unknown) {
    super('Payments are unavailable', { cause });
    this.name = 'PaymentsUnavailable';
  }
}

/** A webhook delivery whose signature is missing, wrong or stale, or whose body is not an event. */
export class BadPaymentEvent extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BadPaymentEvent';
  }
}

// Shared with the dashboard, which shows these amounts.
export { minorUnits } from '#contract/purchases.ts';
