import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, OperatorRole } from '#contract/index.ts';
import { adminSessions, operatorPasskeys, passkeys } from '../../db/schema.ts';
import { createOperatorPasskey, setOperatorPasskeyCounter } from '../../testing/factory.ts';
import { awayFromMinuteEdge, createTestContext, type TestContext } from '../../testing/harness.ts';
import { softwarePasskey } from '../../testing/software-passkey.ts';
import { testBrowser } from '../../testing/test-browser.ts';

const PUBLIC_URL = 'http://cliffhanger.test';
const SIGN_IN_LIMIT = 3;

let t: TestContext;
/** A second instance on the same database whose sign-in attempts are few a minute. */
let strict: TestContext;
beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL });
  strict = await createTestContext({ PUBLIC_URL, AUTH_RATE_LIMIT: String(SIGN_IN_LIMIT) }, { sharingDatabaseOf: t });
});
afterAll(async () => {
  await strict?.close();
  await t?.close();
});

type Passkey = ReturnType<typeof softwarePasskey>;
type Options = { challenge: string; rp: { id?: string }; user: { id: string }; rpId?: string };
type Reply = Awaited<ReturnType<TestContext['admin']>>;

const cookieOf = (reply: Reply) => {
  const cookie = reply.cookies.find((c) => c.name === 'cliffhanger_admin');
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
};

let address = 0;
/** Each sign-in from an address of its own, as different browsers would be. */
const nextAddress = () => `10.7.${Math.floor(++address / 250)}.${address % 250}`;

const as = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

/** A team member of this role: invited, password set, signed in with it; their session cookie. */
async function member(name: string, role: Exclude<OperatorRole, 'owner'>) {
  const invited = await t.admin({ method: 'POST', url: '/api/admin/operators', payload: { name, role } });
  expect(invited.statusCode, invited.body).toBe(201);
  const { id, inviteUrl } = invited.json<{ id: number; inviteUrl: string }>();
  const token = new URL(inviteUrl).pathname.split('/').at(-1)!;
  const password = `${name} has a long password`;
  const accepted = await t.app.inject({
    method: 'POST',
    url: `/api/admin/invites/${token}/accept`,
    payload: { password },
  });
  expect(accepted.statusCode).toBe(200);
  const signedIn = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { name, password },
    remoteAddress: nextAddress(),
  });
  expect(signedIn.statusCode).toBe(200);
  return { id, cookie: cookieOf(signedIn)! };
}

