import dns from 'node:dns';
import https from 'node:https';
import type net from 'node:net';
import tls from 'node:tls';
import webpush from 'web-push';
import { isPublicAddress } from '../media/public-address.ts';

/** A browser's subscription, as its push service and its keys name it. */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** What became of one message: delivered, the subscription is gone (404/410), try again later, or given up. */
export type PushOutcome =
  | { kind: 'delivered' }
  | { kind: 'gone'; status: number }
  | { kind: 'retry'; status: number; afterMs?: number }
  | { kind: 'failed'; status?: number; reason: string };

export interface PushService {
  send(
    target: PushTarget,
    payload: string,
    options: { ttlSeconds: number; urgency: 'normal' | 'high' },
  ): Promise<PushOutcome>;
  close(): void;
}

export interface PushServiceOptions {
  vapid: VapidKeys;
  /** mailto: or https: address push services may contact. */
  subject: string;
  /** Tests' local push service only: otherwise every address a push host resolves to must be public. */
  allowPrivateEndpoints: boolean;
  trustedCertificate?: string;
  /** Connections kept open per push service. */
  maxSockets: number;
}

/** VAPID tokens are signed for 12 hours; one is reused per push service for 11. */
const VAPID_TOKEN_SECONDS = 12 * 3600;
const VAPID_REUSE_MS = 11 * 3600_000;
const SEND_TIMEOUT_MS = 15_000;

export function generateVapidKeys(): VapidKeys {
  return webpush.generateVAPIDKeys();
}

/**
 * The one adapter around `web-push` (RFC 8291 payload encryption, VAPID): posts a message to a browser's push
 * service. The addresses a push host resolves to are checked again here (not only when the browser subscribed),
 * so a name that later points inside our network is not posted to.
 */
export function openPushService(options: PushServiceOptions): PushService {
  const lookup: net.LookupFunction = (hostname, lookupOptions, callback) => {
    dns.lookup(hostname, { all: true, family: lookupOptions.family }, (error, found) => {
      if (error) return callback(error, '', 4);
      const refused = options.allowPrivateEndpoints
        ? undefined
        : found.find((entry) => !isPublicAddress(entry.address));
      if (refused) return callback(new Error(`${hostname} points to ${refused.address}, not a public address`), '', 4);
      if (lookupOptions.all) return (callback as unknown as (e: null, all: dns.LookupAddress[]) => void)(null, found);
      const [first] = found;
      if (!first) return callback(new Error(`${hostname} was not found`), '', 4);
      callback(null, first.address, first.family);
    });
  };
  const agent = new https.Agent({
    keepAlive: true,
    maxSockets: options.maxSockets,
    lookup,
    ...(options.trustedCertificate ? { ca: [...tls.rootCertificates, options.trustedCertificate] } : {}),
  });
  const vapidHeaders = new Map<string, { authorization: string; until: number }>();

  function authorizationFor(endpoint: string): string {
    const audience = new URL(endpoint).origin;
    const cached = vapidHeaders.get(audience);
    if (cached && cached.until > Date.now()) return cached.authorization;
    const headers = webpush.getVapidHeaders(
      audience,
      options.subject,
      options.vapid.publicKey,
      options.vapid.privateKey,
      'aes128gcm',
      Math.floor(Date.now() / 1000) + VAPID_TOKEN_SECONDS,
    );
    vapidHeaders.set(audience, { authorization: headers.Authorization, until: Date.now() + VAPID_REUSE_MS });
    return headers.Authorization;
  }

  return {
    async send(target, payload, sendOptions) {
      try {
        await webpush.sendNotification(target, payload, {
          headers: { Authorization: authorizationFor(target.endpoint) },
          TTL: sendOptions.ttlSeconds,
          urgency: sendOptions.urgency,
          contentEncoding: 'aes128gcm',
          timeout: SEND_TIMEOUT_MS,
          agent,
        });
        return { kind: 'delivered' };
      } catch (error) {
        return outcomeOf(error);
      }
    },
    close() {
      agent.destroy();
    },
  };
}

function outcomeOf(error: unknown): PushOutcome {
  if (!(error instanceof webpush.WebPushError)) {
    // No answer (refused connection, timeout, a host that is not public): worth another try only on a network error.
    const code = (error as NodeJS.ErrnoException)?.code;
    const reason = error instanceof Error ? error.message : String(error);
    return code && /^(ECONNRESET|ECONNREFUSED|ETIMEDOUT|EPIPE|EAI_AGAIN)$/.test(code)
      ? { kind: 'retry', status: 0 }
      : { kind: 'failed', reason };
  }
  const status = error.statusCode;
  if (status === 404 || status === 410) return { kind: 'gone', status };
  if (status === 429 || status >= 500)
    return { kind: 'retry', status, afterMs: retryAfterMs(error.headers['retry-after']) };
  return { kind: 'failed', status, reason: `${status} ${error.body || error.message}`.slice(0, 300) };
}

/** Retry-After as seconds or an HTTP date; nothing usable: undefined. */
export function retryAfterMs(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
