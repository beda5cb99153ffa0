import { timingSafeEqual } from 'node:crypto';
import { hmacSha256, randomToken } from '../../auth-kit/signatures.ts';

/** What a signed access cookie says; the server checks it in memory, without a database round trip. */
export interface AccessPass {
  /** The session's id: ends one viewer's access (leave preview). */
  sessionId: string;
  /** Which access code opened it: changing or removing that code ends it. */
  codeId: string;
  /** The gate's generation when it was issued: raising it ends every pass at once. */
  generation: number;
  /** Seconds since the epoch. */
  expiresAt: number;
}

const VERSION = 'v1';

const sign = hmacSha256;

export function newSessionId(): string {
  return randomToken(16);
}

/** A stable, non-reversible id for an access code (trimmed, upper case), keyed so the database never holds the code. */
export function accessCodeId(key: string, normalisedCode: string): string {
  return sign(key, `code:${normalisedCode}`).slice(0, 22);
}

export function writeAccessCookie(key: string, pass: AccessPass): string {
  const content = [VERSION, pass.sessionId, pass.codeId, pass.generation, pass.expiresAt].join('.');
  return `${content}.${sign(key, content)}`;
}

/** The pass a cookie carries when its signature is ours; null for anything forged, altered or malformed. */
export function readAccessCookie(key: string, cookie: string | undefined): AccessPass | null {
  if (!cookie || cookie.length > 200) return null;
  const parts = cookie.split('.');
  if (parts.length !== 6 || parts[0] !== VERSION) return null;
  const [, sessionId, codeId, generation, expiresAt, signature] = parts as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const expected = Buffer.from(sign(key, parts.slice(0, 5).join('.')));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { sessionId, codeId, generation: Number(generation), expiresAt: Number(expiresAt) };
}
