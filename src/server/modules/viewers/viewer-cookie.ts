import { timingSafeEqual } from 'node:crypto';
import { hmacSha256, randomToken } from '../../auth-kit/signatures.ts';

/**
 * What a signed viewer cookie says: who this browser's viewer is, and when the cookie was written. A signed-in
 * browser's cookie also carries its session's token, which must still name a live session to count.
 */
export interface ViewerPass {
  viewerId: string;
  /** Seconds since the epoch. */
  issuedAt: number;
  session?: string;
}

const VERSION = 'w1';
const SESSION_VERSION = 's1';
const SESSION_TOKEN = /^[A-Za-z0-9_-]{27}$/;
/** `v` and 20 random bytes: unguessable, and only characters a user id may hold. */
const VIEWER_ID = /^v[A-Za-z0-9_-]{27}$/;

const sign = hmacSha256;

export function newViewerId(): string {
  return `v${randomToken(20)}`;
}

/** A session's secret: 20 random bytes, kept by the browser; the database keeps its hash. */
export function newSessionToken(): string {
  return randomToken(20);
}

export const isViewerId = (id: string) => VIEWER_ID.test(id);

/** The key viewer cookies are signed with, derived from a shared secret so that every instance agrees on it. */
export function viewerCookieKey(sharedSecret: string): string {
  return sign(sharedSecret, 'viewer cookies');
}

export function writeViewerCookie(key: string, pass: ViewerPass): string {
  const content =
    pass.session === undefined
      ? [VERSION, pass.viewerId, pass.issuedAt].join('.')
      : [SESSION_VERSION, pass.viewerId, pass.session, pass.issuedAt].join('.');
  return `${content}.${sign(key, content)}`;
}

/** The pass a cookie carries when its signature is ours; null for anything forged, altered or malformed. */
export function readViewerCookie(key: string, cookie: string | undefined): ViewerPass | null {
  if (!cookie || cookie.length > 160) return null;
  const parts = cookie.split('.');
  const withSession = parts[0] === SESSION_VERSION;
  if (parts.length !== (withSession ? 5 : 4) || (!withSession && parts[0] !== VERSION)) return null;
  const viewerId = parts[1]!;
  const session = withSession ? parts[2]! : undefined;
  const issuedAt = parts.at(-2)!;
  const signature = parts.at(-1)!;
  if (!isViewerId(viewerId) || !/^\d{1,12}$/.test(issuedAt)) return null;
  if (session !== undefined && !SESSION_TOKEN.test(session)) return null;
  const expected = Buffer.from(sign(key, parts.slice(0, -1).join('.')));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return session === undefined
    ? { viewerId, issuedAt: Number(issuedAt) }
    : { viewerId, issuedAt: Number(issuedAt), session };
}
