import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeys, viewerSessions } from '../../db/schema.ts';
import { expirePasskeyChallenge } from '../../testing/factory.ts';
import { awayFromMinuteEdge, createTestContext, type TestContext } from '../../testing/harness.ts';
import { softwarePasskey } from '../../testing/software-passkey.ts';
import { testBrowser, VIEWER_COOKIE, type TestBrowser } from '../../testing/test-browser.ts';

const PUBLIC_URL = 'http://cliffhanger.test';
const SIGN_IN_LIMIT = 4;

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL, AUTH_RATE_LIMIT: String(SIGN_IN_LIMIT) });
});
afterAll(() => t?.close());

type Passkey = ReturnType<typeof softwarePasskey>;
type Options = { challenge: string; rp: { id?: string }; user: { id: string }; rpId?: string };

/** A guest saves their account with this passkey, as the profile page's "Add a passkey" does. */
async function saveAccountWith(b: TestBrowser, key: Passkey) {
  const options = (await b.post('/api/account/passkeys/options')).json() as Options;
  const reply = await b.post('/api/account/passkeys', { answer: key.create(options, PUBLIC_URL) });
  expect(reply.statusCode, reply.body).toBe(201);
}

async function signInOptions(b: TestBrowser) {
  const reply = await b.post('/api/sign-in/passkey/options');
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as Options;
}

/** What a refused sign-in must leave as it was: sessions, passkeys and their counters. */
async function written() {
  const [sessions] = await t.db.select({ n: count() }).from(viewerSessions);
  const keys = await t.db.select({ id: passkeys.id, signCount: passkeys.signCount }).from(passkeys);
  return { sessions: sessions!.n, keys: keys.sort((a, b) => a.id - b.id) };
}

let address = 0;
/** Each browser from an address of its own, so only the per-account limit can be what refuses. */
const newBrowser = async (viewerId?: string) =>
  testBrowser(t, viewerId ?? (await t.addViewer()), {
    address: `10.1.${Math.floor(++address / 250)}.${address % 250}`,
  });

describe('passkey challenges', () => {
  it('a challenge answered once cannot be answered again, for a new passkey or a sign-in', async () => {
    const owner = await newBrowser();
    const key = softwarePasskey();
    const options = (await owner.post('/api/account/passkeys/options')).json() as Options;
    expect((await owner.post('/api/account/passkeys', { answer: key.create(options, PUBLIC_URL) })).statusCode).toBe(
      201,
    );
    const before = await written();
    const again = await owner.post('/api/account/passkeys', { answer: softwarePasskey().create(options, PUBLIC_URL) });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This passkey request has expired or was already used. Please try again.');

    const b = await newBrowser();
    const signIn = await signInOptions(b);
    const answer = key.get(signIn, PUBLIC_URL);
    expect((await b.post('/api/sign-in/passkey', { answer })).statusCode).toBe(200);
    const afterFirst = await written();
    expect(afterFirst.sessions).toBe(before.sessions + 1);
    const replayed = await (await newBrowser()).post('/api/sign-in/passkey', { answer });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toMatch(/expired or was already used/);
    const freshAnswerToUsedChallenge = await (
      await newBrowser()
    ).post('/api/sign-in/passkey', {
      answer: key.get(signIn, PUBLIC_URL),
    });
    expect(freshAnswerToUsedChallenge.statusCode).toBe(400);
    expect(await written()).toEqual(afterFirst);
  });

  it('an expired challenge is refused and nothing is written', async () => {
    const key = softwarePasskey();
    await saveAccountWith(await newBrowser(), key);
    const b = await newBrowser();
    const options = await signInOptions(b);
    await expirePasskeyChallenge(t.db, options.challenge);
    const before = await written();
    const reply = await b.post('/api/sign-in/passkey', { answer: key.get(options, PUBLIC_URL) });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toMatch(/expired or was already used/);
    expect(await written()).toEqual(before);
    expect((await b.get('/api/account')).json()).toMatchObject({ signedIn: false });
  });

  it('a challenge made up by the browser is refused', async () => {
    const key = softwarePasskey();
    await saveAccountWith(await newBrowser(), key);
    const before = await written();
    const reply = await (
      await newBrowser()
    ).post('/api/sign-in/passkey', {
      answer: key.get({ challenge: 'bm90LWEtY2hhbGxlbmdlLW9mLW91cnM', rpId: 'cliffhanger.test' }, PUBLIC_URL),
    });
    expect(reply.statusCode).toBe(400);
    expect(await written()).toEqual(before);
  });
});

