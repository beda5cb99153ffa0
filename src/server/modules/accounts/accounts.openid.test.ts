import { generateKeyPairSync, verify } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { signInIdentities, users, viewerSessions, walletLedger } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';
import { expireSignInFlows } from '../../testing/factory.ts';
import { testBrowser, VIEWER_COOKIE } from '../../testing/test-browser.ts';
import { signInAtTestIssuer, startTestIssuer, TEST_CLIENT, type TestIssuer } from '../../testing/oidc-issuer.ts';
import { appleClientSecret } from './openid.ts';

const PUBLIC_URL = 'http://cliffhanger.test';
const CALLBACK = `${PUBLIC_URL}/api/auth/google/callback`;

let t: TestContext;
let issuer: TestIssuer;

beforeAll(async () => {
  issuer = await startTestIssuer([CALLBACK]);
  t = await createTestContext({
    PUBLIC_URL,
    AUTH_GOOGLE_CLIENT_ID: TEST_CLIENT.id,
    AUTH_GOOGLE_CLIENT_SECRET: TEST_CLIENT.secret,
    AUTH_GOOGLE_ISSUER: issuer.url,
  });
});
afterAll(async () => {
  await t?.close();
  await issuer?.close();
});

async function browser(viewerId?: string) {
  const b = await testBrowser(t, viewerId);
  return { ...b, start: (returnTo?: string) => b.startSignIn('google', returnTo) };
}
type Browser = Awaited<ReturnType<typeof browser>>;

const callbackPath = (url: URL) => `${url.pathname}${url.search}`;

async function signIn(b: Browser, login: string) {
  const back = await signInAtTestIssuer((await b.start()).href, login);
  return b.get(callbackPath(back));
}

/** What a refused sign-in must leave as it was. */
async function written() {
  const [identities] = await t.db.select({ n: count() }).from(signInIdentities);
  const [sessions] = await t.db.select({ n: count() }).from(viewerSessions);
  const [people] = await t.db.select({ n: count() }).from(users);
  const [ledger] = await t.db.select({ n: count() }).from(walletLedger);
  return { identities: identities!.n, sessions: sessions!.n, users: people!.n, ledger: ledger!.n };
}

