import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATIONS_REWARDED_PER_DAY, INVITE_FRIEND_BONUSES, type Invitation } from '#contract/index.ts';
import { invitations, walletLedger } from '../../db/schema.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';
import { signInAtTestIssuer, startTestIssuer, TEST_CLIENT, type TestIssuer } from '../../testing/oidc-issuer.ts';
import { softwarePasskey } from '../../testing/software-passkey.ts';
import { testBrowser, type TestBrowser } from '../../testing/test-browser.ts';
import { INVITATION_COOKIE } from './invitation-cookie.ts';

const PUBLIC_URL = 'http://cliffhanger.test';
const CALLBACK = `${PUBLIC_URL}/api/auth/google/callback`;
const START = { coins: 100, bonuses: 0 };

let t: TestContext;
let issuer: TestIssuer;

beforeAll(async () => {
  issuer = await startTestIssuer([CALLBACK]);
  t = await createTestContext({
    PUBLIC_URL,
    NEW_VIEWER_COINS: String(START.coins),
    NEW_VIEWER_BONUSES: String(START.bonuses),
    AUTH_GOOGLE_CLIENT_ID: TEST_CLIENT.id,
    AUTH_GOOGLE_CLIENT_SECRET: TEST_CLIENT.secret,
    AUTH_GOOGLE_ISSUER: issuer.url,
  });
});
afterAll(async () => {
  await t?.close();
  await issuer?.close();
});

type Passkey = ReturnType<typeof softwarePasskey>;
type Options = { challenge: string; rp: { id?: string }; user: { id: string }; rpId?: string };

let address = 0;
/** A new browser past the gate, from an address of its own (so no per-address limit plays a part). */
const newBrowser = () => testBrowser(t, undefined, { address: `10.9.${Math.floor(++address / 250)}.${address % 250}` });

async function invitationOf(b: TestBrowser): Promise<Invitation> {
  const reply = await b.get('/api/invitation');
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as Invitation;
}

/** Opens an invitation link: always sent home, with the link remembered or not. */
async function open(b: TestBrowser, path: string): Promise<boolean> {
  const reply = await b.get(path);
  expect(reply.statusCode).toBe(303);
  expect(reply.headers.location).toBe('/');
  return reply.cookies.some((cookie) => cookie.name === INVITATION_COOKIE && cookie.value !== '');
}

async function saveAccountWith(b: TestBrowser, key: Passkey) {
  const options = (await b.post('/api/account/passkeys/options')).json() as Options;
  const reply = await b.post('/api/account/passkeys', { answer: key.create(options, PUBLIC_URL) });
  expect(reply.statusCode, reply.body).toBe(201);
}

async function signInWith(b: TestBrowser, key: Passkey) {
  const options = (await b.post('/api/sign-in/passkey/options')).json() as Options;
  const reply = await b.post('/api/sign-in/passkey', { answer: key.get(options, PUBLIC_URL) });
  expect(reply.statusCode, reply.body).toBe(200);
}

async function signInWithProvider(b: TestBrowser, login: string) {
  const back = await signInAtTestIssuer((await b.startSignIn()).href, login);
  const reply = await b.get(`${back.pathname}${back.search}`);
  expect(reply.statusCode, reply.body).toBe(303);
}

/** A viewer's invitation ledger rows and balance, and whether their whole ledger sums to their balance. */
async function walletOf(viewerId: string) {
  const rows = await t.db
    .select({ bonusesDelta: walletLedger.bonusesDelta })
    .from(walletLedger)
    .where(and(eq(walletLedger.userId, viewerId), eq(walletLedger.kind, 'invitation')));
  const { rows: sums } = await t.db.execute<{ bonuses: number; ledger: number }>(sql`
    select u.bonuses, (select coalesce(sum(bonuses_delta), 0)::int from wallet_ledger l where l.user_id = u.id) as ledger
      from users u where u.id = ${viewerId}`);
  expect(sums[0]!.ledger).toBe(sums[0]!.bonuses);
  return { invitationRows: rows.map((row) => row.bonusesDelta), bonuses: sums[0]!.bonuses };
}