describe('a passkey answer from another origin', () => {
  it('is refused for sign-in (401, said why) and for saving a passkey, and nothing is written', async () => {
    const key = softwarePasskey();
    await saveAccountWith(await newBrowser(), key);
    const b = await newBrowser();
    const before = await written();
    const reply = await b.post('/api/sign-in/passkey', {
      answer: key.get(await signInOptions(b), 'https://cliffhanger.example.evil'),
    });
    expect(reply.statusCode).toBe(401);
    expect(reply.json().message).toMatch(/^This passkey could not sign you in: .*origin/i);
    expect(await written()).toEqual(before);
    expect((await b.get('/api/account')).json()).toMatchObject({ signedIn: false });

    const guest = await newBrowser();
    const options = (await guest.post('/api/account/passkeys/options')).json() as Options;
    const saved = await guest.post('/api/account/passkeys', {
      answer: softwarePasskey().create(options, 'https://cliffhanger.example.evil'),
    });
    expect(saved.statusCode).toBe(401);
    expect(saved.json().message).toMatch(/^This passkey could not be checked: .*origin/i);
    expect(await written()).toEqual(before);
    expect((await guest.get('/api/account')).json()).toMatchObject({ signedIn: false });
  });

  it('signed for another relying party is refused too', async () => {
    const key = softwarePasskey();
    await saveAccountWith(await newBrowser(), key);
    const b = await newBrowser();
    const before = await written();
    const options = await signInOptions(b);
    const reply = await b.post('/api/sign-in/passkey', {
      answer: key.get({ ...options, rpId: 'evil.example' }, PUBLIC_URL),
    });
    expect(reply.statusCode).toBe(401);
    expect(await written()).toEqual(before);
  });
});

describe('the per-account sign-in limit', () => {
  it('past AUTH_RATE_LIMIT sign-ins a minute to one account, from any address, a readable 429 and nothing written', async () => {
    await awayFromMinuteEdge();
    const key = softwarePasskey();
    await saveAccountWith(await newBrowser(), key);
    for (let i = 0; i < SIGN_IN_LIMIT; i += 1) {
      const b = await newBrowser();
      const reply = await b.post('/api/sign-in/passkey', { answer: key.get(await signInOptions(b), PUBLIC_URL) });
      expect(reply.statusCode, reply.body).toBe(200);
    }
    const before = await written();
    const b = await newBrowser();
    const refused = await b.post('/api/sign-in/passkey', { answer: key.get(await signInOptions(b), PUBLIC_URL) });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many attempts\. Try again in \d+ s\.$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await written()).toEqual(before);
    expect((await b.get('/api/account')).json()).toMatchObject({ signedIn: false });

    // Another account is not held back by this one's attempts.
    const other = softwarePasskey();
    await saveAccountWith(await newBrowser(), other);
    const c = await newBrowser();
    expect(
      (await c.post('/api/sign-in/passkey', { answer: other.get(await signInOptions(c), PUBLIC_URL) })).statusCode,
    ).toBe(200);
  });
});

describe('the passkey sign-in brings the browser’s guest along', () => {
  it('signs in to the account the passkey saved, with a session; the guest’s coins come along', async () => {
    const key = softwarePasskey();
    const owner = await newBrowser();
    await saveAccountWith(owner, key);
    const accountId = await owner.viewerId();
    const guest = await newBrowser();
    expect((await guest.post('/api/user/user-1/purchase-tokens', { packageId: 'package-1' })).statusCode).toBe(200);
    const reply = await guest.post('/api/sign-in/passkey', { answer: key.get(await signInOptions(guest), PUBLIC_URL) });
    expect(reply.json()).toMatchObject({ signedIn: true, method: 'passkey', broughtAlong: true });
    expect((await guest.get('/api/user')).json()).toMatchObject({ id: accountId, coins: 500 });
    const [row] = await t.db
      .execute<{ n: number }>(sql`select count(*)::int as n from viewer_sessions where viewer_id = ${accountId}`)
      .then((result) => result.rows);
    expect(row!.n).toBe(2);
  });

  it('a month-old guest cookie, renewed in the reply that signs it in: the browser is given one viewer cookie, the account’s', async () => {
    const key = softwarePasskey();
    const owner = await newBrowser();
    await saveAccountWith(owner, key);
    const accountId = await owner.viewerId();
    const guest = await newBrowser();
    const options = await signInOptions(guest);
    const monthOld = Math.floor(Date.now() / 1000) - 31 * 86_400;
    const aged = t.viewerCookie(await guest.viewerId(), monthOld);
    guest.jar.set(VIEWER_COOKIE, aged.slice(VIEWER_COOKIE.length + 1));
    const reply = await guest.post('/api/sign-in/passkey', { answer: key.get(options, PUBLIC_URL) });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.cookies.filter((cookie) => cookie.name === VIEWER_COOKIE)).toHaveLength(1);
    expect((await guest.get('/api/user')).json()).toMatchObject({ id: accountId });
  });
});