/** The dashboard's "Add a passkey": options, then the authenticator's answer. */
async function addPasskey(cookie: string, key: Passkey) {
  const options = (await as(cookie, 'POST', '/api/admin/me/passkeys/options')).json<Options>();
  const reply = await as(cookie, 'POST', '/api/admin/me/passkeys', {
    answer: key.create(options, PUBLIC_URL),
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json<{ id: number; name: string; createdAt: string; lastUsedAt: string | null }[]>();
}

/** "Sign in with a passkey" on the dashboard's login screen, from a browser without a session. */
async function signIn(key: Passkey, app = t.app, remoteAddress = nextAddress()) {
  const options = await app.inject({ method: 'POST', url: '/api/admin/login/passkey/options', remoteAddress });
  expect(options.statusCode, options.body).toBe(200);
  return app.inject({
    method: 'POST',
    url: '/api/admin/login/passkey',
    payload: { answer: key.get(options.json<Options>(), PUBLIC_URL) },
    remoteAddress,
  });
}

async function audit(query: string): Promise<AuditEntry[]> {
  const reply = await t.admin({ method: 'GET', url: `/api/admin/audit?${query}` });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ items: AuditEntry[] }>().items;
}

const sessionCount = async () => (await t.db.select({ n: count() }).from(adminSessions))[0]!.n;

describe('operator passkeys', () => {
  it('an editor adds a passkey, signs in with it as the editor, and the counter and last use are kept', async () => {
    const editor = await member('Pia', 'editor');
    const key = softwarePasskey();
    const keys = await addPasskey(editor.cookie, key);
    expect(keys).toEqual([
      { id: expect.any(Number), name: 'Browser', createdAt: expect.any(String), lastUsedAt: null },
    ]);
    const [stored] = await t.db.select().from(operatorPasskeys).where(eq(operatorPasskeys.operatorId, editor.id));
    expect(Buffer.isBuffer(stored!.credentialId)).toBe(true);
    expect(stored!.credentialId.toString('base64url')).toBe(key.id);

    const reply = await signIn(key);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ authenticated: true });
    const cookie = cookieOf(reply)!;
    expect(cookie).toBeDefined();
    expect((await as(cookie, 'GET', '/api/admin/me')).json()).toEqual({ id: editor.id, name: 'Pia', role: 'editor' });
    // The role holds: an editor's session may not see the team.
    expect((await as(cookie, 'GET', '/api/admin/operators')).statusCode).toBe(403);

    const [used] = (await as(cookie, 'GET', '/api/admin/me/passkeys')).json<{ lastUsedAt: string | null }[]>();
    expect(used!.lastUsedAt).not.toBeNull();
    const [after] = await t.db.select().from(operatorPasskeys).where(eq(operatorPasskeys.id, stored!.id));
    expect(after!.signCount).toBe(1);

    const entries = await audit(`operator=${editor.id}`);
    const signInEntry = entries.find((e) => e.action === 'operator.sign_in' && e.objectType === 'passkey');
    expect(signInEntry).toMatchObject({
      operator: { id: editor.id, name: 'Pia', role: 'editor' },
      objectId: String(stored!.id),
      objectLabel: 'Browser',
    });
    expect(entries.find((e) => e.action === 'operator.passkey_add')).toMatchObject({ objectLabel: 'Browser' });
  });

  it('a counter that went backwards is refused, written in the log as a failed sign-in, and no session starts', async () => {
    const editor = await member('Cleo', 'editor');
    const key = softwarePasskey();
    await addPasskey(editor.cookie, key);
    expect((await signIn(key)).statusCode).toBe(200);
    // As if a copy of this passkey had already signed in further on.
    await setOperatorPasskeyCounter(t.db, editor.id, 50);
    const sessions = await sessionCount();
    const reply = await signIn(key);
    expect(reply.statusCode).toBe(401);
    expect(reply.json().message).toMatch(/^This passkey could not sign you in: .*counter/i);
    expect(cookieOf(reply)).toBeUndefined();
    expect(await sessionCount()).toBe(sessions);
    const [stored] = await t.db.select().from(operatorPasskeys).where(eq(operatorPasskeys.operatorId, editor.id));
    expect(stored!.signCount).toBe(50);
    const [failed] = await audit('action=operator.sign_in_failed');
    expect(failed).toMatchObject({ operator: { id: null, name: 'Cleo', role: null }, objectType: 'passkey' });
  });

  it('a removed passkey signs in no more; only its operator can remove it', async () => {
    const editor = await member('Remy', 'editor');
    const other = await member('Otto', 'support');
    const key = softwarePasskey();
    const [added] = await addPasskey(editor.cookie, key);
    expect((await as(other.cookie, 'DELETE', `/api/admin/me/passkeys/${added!.id}`)).statusCode).toBe(404);
    expect((await as(editor.cookie, 'DELETE', `/api/admin/me/passkeys/${added!.id}`)).statusCode).toBe(204);
    expect((await as(editor.cookie, 'GET', '/api/admin/me/passkeys')).json()).toEqual([]);
    expect((await as(editor.cookie, 'DELETE', `/api/admin/me/passkeys/${added!.id}`)).statusCode).toBe(404);

    const reply = await signIn(key);
    expect(reply.statusCode).toBe(401);
    expect(reply.json().message).toBe('This passkey does not sign in to the dashboard.');
    expect(cookieOf(reply)).toBeUndefined();
    const entries = await audit(`operator=${editor.id}&action=operator.passkey_remove`);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ objectId: String(added!.id), objectLabel: 'Browser' });
  });

  it("a disabled operator's passkey is refused until they are enabled again", async () => {
    const editor = await member('Dora', 'editor');
    const key = softwarePasskey();
    await addPasskey(editor.cookie, key);
    const disable = (disabled: boolean) =>
      t.admin({ method: 'PATCH', url: `/api/admin/operators/${editor.id}`, payload: { disabled } });
    expect((await disable(true)).statusCode).toBe(200);
    const sessions = await sessionCount();
    const refused = await signIn(key);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(/disabled/);
    expect(cookieOf(refused)).toBeUndefined();
    expect(await sessionCount()).toBe(sessions);
    const [failed] = await audit('action=operator.sign_in_failed');
    expect(failed).toMatchObject({ operator: { name: 'Dora' }, objectType: 'passkey' });

    expect((await disable(false)).statusCode).toBe(200);
    expect((await signIn(key)).statusCode).toBe(200);
  });

  it('a challenge is answered once, and only by the operator it was made for', async () => {
    const editor = await member('Ines', 'editor');
    const analyst = await member('Ugo', 'analyst');
    const options = (await as(editor.cookie, 'POST', '/api/admin/me/passkeys/options')).json<Options>();
    const taken = await as(analyst.cookie, 'POST', '/api/admin/me/passkeys', {
      answer: softwarePasskey().create(options, PUBLIC_URL),
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe('This passkey request has expired or was already used. Please try again.');
    expect(await t.db.select().from(operatorPasskeys).where(eq(operatorPasskeys.operatorId, analyst.id))).toEqual([]);

    const key = softwarePasskey();
    await addPasskey(editor.cookie, key);
    const remoteAddress = nextAddress();
    const signInOptions = (
      await t.app.inject({ method: 'POST', url: '/api/admin/login/passkey/options', remoteAddress })
    ).json<Options>();
    const answer = key.get(signInOptions, PUBLIC_URL);
    const send = () =>
      t.app.inject({ method: 'POST', url: '/api/admin/login/passkey', payload: { answer }, remoteAddress });
    expect((await send()).statusCode).toBe(200);
    const replayed = await send();
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toMatch(/expired or was already used/);
  });
});

