import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the part of Stripe's API the app uses (Checkout Sessions in payment and subscription mode,
 * customers, subscriptions, the customer portal, refunds, charges), with a payment page a browser can pay on, and
 * events signed as Stripe signs them. Nothing here reaches the network.
 */
export interface StripeStandIn {
  /** STRIPE_API_BASE for the app. */
  apiBase: string;
  webhookSecret: string;
  sessions: Map<string, StandInSession>;
  charges: Map<string, StandInCharge>;
  /** Every refund made, in order (a repeated Idempotency-Key makes none). */
  refunds: StandInRefund[];
  /** The Idempotency-Key of every API call that sent one, in order: a retried call sends its key again. */
  idempotencyKeys: { path: string; key: string; replayed: boolean }[];
  customers: Map<string, StandInCustomer>;
  subscriptions: Map<string, StandInSubscription>;
  /** Every customer portal session made, in order. */
  portalSessions: StandInPortalSession[];
  /**
   * Pays a session as a buyer on the payment page would; sends checkout.session.completed unless told not to (a
   * subscription's first: customer.subscription.created, invoice.paid, customer.subscription.updated) and answers it.
   */
  pay(sessionId: string, options?: { deliver?: boolean }): Promise<SignedEvent>;
  /**
   * The subscription's next week: its period moves on a week and its invoice is paid (invoice.paid) or its payment
   * fails (past_due, invoice.payment_failed), then customer.subscription.updated; answers the events it sent.
   */
  renew(subscriptionId: string, options?: { fail?: boolean; deliver?: boolean }): Promise<SignedEvent[]>;
  /** Cancels the subscription now, as the customer portal does; sends customer.subscription.deleted. */
  cancelSubscription(subscriptionId: string, options?: { deliver?: boolean }): Promise<SignedEvent>;
  /** A signed event of this type about the subscription as it is now, or about its latest invoice (not sent). */
  subscriptionEvent(type: string, subscriptionId: string): SignedEvent;
  /** A signed event of this type about this object, as Stripe would send it (not sent). */
  signedEvent(type: string, object: object, options?: { id?: string; timestamp?: number }): SignedEvent;
  /** Sends a signed event to the app's webhook; answers its status. */
  deliver(event: SignedEvent): Promise<number>;
  /** A dispute of a paid session's charge, sent as charge.dispute.created. */
  dispute(sessionId: string): Promise<SignedEvent>;
  /** Answers every API call after this many milliseconds (0: at once). */
  delayMs: number;
  close(): Promise<void>;
}

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  payment_intent: string | null;
  customer: string | null;
  subscription: string | null;
  /** A subscription session's weekly price, and the metadata its subscription gets. */
  recurring: { interval: string } | null;
  subscription_metadata: Record<string, string>;
  created: number;
}

export interface StandInCustomer {
  id: string;
  object: 'customer';
  metadata: Record<string, string>;
  created: number;
}

export interface StandInSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'incomplete' | 'active' | 'past_due' | 'canceled';
  cancel_at_period_end: boolean;
  ended_at: number | null;
  metadata: Record<string, string>;
  latest_invoice: string;
  items: {
    object: 'list';
    data: {
      id: string;
      object: 'subscription_item';
      current_period_start: number;
      current_period_end: number;
      price: { currency: string; unit_amount: number; recurring: { interval: string; interval_count: 1 } };
      quantity: 1;
    }[];
  };
  created: number;
}

export interface StandInInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'open' | 'paid';
  amount_due: number;
  amount_paid: number;
  currency: string;
  parent: { type: 'subscription_details'; subscription_details: { subscription: string; metadata: null } };
}

export interface StandInPortalSession {
  id: string;
  object: 'billing_portal.session';
  customer: string;
  return_url: string;
  url: string;
}

export interface StandInCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  refunded: boolean;
  currency: string;
  payment_intent: string;
  receipt_url: string;
  paid: boolean;
  status: 'succeeded';
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  payment_intent: string;
  status: 'succeeded';
  currency: string;
  metadata: Record<string, string>;
}

