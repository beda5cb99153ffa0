import { hash, randomBytes } from 'node:crypto';

/**
 * Signatures and random tokens made on every visitor's request (cookies, media tokens) without a native object per
 * call: createHmac and randomBytes each make one, and collecting them cost a page read that gives a new viewer
 * a third of its speed (measured with bench:api's /watch/{id}).
 */

/** SHA-256's block, in bytes. */
const BLOCK = 64;
/** Keys are few (one per purpose, from the shared secrets); a new signing key replaces them all past this. */
const KEPT_KEYS = 16;
const padsByKey = new Map<string, { inner: Uint8Array; outer: Uint8Array }>();

function padsOf(key: string) {
  let pads = padsByKey.get(key);
  if (!pads) {
    const bytes = Buffer.from(key);
    const block = Buffer.alloc(BLOCK);
    (bytes.length > BLOCK ? hash('sha256', bytes, 'buffer') : bytes).copy(block);
    pads = { inner: block.map((b) => b ^ 0x36), outer: block.map((b) => b ^ 0x5c) };
    if (padsByKey.size >= KEPT_KEYS) padsByKey.clear();
    padsByKey.set(key, pads);
  }
  return pads;
}

/** HMAC-SHA-256 (RFC 2104) of `content` under `key`, in base64url: the bytes createHmac gives, from two one-shot hashes. */
export function hmacSha256(key: string, content: string): string {
  const { inner, outer } = padsOf(key);
  const innerHash = hash('sha256', Buffer.concat([inner, Buffer.from(content)]), 'buffer');
  return hash('sha256', Buffer.concat([outer, innerHash]), 'base64url');
}

/** Random bytes are drawn 4 KB at a time; each byte is given once, and wiped from the pool as it is. */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let drawn = 0;

/** `bytes` random bytes in base64url (unguessable ids and secrets). */
export function randomToken(bytes: number): string {
  if (drawn + bytes > pool.length) {
    pool = randomBytes(Math.max(POOL_BYTES, bytes));
    drawn = 0;
  }
  const token = pool.toString('base64url', drawn, drawn + bytes);
  pool.fill(0, drawn, drawn + bytes);
  drawn += bytes;
  return token;
}
