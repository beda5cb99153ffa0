import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for the part of Stripe's API the app uses (Checkout Sessions, refunds, charges), with a payment
 * page a browser can pay on, and events signed as Stripe signs them. Nothing here reaches the network.
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
  /** Pays a session as a buyer on the payment page would; sends checkout.session.completed unless told not to. */
  pay(sessionId: string, options?: { deliver?: boolean }): Promise<SignedEvent>;
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
  created: number;
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

  const pay = async (sessionId: string, opts: { deliver?: boolean } = {}) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No session ${sessionId}`);
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
    const sessionId = id('cs');
    const session: StandInSession = {
      id: sessionId,
      object: 'checkout.session',
      mode: form.get('mode') ?? 'payment',
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
      created: Math.floor(Date.now() / 1000),
    };
    sessions.set(sessionId, session);
    if (key) byIdempotencyKey.set(key, session);
    return { status: 200, body: session };
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
    idempotencyKeys,
    pay,
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

function metadataOf(form: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [name, value] of form) {
    const match = /^metadata\[([^\]]+)\]$/.exec(name);
    if (match) metadata[match[1]!] = value;
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