export interface SignedEvent {
  id: string;
  body: string;
  signature: string;
}

export interface StandInOptions {
  webhookSecret?: string;
  /** Where events go: a function (an app under inject) or the app's webhook address. */
  deliverTo?: ((event: SignedEvent) => Promise<number>) | string;
  port?: number;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

export async function startStripeStandIn(options: StandInOptions = {}): Promise<StripeStandIn> {
  const webhookSecret = options.webhookSecret ?? `whsec_${randomBytes(16).toString('hex')}`;
  const sessions = new Map<string, StandInSession>();
  const charges = new Map<string, StandInCharge>();
  const intents = new Map<string, { id: string; object: 'payment_intent'; latest_charge: string }>();
  const refunds: StandInRefund[] = [];
  const customers = new Map<string, StandInCustomer>();
  const subscriptions = new Map<string, StandInSubscription>();
  const invoices = new Map<string, StandInInvoice>();
  const portalSessions: StandInPortalSession[] = [];
  // As Stripe does: a key seen before answers the first call's object again, and makes nothing.
  const byIdempotencyKey = new Map<string, unknown>();
  const idempotencyKeys: StripeStandIn['idempotencyKeys'] = [];
  let apiBase = '';

  const signedEvent = (type: string, object: object, opts: { id?: string; timestamp?: number } = {}) => {
    const event = {
      id: opts.id ?? id('evt'),
      object: 'event',
      api_version: '2025-08-27.basil',
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    };
    const body = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: webhookSecret,
      ...(opts.timestamp === undefined ? {} : { timestamp: opts.timestamp }),
    });
    return { id: event.id, body, signature };
  };

  const deliver = async (event: SignedEvent): Promise<number> => {
    const target = options.deliverTo;
    if (typeof target === 'function') return target(event);
    if (typeof target === 'string') {
      const response = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
        body: event.body,
      });
      return response.status;
    }
    return 0;
  };

  const invoiceOf = (subscription: StandInSubscription, paid: boolean): StandInInvoice => {
    const price = subscription.items.data[0]!.price;
    const invoice: StandInInvoice = {
      id: id('in'),
      object: 'invoice',
      customer: subscription.customer,
      status: paid ? 'paid' : 'open',
      amount_due: price.unit_amount,
      amount_paid: paid ? price.unit_amount : 0,
      currency: price.currency,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: null },
      },
    };
    invoices.set(invoice.id, invoice);
    subscription.latest_invoice = invoice.id;
    return invoice;
  };

  const subscriptionEvent = (type: string, subscriptionId: string) => {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`No subscription ${subscriptionId}`);
    const object = type.startsWith('invoice.') ? invoices.get(subscription.latest_invoice)! : subscription;
    return signedEvent(type, structuredClone(object));
  };

  const sendAll = async (events: SignedEvent[], send: boolean) => {
    if (send) for (const event of events) await deliver(event);
    return events;
  };

  /** A subscription session paid: its subscription starts (incomplete, then active once its first invoice is paid). */
  const startSubscription = (session: StandInSession): SignedEvent[] => {
    const now = Math.floor(Date.now() / 1000);
    const subscription: StandInSubscription = {
      id: id('sub'),
      object: 'subscription',
      customer: session.customer!,
      status: 'incomplete',
      cancel_at_period_end: false,
      ended_at: null,
      metadata: session.subscription_metadata,
      latest_invoice: '',
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            current_period_start: now,
            current_period_end: now + 7 * 86_400,
            price: {
              currency: session.currency,
              unit_amount: session.amount_total,
              recurring: { interval: session.recurring!.interval, interval_count: 1 },
            },
            quantity: 1,
          },
        ],
      },
      created: now,
    };
    subscriptions.set(subscription.id, subscription);
    const created = subscriptionEvent('customer.subscription.created', subscription.id);
    invoiceOf(subscription, true);
    subscription.status = 'active';
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
    return [
      created,
      subscriptionEvent('invoice.paid', subscription.id),
      subscriptionEvent('customer.subscription.updated', subscription.id),
    ];
  };

  const renew = async (subscriptionId: string, opts: { fail?: boolean; deliver?: boolean } = {}) => {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`No subscription ${subscriptionId}`);
    const item = subscription.items.data[0]!;
    item.current_period_start = item.current_period_end;
    item.current_period_end += 7 * 86_400;
    invoiceOf(subscription, !opts.fail);
    subscription.status = opts.fail ? 'past_due' : 'active';
    return sendAll(
      [
        subscriptionEvent(opts.fail ? 'invoice.payment_failed' : 'invoice.paid', subscriptionId),
        subscriptionEvent('customer.subscription.updated', subscriptionId),
      ],
      opts.deliver !== false,
    );
  };

  const cancelSubscription = async (subscriptionId: string, opts: { deliver?: boolean } = {}) => {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`No subscription ${subscriptionId}`);
    Object.assign(subscription, { status: 'canceled', ended_at: Math.floor(Date.now() / 1000) });
    const [event] = await sendAll(
      [subscriptionEvent('customer.subscription.deleted', subscriptionId)],
      opts.deliver !== false,
    );
    return event!;
  };

  const pay = async (sessionId: string, opts: { deliver?: boolean } = {}) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No session ${sessionId}`);
    if (session.mode === 'subscription') {
      const first = session.subscription ? [] : startSubscription(session);
      await sendAll(first, opts.deliver !== false);
      const completed = signedEvent('checkout.session.completed', { ...session });
      await sendAll([completed], opts.deliver !== false);
      return completed;
    }
    if (session.payment_status !== 'paid') {
      const chargeId = id('ch');
      const intentId = id('pi');
      charges.set(chargeId, {
        id: chargeId,
        object: 'charge',
        amount: session.amount_total,
        amount_refunded: 0,
        refunded: false,
        currency: session.currency,
        payment_intent: intentId,
        receipt_url: `${apiBase}/receipts/${chargeId}`,
        paid: true,
        status: 'succeeded',
      });
      intents.set(intentId, { id: intentId, object: 'payment_intent', latest_charge: chargeId });
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intentId });
    }
    const event = signedEvent('checkout.session.completed', { ...session });
    if (opts.deliver !== false) await deliver(event);
    return event;
  };

  const chargeOfSession = (sessionId: string) => {
    const intent = sessions.get(sessionId)?.payment_intent;
    return intent ? charges.get(intents.get(intent)!.latest_charge) : undefined;
  };

  const refund = (form: URLSearchParams, key: string | undefined) => {
    if (key && byIdempotencyKey.has(key)) return { status: 200, body: byIdempotencyKey.get(key) };
    const intent = intents.get(form.get('payment_intent') ?? '');
    const charge = intent && charges.get(intent.latest_charge);
    if (!charge) return stripeError(404, 'No such payment_intent');
    const amount = form.has('amount') ? Number(form.get('amount')) : charge.amount - charge.amount_refunded;
    if (!(amount > 0) || amount > charge.amount - charge.amount_refunded) {
      return stripeError(400, `Refund amount (${amount}) is greater than unrefunded amount on charge`);
    }
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const made: StandInRefund = {
      id: id('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      status: 'succeeded',
      currency: charge.currency,
      metadata: metadataOf(form),
    };
    refunds.push(made);
    if (key) byIdempotencyKey.set(key, made);
    // As Stripe does: the charge's event, then the refund's, a moment after the answer.
    setTimeout(() => {
      void deliver(signedEvent('charge.refunded', { ...charge }))
        .then(() => deliver(signedEvent('refund.updated', { ...made })))
        .catch(() => {});
    }, 20);
    return { status: 200, body: made };
  };

  const createSession = (form: URLSearchParams, key: string | undefined) => {
    if (key && byIdempotencyKey.has(key)) return { status: 200, body: byIdempotencyKey.get(key) };
    const unitAmount = Number(form.get('line_items[0][price_data][unit_amount]'));
    const quantity = Number(form.get('line_items[0][quantity]') ?? 1);
    const currency = form.get('line_items[0][price_data][currency]');
    const success = form.get('success_url');
    const cancel = form.get('cancel_url');
    if (!Number.isInteger(unitAmount) || !currency || !success || !cancel) {
      return stripeError(400, 'Missing required param: line_items, success_url or cancel_url.');
    }
    const mode = form.get('mode') ?? 'payment';
    const customer = form.get('customer');
    const interval = form.get('line_items[0][price_data][recurring][interval]');
    if (mode === 'subscription' && (!interval || !customer || !customers.has(customer))) {
      return stripeError(400, 'A subscription session needs a recurring price and an existing customer.');
    }
    const sessionId = id('cs');
    const session: StandInSession = {
      id: sessionId,
      object: 'checkout.session',
      mode,
      url: `${apiBase}/pay/${sessionId}`,
      status: 'open',
      payment_status: 'unpaid',
      amount_total: unitAmount * quantity,
      currency,
      client_reference_id: form.get('client_reference_id'),
      metadata: metadataOf(form),
      success_url: success,
      cancel_url: cancel,
      payment_intent: null,
      customer,
      subscription: null,
      recurring: interval ? { interval } : null,
      subscription_metadata: metadataOf(form, 'subscription_data[metadata]'),
      created: Math.floor(Date.now() / 1000),
    };
    sessions.set(sessionId, session);
    if (key) byIdempotencyKey.set(key, session);
    return { status: 200, body: session };
  };

  const createCustomer = (form: URLSearchParams, key: string | undefined) => {
    if (key && byIdempotencyKey.has(key)) return { status: 200, body: byIdempotencyKey.get(key) };
    const customer: StandInCustomer = {
      id: id('cus'),
      object: 'customer',
      metadata: metadataOf(form),
      created: Math.floor(Date.now() / 1000),
    };
    customers.set(customer.id, customer);
    if (key) byIdempotencyKey.set(key, customer);
    return { status: 200, body: customer };
  };

  const createPortal = (form: URLSearchParams) => {
    const customer = form.get('customer');
    const returnUrl = form.get('return_url');
    if (!customer || !customers.has(customer)) return stripeError(400, `No such customer: '${customer}'`);
    const portalId = id('bps');
    const portal: StandInPortalSession = {
      id: portalId,
      object: 'billing_portal.session',
      customer,
      return_url: returnUrl ?? '',
      url: `${apiBase}/portal/${portalId}`,
    };
    portalSessions.push(portal);
    return { status: 200, body: portal };
  };

  const readSession = (sessionId: string, expand: string[]) => {
    const session = sessions.get(sessionId);
    if (!session) return stripeError(404, `No such checkout.session: '${sessionId}'`);
    if (!session.payment_intent || !expand.some((path) => path.startsWith('payment_intent'))) {
      return { status: 200, body: session };
    }
    const intent = intents.get(session.payment_intent)!;
    const latest = expand.includes('payment_intent.latest_charge')
      ? charges.get(intent.latest_charge)
      : intent.latest_charge;
    return { status: 200, body: { ...session, payment_intent: { ...intent, latest_charge: latest } } };
  };

  const api = (method: string, url: URL, form: URLSearchParams, key: string | undefined) => {
    const path = url.pathname;
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(form, key);
    const session = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && session) {
      const expand = [...url.searchParams].filter(([name]) => name.startsWith('expand[')).map(([, value]) => value);
      return readSession(session[1]!, expand);
    }
    if (method === 'POST' && path === '/v1/refunds') return refund(form, key);
    if (method === 'POST' && path === '/v1/customers') return createCustomer(form, key);
    if (method === 'POST' && path === '/v1/billing_portal/sessions') return createPortal(form);
    const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (method === 'GET' && subscription) {
      const found = subscriptions.get(subscription[1]!);
      return found ? { status: 200, body: found } : stripeError(404, `No such subscription: '${subscription[1]}'`);
    }
    const charge = /^\/v1\/charges\/([^/]+)$/.exec(path);
    if (method === 'GET' && charge) {
      const found = charges.get(charge[1]!);
      return found ? { status: 200, body: found } : stripeError(404, `No such charge: '${charge[1]}'`);
    }
    return stripeError(404, `Unrecognized request URL (${method}: ${path})`);
  };

  const standIn: StripeStandIn = {
    get apiBase() {
      return apiBase;
    },
    webhookSecret,
    sessions,
    charges,
    refunds,
    customers,
    subscriptions,
    portalSessions,
    idempotencyKeys,
    pay,
    renew,
    cancelSubscription,
    subscriptionEvent,
    signedEvent,
    deliver,
    async dispute(sessionId) {
      const charge = chargeOfSession(sessionId);
      if (!charge) throw new Error(`Session ${sessionId} is not paid`);
      const event = signedEvent('charge.dispute.created', {
        id: id('dp'),
        object: 'dispute',
        amount: charge.amount,
        charge: charge.id,
        payment_intent: charge.payment_intent,
        currency: charge.currency,
        status: 'needs_response',
      });
      await deliver(event);
      return event;
    },
    delayMs: 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', apiBase);
      const form = new URLSearchParams(Buffer.concat(chunks).toString());
      void answer(url, form).catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      });
    });
    const answer = async (url: URL, form: URLSearchParams) => {
      const payPage = /^\/pay\/([^/]+)$/.exec(url.pathname);
      if (payPage) {
        const session = sessions.get(payPage[1]!);
        if (!session) return void response.writeHead(404).end('No such session');
        if (request.method === 'POST') {
          await pay(session.id);
          return void response.writeHead(303, { location: session.success_url }).end();
        }
        return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(payPageOf(session));
      }
      const portalPage = /^\/portal\/([^/]+)$/.exec(url.pathname);
      if (portalPage) {
        const portal = portalSessions.find((made) => made.id === portalPage[1]);
        if (!portal) return void response.writeHead(404).end('No such portal session');
        const live = [...subscriptions.values()].filter(
          (made) => made.customer === portal.customer && made.status !== 'canceled',
        );
        if (request.method === 'POST') {
          for (const made of live) await cancelSubscription(made.id);
          return void response.writeHead(303, { location: portal.return_url }).end();
        }
        return void response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(portalPageOf(portal));
      }
      if (url.pathname.startsWith('/receipts/')) {
        return void response.writeHead(200, { 'content-type': 'text/plain' }).end('Receipt (test mode)');
      }
      if (standIn.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, standIn.delayMs));
      const header = request.headers['idempotency-key'];
      const key = typeof header === 'string' ? header : undefined;
      const replayed = key !== undefined && byIdempotencyKey.has(key);
      if (key) idempotencyKeys.push({ path: url.pathname, key, replayed });
      const reply = api(request.method ?? 'GET', url, form, key);
      response.writeHead(reply.status, {
        'content-type': 'application/json',
        'request-id': id('req'),
        ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      response.end(JSON.stringify(reply.body));
    };
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return standIn;
}

function metadataOf(form: URLSearchParams, prefix = 'metadata'): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [name, value] of form) {
    if (!name.startsWith(`${prefix}[`) || !name.endsWith(']')) continue;
    const key = name.slice(prefix.length + 1, -1);
    if (!key.includes('[')) metadata[key] = value;
  }
  return metadata;
}

function stripeError(status: number, message: string) {
  return { status, body: { error: { type: 'invalid_request_error', message } } };
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function payPageOf(session: StandInSession): string {
  const amount = `${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test payment</title></head><body>
<h1>Test payment</h1><p>Pay <strong data-testid="amount">${escape(amount)}</strong> (test mode: no money moves).</p>
<form method="post" action="/pay/${escape(session.id)}"><button type="submit">Pay ${escape(amount)}</button></form>
<p><a href="${escape(session.cancel_url)}">Cancel</a></p></body></html>`;
}

function portalPageOf(portal: StandInPortalSession): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Customer portal</title></head><body>
<h1>Customer portal (test mode)</h1>
<form method="post" action="/portal/${escape(portal.id)}"><button type="submit">Cancel subscription</button></form>
<p><a href="${escape(portal.return_url)}">Return</a></p></body></html>`;
}