/** An inviter: a guest who saved an account with a passkey, and their link. */
async function inviter() {
  const b = await newBrowser();
  const key = softwarePasskey();
  await saveAccountWith(b, key);
  return { browser: b, key, id: await b.viewerId(), link: await invitationOf(b) };
}

describe('the invitation link', () => {
  it('is made on the first ask, kept, short and not the viewer id', async () => {
    const b = await newBrowser();
    const first = await invitationOf(b);
    const again = await invitationOf(b);
    expect(again).toEqual(first);
    expect(first.path).toBe(`/i/${first.code}`);
    expect(first.code).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(first.code).not.toContain((await b.viewerId()).slice(1, 13));
    expect(first).toMatchObject({ invited: 0, bonusesEarned: 0 });
    expect((await invitationOf(await newBrowser())).code).not.toBe(first.code);
  });

  it('works before the access gate; an unknown or malformed code goes home and remembers nothing', async () => {
    const { link } = await inviter();
    const beforeGate = await t.app.inject({ method: 'GET', url: link.path });
    expect(beforeGate.statusCode).toBe(303);
    expect(beforeGate.headers.location).toBe('/');
    expect(beforeGate.cookies.map((cookie) => cookie.name)).toEqual([INVITATION_COOKIE]);
    const b = await newBrowser();
    expect(await open(b, '/i/AAAAAAAAAAAA')).toBe(false);
    expect(await open(b, '/i/not%20a%20code')).toBe(false);
    expect(await open(b, `/i/${'x'.repeat(60)}`)).toBe(false);
  });
});

describe('a friend who saves an account by the link', () => {
  it('gives both sides 50 bonuses, one ledger row each, once; a replay of the link or the account gives nothing more', async () => {
    const host = await inviter();
    const friend = await newBrowser();
    expect(await open(friend, host.link.path)).toBe(true);
    const key = softwarePasskey();
    await saveAccountWith(friend, key);
    const friendId = await friend.viewerId();

    expect(await walletOf(host.id)).toEqual({ invitationRows: [INVITE_FRIEND_BONUSES], bonuses: 50 });
    expect(await walletOf(friendId)).toEqual({ invitationRows: [INVITE_FRIEND_BONUSES], bonuses: 50 });
    expect(await invitationOf(host.browser)).toMatchObject({ invited: 1, bonusesEarned: INVITE_FRIEND_BONUSES });
    expect(friend.jar.has(INVITATION_COOKIE)).toBe(false);

    // The same link again, a second passkey on the same account, signing in to it again elsewhere: nothing more.
    expect(await open(friend, host.link.path)).toBe(false);
    await saveAccountWith(friend, softwarePasskey());
    const elsewhere = await newBrowser();
    expect(await open(elsewhere, host.link.path)).toBe(true);
    await signInWith(elsewhere, key);
    expect(await walletOf(host.id)).toEqual({ invitationRows: [50], bonuses: 50 });
    expect(await walletOf(friendId)).toEqual({ invitationRows: [50], bonuses: 50 });
    expect(await invitationOf(host.browser)).toMatchObject({ invited: 1, bonusesEarned: 50 });
  });

  it('by a provider sign-in that makes a new account rewards too; one that finds an existing account does not', async () => {
    const host = await inviter();
    const friend = await newBrowser();
    expect(await open(friend, host.link.path)).toBe(true);
    await signInWithProvider(friend, 'invited-friend');
    const friendId = await friend.viewerId();
    expect(await walletOf(friendId)).toEqual({ invitationRows: [50], bonuses: 50 });

    const returning = await newBrowser();
    expect(await open(returning, host.link.path)).toBe(true);
    await signInWithProvider(returning, 'invited-friend');
    expect(await returning.viewerId()).toBe(friendId);
    expect(await walletOf(friendId)).toEqual({ invitationRows: [50], bonuses: 50 });
    expect(await walletOf(host.id)).toEqual({ invitationRows: [50], bonuses: 50 });
  });

  it('an existing account arriving by a link earns nothing, for it or the inviter', async () => {
    const host = await inviter();
    const existing = await inviter();
    const b = await newBrowser();
    expect(await open(b, host.link.path)).toBe(true);
    await signInWith(b, existing.key);
    expect(await walletOf(host.id)).toEqual({ invitationRows: [], bonuses: 0 });
    expect(await walletOf(existing.id)).toEqual({ invitationRows: [], bonuses: 0 });
    const [recorded] = await t.db.select({ n: count() }).from(invitations).where(eq(invitations.inviterId, host.id));
    expect(recorded!.n).toBe(0);
  });
});

