import { createHmac, timingSafeEqual } from 'node:crypto';
import { hmacSha256 } from '../auth-kit/signatures.ts';

/**
 * Tokens that open one episode's media folder for a few minutes, carried in the path
 * (/media/~t/<token>/<folder>/<file>) so that the relative URLs inside HLS playlists keep them. A token is
 * `<expiry in base 36>.<folder depth>.<signature>`: the signature covers the folder (the key's first `depth`
 * parts) and the expiry, so checking one is a single HMAC and no database query.
 *
 * Expiries are rounded up to a window, so every viewer opening an episode within one window gets the same URL and a
 * CDN keeps one copy per episode and window rather than one per opening.
 */
export const MEDIA_TOKEN_PREFIX = '/media/~t/';

const TOKEN = /^([0-9a-z]{1,10})\.([1-9]|1[0-9])\.([A-Za-z0-9_-]{43})$/;

export interface MediaTokenKey {
  /** Secret shared by every instance (and any edge that checks tokens itself). */
  secret: string;
  /** A token lives at least this long. */
  lifetimeMs: number;
}

const signatureOf = (secret: string, folder: string, expiresAt: number) =>
  hmacSha256(secret, `media-folder:${folder}:${expiresAt}`);

/** Seconds since the epoch when a token made now expires: at least `lifetimeMs` away, rounded up to half of it. */
export function tokenExpiry(lifetimeMs: number, now = Date.now()): number {
  const window = Math.max(1, Math.floor(lifetimeMs / 2000));
  return Math.ceil((now + lifetimeMs) / 1000 / window) * window;
}

/**
 * The URL of `fileKey` opened by a token for `scope`: a folder the file is in (an HLS episode's folder, with its
 * renditions below it), or the file itself (an episode that is one MP4 file in a folder it shares).
 */
export function tokenMediaUrl(key: MediaTokenKey, scope: string, fileKey: string, now = Date.now()) {
  if (fileKey !== scope && !fileKey.startsWith(`${scope}/`)) throw new Error(`${fileKey} is not in ${scope}`);
  const expiresAt = tokenExpiry(key.lifetimeMs, now);
  const depth = scope.split('/').length;
  const token = `${expiresAt.toString(36)}.${depth}.${signatureOf(key.secret, scope, expiresAt)}`;
  return { url: `${MEDIA_TOKEN_PREFIX}${token}/${fileKey}`, expiresAt };
}

export type TokenCheck = { ok: true; expiresAt: number } | { ok: false; reason: 'invalid' | 'expired' };

/** Whether `token` opens `fileKey`: genuine, for the file or a folder it is in, and not expired. */
export function checkMediaToken(secret: string, token: string, fileKey: string, now = Date.now()): TokenCheck {
  const match = TOKEN.exec(token);
  if (!match) return { ok: false, reason: 'invalid' };
  const expiresAt = parseInt(match[1]!, 36);
  const depth = Number(match[2]);
  const parts = fileKey.split('/');
  if (parts.length < depth) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(signatureOf(secret, parts.slice(0, depth).join('/'), expiresAt));
  const given = Buffer.from(match[3]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  if (expiresAt * 1000 <= now) return { ok: false, reason: 'expired' };
  return { ok: true, expiresAt };
}

let derived: { from: string; secret: string } | undefined;

/** The key tokens are signed with, derived from a secret every instance already shares. */
export function mediaTokenSecret(sharedSecret: string): string {
  if (derived?.from !== sharedSecret) {
    derived = {
      from: sharedSecret,
      secret: createHmac('sha256', sharedSecret).update('media tokens').digest('base64url'),
    };
  }
  return derived.secret;
}