describe('viewer and operator passkeys', () => {
  it('a viewer passkey never signs in an operator, and an operator passkey never signs in a viewer', async () => {
    const viewerKey = softwarePasskey();
    const guest = await testBrowser(t, await t.addViewer(), { address: nextAddress() });
    const viewerOptions = (await guest.post('/api/account/passkeys/options')).json<Options>();
    expect(
      (await guest.post('/api/account/passkeys', { answer: viewerKey.create(viewerOptions, PUBLIC_URL) })).statusCode,
    ).toBe(201);

    const sessions = await sessionCount();
    const asOperator = await signIn(viewerKey);
    expect(asOperator.statusCode).toBe(401);
    expect(asOperator.json().message).toBe('This passkey does not sign in to the dashboard.');
    expect(cookieOf(asOperator)).toBeUndefined();
    expect(await sessionCount()).toBe(sessions);
    const [failed] = await audit('action=operator.sign_in_failed');
    expect(failed).toMatchObject({ operator: { id: null, name: 'Unknown passkey' }, objectType: null });

    const operator = await member('Vera', 'analyst');
    const operatorKey = softwarePasskey();
    await addPasskey(operator.cookie, operatorKey);
    const viewerBrowser = await testBrowser(t, await t.addViewer(), { address: nextAddress() });
    const options = (await viewerBrowser.post('/api/sign-in/passkey/options')).json<Options>();
    const asViewer = await viewerBrowser.post('/api/sign-in/passkey', { answer: operatorKey.get(options, PUBLIC_URL) });
    expect(asViewer.statusCode).toBe(401);
    expect(asViewer.json().message).toBe('This passkey is not saved to any account here.');
    expect((await viewerBrowser.get('/api/account')).json()).toMatchObject({ signedIn: false });

    // A challenge of one kind is no challenge of the other.
    const remoteAddress = nextAddress();
    const operatorOptions = (
      await t.app.inject({ method: 'POST', url: '/api/admin/login/passkey/options', remoteAddress })
    ).json<Options>();
    const crossed = await viewerBrowser.post('/api/sign-in/passkey', {
      answer: viewerKey.get(operatorOptions, PUBLIC_URL),
    });
    expect(crossed.statusCode).toBe(400);
    // Each kind stays in its own table.
    expect(
      await t.db
        .select()
        .from(passkeys)
        .where(eq(passkeys.credentialId, Buffer.from(operatorKey.id, 'base64url'))),
    ).toEqual([]);
  });
});

describe('passkey sign-in attempts', () => {
  it('are limited per address like password sign-ins (429 with Retry-After), and the limit writes nothing', async () => {
    const editor = await member('Lim', 'editor');
    const key = softwarePasskey();
    await addPasskey(editor.cookie, key);
    await awayFromMinuteEdge();
    const remoteAddress = nextAddress();
    for (let i = 0; i < SIGN_IN_LIMIT; i++) expect((await signIn(key, strict.app, remoteAddress)).statusCode).toBe(200);
    const sessions = await sessionCount();
    const limited = await strict.app.inject({ method: 'POST', url: '/api/admin/login/passkey/options', remoteAddress });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    const answer = await strict.app.inject({
      method: 'POST',
      url: '/api/admin/login/passkey',
      payload: { answer: key.get({ challenge: 'AAAA', rpId: 'cliffhanger.test' }, PUBLIC_URL) },
      remoteAddress,
    });
    expect(answer.statusCode).toBe(429);
    expect(await sessionCount()).toBe(sessions);
    // Another address is not held back.
    expect((await signIn(key, strict.app)).statusCode).toBe(200);
  });
});

describe('a new ADMIN_PASSWORD', () => {
  it("ends the owner's sessions and passkeys; a restart with the same password keeps them", async () => {
    const first = await createTestContext();
    const second: TestContext[] = [];
    try {
      const ownerPasskeys = async () => (await first.db.select().from(operatorPasskeys)).length;
      const { id: ownerId } = (await first.admin({ method: 'GET', url: '/api/admin/me' })).json();
      await createOperatorPasskey(first.db, ownerId, { name: 'Owner key' });
      const signedIn = () => first.admin({ method: 'GET', url: '/api/admin/me/passkeys' });
      expect((await signedIn()).statusCode).toBe(200);

      second.push(await createTestContext({}, { sharingDatabaseOf: first }));
      expect((await signedIn()).statusCode).toBe(200);
      expect(await ownerPasskeys()).toBe(1);

      second.push(
        await createTestContext({ ADMIN_PASSWORD: 'a new password for the owner' }, { sharingDatabaseOf: first }),
      );
      expect((await signedIn()).statusCode).toBe(401);
      expect(await ownerPasskeys()).toBe(0);
      // The new password signs in (the harness just did), the old one no longer does on the new instance.
      const old = await second[1]!.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { password: 'correct horse battery staple' },
      });
      expect(old.statusCode).toBe(401);
    } finally {
      for (const context of second) await context.close();
      await first.close();
    }
  });
});