describe('nobody invites themselves', () => {
  it('the inviter’s own browser is not remembered as invited, nor a signed-in browser', async () => {
    const host = await inviter();
    expect(await open(host.browser, host.link.path)).toBe(false);
    const guest = await newBrowser();
    const guestLink = await invitationOf(guest);
    expect(await open(guest, guestLink.path)).toBe(false);
  });

  it('the inviter’s own account is refused even with the link’s cookie in hand, and their own passkey on a new browser', async () => {
    // A guest with a link, who carries a cookie of their own link into the browser and saves their account there.
    const guest = await newBrowser();
    const link = await invitationOf(guest);
    const courier = await newBrowser();
    expect(await open(courier, link.path)).toBe(true);
    guest.jar.set(INVITATION_COOKIE, courier.jar.get(INVITATION_COOKIE)!);
    await saveAccountWith(guest, softwarePasskey());
    const guestId = await guest.viewerId();
    expect(await walletOf(guestId)).toEqual({ invitationRows: [], bonuses: 0 });

    // The inviter's own passkey on another browser that opened their link: the same account, nothing.
    const host = await inviter();
    const other = await newBrowser();
    expect(await open(other, host.link.path)).toBe(true);
    await signInWith(other, host.key);
    expect(await walletOf(host.id)).toEqual({ invitationRows: [], bonuses: 0 });
    const [recorded] = await t.db
      .select({ n: count() })
      .from(invitations)
      .where(sql`${invitations.inviterId} in (${guestId}, ${host.id})`);
    expect(recorded!.n).toBe(0);
  });

  it('a forged cookie counts for nothing', async () => {
    const host = await inviter();
    const b = await newBrowser();
    b.jar.set(INVITATION_COOKIE, `${host.link.code}.forged`);
    await saveAccountWith(b, softwarePasskey());
    expect(await walletOf(await b.viewerId())).toEqual({ invitationRows: [], bonuses: 0 });
  });
});

describe('at most 20 rewarded invitations per inviter a day', () => {
  it('the 21st friend is recorded, not rewarded, on either side', async () => {
    const host = await inviter();
    const friends: string[] = [];
    for (let n = 0; n < INVITATIONS_REWARDED_PER_DAY + 1; n++) {
      const friend = await newBrowser();
      expect(await open(friend, host.link.path)).toBe(true);
      await saveAccountWith(friend, softwarePasskey());
      friends.push(await friend.viewerId());
    }
    const cap = INVITATIONS_REWARDED_PER_DAY * INVITE_FRIEND_BONUSES;
    expect(await walletOf(host.id)).toEqual({
      invitationRows: Array(INVITATIONS_REWARDED_PER_DAY).fill(50),
      bonuses: cap,
    });
    expect(await walletOf(friends.at(-1)!)).toEqual({ invitationRows: [], bonuses: 0 });
    expect(await walletOf(friends[0]!)).toEqual({ invitationRows: [50], bonuses: 50 });
    expect(await invitationOf(host.browser)).toMatchObject({ invited: 21, bonusesEarned: cap });
  }, 60_000);
});