describe('signing in with an OpenID Connect provider', () => {
  it('lists the configured providers; the others stay the preview sign-in', async () => {
    const reply = await (await browser()).get('/api/account');
    expect(reply.json()).toMatchObject({ signedIn: false, providers: ['google'] });
    const apple = await (await browser()).get('/api/auth/apple/start');
    expect(apple.statusCode).toBe(404);
    expect(apple.json().message).toBe('Signing in with Apple is not set up here.');
    const unknown = await (await browser()).get('/api/auth/facebook/start');
    expect(unknown.statusCode).toBe(400);
    const away = await (
      await browser()
    ).get(`/api/auth/google/start?returnTo=${encodeURIComponent('//evil.example/')}`);
    expect(away.statusCode).toBe(400);
  });

  it('sends the browser to the provider with PKCE, state and nonce, and back signed in; the guest becomes the account', async () => {
    const guest = await t.addViewer();
    const b = await browser(guest);
    expect((await b.post('/api/user/user-1/purchase-tokens', { packageId: 'package-1' })).statusCode).toBe(200);

    const to = await b.start();
    expect(to.origin).toBe(issuer.url);
    expect(to.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    for (const name of ['code_challenge', 'state', 'nonce']) expect(to.searchParams.get(name)).toMatch(/^.{20,}$/);
    expect(b.jar.get('cliffhanger_sign_in')).toBe(to.searchParams.get('state'));

    const back = await signInAtTestIssuer(to.href, 'alice');
    expect(back.origin + back.pathname).toBe(CALLBACK);
    const reply = await b.get(callbackPath(back));
    expect(reply.statusCode, reply.body).toBe(303);
    expect(reply.headers.location).toBe('/library?signedIn=google');
    expect(b.jar.get(VIEWER_COOKIE)).toMatch(/^s1\./);
    expect(b.jar.has('cliffhanger_sign_in')).toBe(false);

    const account = (await b.get('/api/account')).json();
    expect(account).toMatchObject({
      signedIn: true,
      method: 'google',
      name: 'Person alice',
      email: 'alice@people.test',
    });
    expect((await b.get('/api/user')).json()).toMatchObject({ id: guest, coins: 500 });
    const [identity] = await t.db.select().from(signInIdentities).where(eq(signInIdentities.viewerId, guest));
    expect(identity).toMatchObject({ issuer: issuer.url, subject: 'alice', provider: 'google' });

    // Replaying the same answer finds the sign-in used.
    const before = await written();
    const replay = await b.get(callbackPath(back));
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toMatch(/expired, was already used/);
    expect(await written()).toEqual(before);
  });

  it('a second browser’s guest signing in to the same subject brings its coins into that account', async () => {
    const first = await browser(await t.addViewer());
    expect((await signIn(first, 'bob')).statusCode).toBe(303);
    const accountId = ((await first.get('/api/user')).json() as { id: string }).id;

    const guest = await t.addViewer();
    const second = await browser(guest);
    expect((await second.post('/api/user/user-1/purchase-tokens', { packageId: 'package-1' })).statusCode).toBe(200);
    expect((await signIn(second, 'bob')).statusCode).toBe(303);
    const user = (await second.get('/api/user')).json() as { id: string; coins: number };
    expect(user).toMatchObject({ id: accountId, coins: 500 });
    const [closed] = await t.db.select().from(users).where(eq(users.id, guest));
    expect(closed).toMatchObject({ mergedInto: accountId });
    expect(closed!.closedAt).not.toBeNull();
    // A different subject of the same issuer is another account, whatever its e-mail.
    const third = await browser(await t.addViewer());
    expect((await signIn(third, 'bob2')).statusCode).toBe(303);
    expect(((await third.get('/api/user')).json() as { id: string }).id).not.toBe(accountId);
  });

  it('refuses a tampered state, a missing flow cookie, a replayed code and a wrong nonce, writing nothing', async () => {
    const b = await browser(await t.addViewer());
    const to = await b.start();
    const back = await signInAtTestIssuer(to.href, 'carol');
    const stranger = await browser(await t.addViewer());
    const n = await browser(await t.addViewer());
    const before = await written();

    const tampered = new URL(back);
    tampered.searchParams.set('state', `${back.searchParams.get('state')}x`);
    const refusedState = await b.get(callbackPath(tampered));
    expect(refusedState.statusCode).toBe(400);
    expect(refusedState.json().message).toMatch(/started in another browser/);

    const noCookie = await stranger.get(callbackPath(back));
    expect(noCookie.statusCode).toBe(400);

    // A nonce other than the one this sign-in kept: the ID token names it, and it is refused.
    const nTo = await n.start();
    nTo.searchParams.set('nonce', 'a-nonce-this-app-never-made-0123456789');
    const nBack = await signInAtTestIssuer(nTo.href, 'carol');
    const refusedNonce = await n.get(callbackPath(nBack));
    expect(refusedNonce.statusCode, refusedNonce.body).toBe(401);
    expect(refusedNonce.json().message).toMatch(/nonce/);

    expect(await written()).toEqual(before);
    expect((await n.get('/api/account')).json()).toMatchObject({ signedIn: false });

    // The untouched answer of the first sign-in still works: a refusal did not use it up.
    const fine = await b.get(callbackPath(back));
    expect(fine.statusCode, fine.body).toBe(303);

    // Its code, brought back again with another sign-in's state (so past this app's own check): the provider
    // refuses a code already used, and nothing is written.
    const other = await browser(await t.addViewer());
    const otherTo = await other.start();
    const replayed = new URL(back);
    replayed.searchParams.set('state', otherTo.searchParams.get('state')!);
    const afterFine = await written();
    const refusedCode = await other.get(callbackPath(replayed));
    expect(refusedCode.statusCode, refusedCode.body).toBe(401);
    expect(refusedCode.json().message).toMatch(/^Google did not sign you in \(invalid_grant/);
    expect(await written()).toEqual(afterFine);
    expect((await other.get('/api/account')).json()).toMatchObject({ signedIn: false });
  });

  it('passes an answer posted by the provider’s page (form_post) on to the callback, as a GET that carries cookies', async () => {
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/apple/callback',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://appleid.apple.com',
        'sec-fetch-site': 'cross-site',
        // A cookie of some other app on this domain that SameSite lets through.
        cookie: 'someone_else=1',
      },
      payload: 'code=c0de&state=st%26te&user=%7B%22name%22%3A%7B%7D%7D',
    });
    expect(posted.statusCode, posted.body).toBe(303);
    const location = new URL(posted.headers.location as string, PUBLIC_URL);
    expect(location.pathname).toBe('/api/auth/apple/callback');
    expect(Object.fromEntries(location.searchParams)).toEqual({ code: 'c0de', state: 'st&te', user: '{"name":{}}' });
    const noState = await t.app.inject({
      method: 'POST',
      url: '/api/auth/apple/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'code=c0de',
    });
    expect(noState.statusCode).toBe(400);
    // Only this route takes a form.
    const elsewhere = await (
      await browser()
    ).post('/api/sign-out', 'a=b', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(elsewhere.statusCode).toBe(415);
  });

  it('keeps what a sign-in under way checks for a few minutes only', async () => {
    const b = await browser(await t.addViewer());
    const to = await b.start();
    const back = await signInAtTestIssuer(to.href, 'dave');
    await expireSignInFlows(t.db);
    const late = await b.get(callbackPath(back));
    expect(late.statusCode).toBe(400);
  });
});

