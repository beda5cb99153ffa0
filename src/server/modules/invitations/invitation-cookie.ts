import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { INVITATION_CODE } from '#contract/index.ts';
import { hmacSha256 } from '../../auth-kit/signatures.ts';

/**
 * The invitation link a browser arrived by, until it saves an account: a signed, HttpOnly cookie the server writes
 * when `/i/{code}` names a real code (the access gate need not be passed yet; no viewer row is written for it).
 */
export const INVITATION_COOKIE = 'cliffhanger_invited_by';
const COOKIE_SECONDS = 30 * 24 * 3600;

export function invitationCookies(sharedSecret: string) {
  const key = hmacSha256(sharedSecret, 'invitation cookies');
  const sign = (code: string) => hmacSha256(key, `i1.${code}`);
  return {
    /** The code of the link this browser arrived by, when the cookie is ours. */
    codeOf(request: FastifyRequest): string | null {
      const cookie = request.cookies[INVITATION_COOKIE];
      if (!cookie || cookie.length > 120) return null;
      const [code = '', signature = ''] = cookie.split('.');
      if (!INVITATION_CODE.test(code)) return null;
      const expected = Buffer.from(sign(code));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? code : null;
    },
    remember(request: FastifyRequest, reply: FastifyReply, code: string) {
      void reply.setCookie(INVITATION_COOKIE, `${code}.${sign(code)}`, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: COOKIE_SECONDS,
      });
    },
    /** Spent by the first account this browser saves or signs in to. */
    forget(reply: FastifyReply) {
      void reply.clearCookie(INVITATION_COOKIE, { path: '/' });
    },
  };
}
