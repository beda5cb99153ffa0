import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { VIEWER_COOKIE } from '../modules/viewers/viewers.plugin.ts';
import { TEST_ACCESS_CODES, type TestContext } from './harness.ts';
import { signInAtTestIssuer } from './oidc-issuer.ts';

export { VIEWER_COOKIE };

export type TestBrowser = Awaited<ReturnType<typeof testBrowser>>;

/**
 * A browser past the access gate, as the app meets it: the cookies of each answer kept (and dropped when
 * cleared), sent with the next request. With a viewer id, it starts as that viewer's guest browser.
 */
export async function testBrowser(t: TestContext, viewerId?: string, from: { address?: string } = {}) {
  const jar = new Map<string, string>();
  const keep = (reply: LightMyRequestResponse) => {
    for (const cookie of reply.cookies) {
      if (cookie.value === '' || cookie.maxAge === 0) jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
    }
    return reply;
  };
  const send = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, headers = {}) =>
    keep(
      await t.app.inject({
        method,
        url,
        ...(from.address ? { remoteAddress: from.address } : {}),
        headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '), ...headers },
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    );
  keep(
    await t.app.inject({
      method: 'POST',
      url: '/api/access',
      payload: { code: TEST_ACCESS_CODES[0] },
      ...(from.address ? { remoteAddress: from.address } : {}),
    }),
  );
  if (viewerId) jar.set(VIEWER_COOKIE, t.viewerCookie(viewerId).slice(VIEWER_COOKIE.length + 1));
  const browser = {
    jar,
    get: (url: string) => send('GET', url),
    post: (url: string, payload?: unknown, headers?: Record<string, string>) => send('POST', url, payload, headers),
    delete: (url: string) => send('DELETE', url),
    /** Starts a sign-in with a provider: the URL the app sends the browser to. */
    async startSignIn(provider = 'google', returnTo = '/library') {
      const reply = await send('GET', `/api/auth/${provider}/start?returnTo=${encodeURIComponent(returnTo)}`);
      expect(reply.statusCode, reply.body).toBe(303);
      return new URL(reply.headers.location as string);
    },
    /** Signs in as `login` at the tests' OpenID issuer and comes back; the callback's answer. */
    async signInAs(login: string) {
      const back = await signInAtTestIssuer((await browser.startSignIn()).href, login);
      return send('GET', `${back.pathname}${back.search}`);
    },
    async viewerId() {
      return ((await send('GET', '/api/user')).json() as { id: string }).id;
    },
  };
  return browser;
}