describe('a provider that names the person only at its userinfo endpoint', () => {
  let quiet: TestIssuer;
  let app: TestContext;
  beforeAll(async () => {
    // oidc-provider's own default: the ID token says who signed in (sub), the userinfo endpoint their e-mail and name.
    quiet = await startTestIssuer([CALLBACK], { claimsIn: 'userinfo' });
    app = await createTestContext(
      {
        PUBLIC_URL,
        AUTH_GOOGLE_CLIENT_ID: TEST_CLIENT.id,
        AUTH_GOOGLE_CLIENT_SECRET: TEST_CLIENT.secret,
        AUTH_GOOGLE_ISSUER: quiet.url,
      },
      { sharingDatabaseOf: t },
    );
  });
  afterAll(async () => {
    await app?.close();
    await quiet?.close();
  });

  it('reads the e-mail and name from the userinfo endpoint before the account is made', async () => {
    const b = await testBrowser(app, await app.addViewer());
    const back = await signInAtTestIssuer((await b.startSignIn('google')).href, 'erin');
    const reply = await b.get(callbackPath(back));
    expect(reply.statusCode, reply.body).toBe(303);
    const account = (await b.get('/api/account')).json();
    expect(account).toMatchObject({ signedIn: true, name: 'Person erin', email: 'erin@people.test' });
    const [identity] = await t.db.select().from(signInIdentities).where(eq(signInIdentities.subject, 'erin'));
    expect(identity).toMatchObject({ issuer: quiet.url, email: 'erin@people.test' });
  });
});

describe('sign-in provider settings', () => {
  const base = { DATA_DIR: '/tmp/x' };
  it('takes a provider with all it needs and stops on one given only part of it', () => {
    expect(
      loadConfig({ ...base, AUTH_GOOGLE_CLIENT_ID: 'id', AUTH_GOOGLE_CLIENT_SECRET: 's' }).signInProviders,
    ).toEqual({
      google: { issuer: 'https://accounts.google.com', clientId: 'id', clientSecret: 's', formPost: false },
    });
    expect(() => loadConfig({ ...base, AUTH_GOOGLE_CLIENT_ID: 'id' })).toThrow(/AUTH_GOOGLE_CLIENT_SECRET/);
    expect(() => loadConfig({ ...base, AUTH_SLUSH_CLIENT_ID: 'id', AUTH_SLUSH_CLIENT_SECRET: 's' })).toThrow(
      /AUTH_SLUSH_ISSUER/,
    );
    expect(() =>
      loadConfig({
        ...base,
        AUTH_GOOGLE_CLIENT_ID: 'i',
        AUTH_GOOGLE_CLIENT_SECRET: 's',
        AUTH_GOOGLE_ISSUER: 'http://x.example',
      }),
    ).toThrow(/https/);
    expect(() => loadConfig({ ...base, AUTH_APPLE_CLIENT_ID: 'com.example.web' })).toThrow(/AUTH_APPLE_TEAM_ID/);
  });

  it('signs Apple’s client secret with the team’s key (ES256), for Apple, briefly', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const config = loadConfig({
      DATA_DIR: '/tmp/x',
      AUTH_APPLE_CLIENT_ID: 'com.example.web',
      AUTH_APPLE_TEAM_ID: 'TEAM123456',
      AUTH_APPLE_KEY_ID: 'KEY1234567',
      AUTH_APPLE_PRIVATE_KEY: pem.replace(/\n/g, '\\n'),
    });
    const apple = config.signInProviders.apple!;
    expect(apple).toMatchObject({ issuer: 'https://appleid.apple.com', formPost: true });
    const token = appleClientSecret(apple.clientId, apple.appleKey!);
    const [header, payload, signature] = token.split('.');
    const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()) as Record<string, unknown>;
    expect(decode(header!)).toEqual({ alg: 'ES256', kid: 'KEY1234567' });
    const claims = decode(payload!);
    expect(claims).toMatchObject({ iss: 'TEAM123456', sub: 'com.example.web', aud: 'https://appleid.apple.com' });
    expect(Number(claims.exp) - Number(claims.iat)).toBeLessThanOrEqual(300);
    const signed = verify(
      'sha256',
      Buffer.from(`${header}.${payload}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature!, 'base64url'),
    );
    expect(signed).toBe(true);
  });
});
