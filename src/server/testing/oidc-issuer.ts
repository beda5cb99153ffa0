import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
// oidc-provider ships no types; the little used here is typed below.
import Provider from 'oidc-provider';

export const TEST_CLIENT = { id: 'cliffhanger-test', secret: 'a test client secret, long enough to sign with' };

export interface TestIssuer {
  /** The issuer's URL, as AUTH_GOOGLE_ISSUER names it. */
  url: string;
  close(): Promise<void>;
}

interface GrantLike {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
}
interface ProviderContext {
  oidc: {
    client: { clientId: string };
    session: { accountId: string; grantIdFor(clientId: string): string | undefined };
    result?: { consent?: { grantId?: string } };
    provider: {
      Grant: (new (fields: { clientId: string; accountId: string }) => GrantLike) & {
        find(id: string): Promise<GrantLike | undefined>;
      };
    };
  };
}

export interface TestIssuerOptions {
  port?: number;
  /**
   * Where the person's e-mail and name are given: in the ID token too, as Google does (the default), or only at the
   * userinfo endpoint, as oidc-provider does unless told otherwise (and many providers with it).
   */
  claimsIn?: 'id-token' | 'userinfo';
}

/**
 * A real OpenID Connect provider in memory, for tests: one client (TEST_CLIENT) returning to these redirect URIs,
 * any login name signs in as that subject (its e-mail `<login>@people.test`), and consent is taken as given.
 */
export async function startTestIssuer(
  redirectUris: string[],
  { port, claimsIn = 'id-token' }: TestIssuerOptions = {},
): Promise<TestIssuer> {
  // The issuer's URL names its port, so the port is settled before the provider is made.
  const issuerPort = port ?? (await freePort());
  const url = `http://localhost:${issuerPort}`;
  const provider = new Provider(url, {
    clients: [
      {
        client_id: TEST_CLIENT.id,
        client_secret: TEST_CLIENT.secret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    // false: like Google's, its ID token names the person (e-mail, name), not only the userinfo endpoint.
    conformIdTokenClaims: claimsIn === 'userinfo',
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: () => ({ sub, email: `${sub}@people.test`, email_verified: true, name: `Person ${sub}` }),
    }),
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['test issuer cookies'] },
    // Consent is taken as given: the test signs in, nothing more.
    async loadExistingGrant(ctx: ProviderContext) {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      const grant = new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = provider.listen(issuerPort);
    s.once('error', reject);
    s.once('listening', () => resolve(s));
  });
  return {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Signs `login` in at the test issuer as a browser would (its cookies kept, its login form posted), starting at
 * the authorization URL the app sent the browser to; returns the URL the provider sends the browser back to.
 */
export async function signInAtTestIssuer(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const issuerOrigin = new URL(authorizationUrl).origin;
  let url = new URL(authorizationUrl);
  let form: URLSearchParams | undefined;
  for (let step = 0; step < 12; step += 1) {
    if (url.origin !== issuerOrigin) return url;
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: cookieHeader(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form?.toString(),
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    form = undefined;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      continue;
    }
    const html = await response.text();
    if (response.status === 200 && html.includes('name="login"')) {
      form = new URLSearchParams({ prompt: 'login', login, password: 'any' });
      continue;
    }
    throw new Error(`the test issuer answered ${response.status} at ${url.pathname}: ${html.slice(0, 300)}`);
  }
  throw new Error('the test issuer never sent the browser back');
}
