import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What a signed viewer cookie says: who this browser's viewer is, and when the cookie was written. */
export interface ViewerPass {
  viewerId: string;
  /** Seconds since the epoch. */
  issuedAt: number;
}

const VERSION = 'w1';
/** `v` and 20 random bytes: unguessable, and only characters a user id may hold. */
const VIEWER_ID = /^v[A-Za-z0-9_-]{27}$/;

const sign = (key: string, content: string) => createHmac('sha256', key).update(content).digest('base64url');

export function newViewerId(): string {
  return `v${randomBytes(20).toString('base64url')}`;
}

export const isViewerId = (id: string) => VIEWER_ID.test(id);

/** The key viewer cookies are signed with, derived from a shared secret so that every instance agrees on it. */
export function viewerCookieKey(sharedSecret: string): string {
  return sign(sharedSecret, 'viewer cookies');
}

export function writeViewerCookie(key: string, pass: ViewerPass): string {
  const content = [VERSION, pass.viewerId, pass.issuedAt].join('.');
  return `${content}.${sign(key, content)}`;
}

/** The pass a cookie carries when its signature is ours; null for anything forged, altered or malformed. */
export function readViewerCookie(key: string, cookie: string | undefined): ViewerPass | null {
  if (!cookie || cookie.length > 120) return null;
  const parts = cookie.split('.');
  if (parts.length !== 4 || parts[0] !== VERSION) return null;
  const [, viewerId, issuedAt, signature] = parts as [string, string, string, string];
  if (!isViewerId(viewerId) || !/^\d{1,12}$/.test(issuedAt)) return null;
  const expected = Buffer.from(sign(key, parts.slice(0, 3).join('.')));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { viewerId, issuedAt: Number(issuedAt) };
}
