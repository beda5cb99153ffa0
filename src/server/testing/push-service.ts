import { execFileSync } from 'node:child_process';
import { createECDH, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

/** One message a browser's push service received: when, its headers, and its payload decrypted with the browser's keys. */
export interface ReceivedPush {
  at: number;
  headers: Record<string, string | string[] | undefined>;
  /** The decrypted payload (RFC 8291 / RFC 8188 aes128gcm); empty when decryption is left for later. */
  payload: string;
  /** The encrypted body, kept when decryption is left for later (`decrypt: false`): `decryptLater` reads it. */
  body?: Buffer;
  /** The status the stand-in answered. */
  status: number;
}

/** A browser subscribed at the stand-in: what `PushSubscription.toJSON()` would give, and what it was sent. */
export interface StandInSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  received: ReceivedPush[];
  /** Statuses to answer the next posts with, in order (then 201); e.g. [500] or [410]. */
  answers: { status: number; headers?: Record<string, string> }[];
}

export interface PushStandIn {
  origin: string;
  /** The stand-in's self-signed certificate (PEM): the server under test must trust it. */
  certificate: string;
  /** Every post, by arrival. */
  all: ReceivedPush[];
  subscribe(): StandInSubscription;
  /** The payload of a message kept encrypted (`decrypt: false`), decrypted now with its subscription's keys. */
  decryptLater(subscription: StandInSubscription, message: ReceivedPush): string;
  /** A subscription whose browser keys are made once and reused (many subscribers, cheaply): they all share keys. */
  subscribeMany(count: number): StandInSubscription[];
  close(): Promise<void>;
}

let made: { key: string; cert: string } | null = null;

/** A self-signed certificate for 127.0.0.1 and localhost, made once per process with openssl. */
function certificate() {
  if (made) return made;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-push-cert-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  made = {
    key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'),
    cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
  };
  fs.rmSync(dir, { recursive: true, force: true });
  return made;
}

/** The browser's side of RFC 8291: the payload of an aes128gcm message to a subscription with these keys. */
export function decryptPush(body: Buffer, browser: { privateKey: Buffer; publicKey: Buffer; auth: Buffer }): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20]!;
  const senderKey = body.subarray(21, 21 + keyIdLength);
  const ciphertext = body.subarray(21 + keyIdLength);
  if (ciphertext.length > recordSize) throw new Error('more than one record: not what one alert makes');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(browser.privateKey);
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the last record has no padding delimiter');
  return padded.subarray(0, end).toString('utf8');
}

function browserKeys() {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  return { privateKey: ecdh.getPrivateKey(), publicKey, auth: randomBytes(16) };
}

/**
 * A push service as a browser's would be, on this machine (https, self-signed): each subscription has its own
 * endpoint and browser keys; what it is sent is decrypted with them, so a test reads the alert as the browser would.
 */
export async function startPushStandIn(options: { port?: number; decrypt?: boolean } = {}): Promise<PushStandIn> {
  const { key, cert } = certificate();
  const subscriptions = new Map<string, { subscription: StandInSubscription; keys: ReturnType<typeof browserKeys> }>();
  const all: ReceivedPush[] = [];
  const server = https.createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1];
      const found = id ? subscriptions.get(id) : undefined;
      if (request.method !== 'POST' || !found) {
        response.writeHead(404).end();
        return;
      }
      const answer = found.subscription.answers.shift() ?? { status: 201 };
      const body = Buffer.concat(chunks);
      let payload = '';
      if (options.decrypt !== false) {
        try {
          payload = decryptPush(body, found.keys);
        } catch (error) {
          payload = `undecryptable: ${(error as Error).message}`;
        }
      }
      const received: ReceivedPush = {
        at: Date.now(),
        headers: request.headers,
        payload,
        status: answer.status,
        ...(options.decrypt === false ? { body } : {}),
      };
      found.subscription.received.push(received);
      all.push(received);
      response.writeHead(answer.status, answer.headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const add = (keys: ReturnType<typeof browserKeys>) => {
    const id = randomBytes(12).toString('base64url');
    const subscription: StandInSubscription = {
      endpoint: `${origin}/push/${id}`,
      keys: { p256dh: keys.publicKey.toString('base64url'), auth: keys.auth.toString('base64url') },
      received: [],
      answers: [],
    };
    subscriptions.set(id, { subscription, keys });
    return subscription;
  };
  return {
    origin,
    certificate: cert,
    all,
    subscribe: () => add(browserKeys()),
    decryptLater(subscription, message) {
      const id = subscription.endpoint.slice(subscription.endpoint.lastIndexOf('/') + 1);
      return decryptPush(message.body!, subscriptions.get(id)!.keys);
    },
    subscribeMany(count) {
      const keys = browserKeys();
      return Array.from({ length: count }, () => add(keys));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
