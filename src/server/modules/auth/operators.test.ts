import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, OperatorRole } from '#contract/index.ts';
import { createTestContext, TEST_ADMIN_PASSWORD, type TestContext } from '../../testing/harness.ts';
import { createSeries, expireOperatorInvite } from '../../testing/factory.ts';

let t: TestContext;
let other: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  // A second instance on the same database, behind a proxy it trusts (the one at 127.0.0.1, as inject() calls).
  other = await createTestContext({ TRUST_PROXY: '127.0.0.1' }, { sharingDatabaseOf: t });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const cookieOf = (reply: { cookies: { name: string; value: string }[] }) =>
  `${reply.cookies[0]!.name}=${reply.cookies[0]!.value}`;

async function invite(name: string, role: Exclude<OperatorRole, 'owner'>) {
  const reply = await t.admin({ method: 'POST', url: '/api/admin/operators', payload: { name, role } });
  expect(reply.statusCode, reply.body).toBe(201);
  const body = reply.json<{ id: number; name: string; role: string; inviteUrl: string }>();
  const token = new URL(body.inviteUrl).pathname.split('/').at(-1)!;
  return { ...body, token };
}

const accept = (token: string, password: string, app = t.app) =>
  app.inject({ method: 'POST', url: `/api/admin/invites/${token}/accept`, payload: { password } });

const login = (name: string | undefined, password: string, app = t.app, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/admin/login', payload: { name, password }, headers });

/** A signed-in team member: invited, password set, signed in. */
async function member(name: string, role: Exclude<OperatorRole, 'owner'>) {
  const invited = await invite(name, role);
  const password = `${name} password of some length`;
  expect((await accept(invited.token, password)).statusCode).toBe(200);
  const signedIn = await login(name, password);
  expect(signedIn.statusCode).toBe(200);
  return { id: invited.id, password, cookie: cookieOf(signedIn) };
}

async function audit(query: string): Promise<AuditEntry[]> {
  const reply = await t.admin({ method: 'GET', url: `/api/admin/audit?${query}` });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json<{ items: AuditEntry[] }>().items;
}

describe('invites', () => {
  it('creates an operator with a one-time link that sets a password of at least 12 characters', async () => {
    const invited = await invite('Ada', 'editor');
    expect(invited).toMatchObject({ name: 'Ada', role: 'editor' });
    expect(invited.inviteUrl).toMatch(/^http:\/\/localhost(:\d+)?\/admin\/invite\/[A-Za-z0-9_-]{43}$/);

    const page = await t.app.inject({ method: 'GET', url: `/api/admin/invites/${invited.token}` });
    expect(page.json()).toEqual({ name: 'Ada', role: 'editor' });

    const short = await accept(invited.token, 'eleven char');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/at least 12 characters/);

    expect((await accept(invited.token, 'a long enough password')).statusCode).toBe(200);
    const again = await accept(invited.token, 'another long password');
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toMatch(/not valid any more/);

    expect((await login('Ada', 'another long password')).statusCode).toBe(401);
    const signedIn = await login('ada', 'a long enough password');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ authenticated: true });
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: cookieOf(signedIn) } });
    expect(me.json()).toEqual({ id: invited.id, name: 'Ada', role: 'editor' });
  });

  it('refuses an invite after 72 hours', async () => {
    const invited = await invite('Late', 'analyst');
    await expireOperatorInvite(t.db, invited.id);
    expect((await accept(invited.token, 'a long enough password')).statusCode).toBe(404);
    const [row] = (
      await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from operators where id = ${invited.id} and password_hash is null`,
      )
    ).rows;
    expect(row!.n).toBe(1);
  });

  it('refuses an invite of an operator who was removed', async () => {
    const invited = await invite('Gone', 'support');
    expect((await t.admin({ method: 'DELETE', url: `/api/admin/operators/${invited.id}` })).statusCode).toBe(204);
    expect((await accept(invited.token, 'a long enough password')).statusCode).toBe(404);
  });

  it('refuses a second operator of the same name, whatever its case, and the owner role', async () => {
    await invite('Grace', 'analyst');
    const twice = await t.admin({
      method: 'POST',
      url: '/api/admin/operators',
      payload: { name: 'GRACE', role: 'editor' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('There is already an operator named GRACE.');
    const owner = await t.admin({
      method: 'POST',
      url: '/api/admin/operators',
      payload: { name: 'Boss', role: 'owner' },
    });
    expect(owner.statusCode).toBe(400);
  });
});

describe('sign-in', () => {
  it('keeps the password-only sign-in as the owner', async () => {
    const reply = await login(undefined, TEST_ADMIN_PASSWORD);
    expect(reply.json()).toEqual({ authenticated: true });
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { cookie: cookieOf(reply) } });
    expect(me.json()).toEqual({ id: 1, name: 'Owner', role: 'owner' });
    expect((await login('', TEST_ADMIN_PASSWORD)).statusCode).toBe(200);
    expect((await login('Owner', TEST_ADMIN_PASSWORD)).statusCode).toBe(200);
    expect((await login(undefined, 'wrong')).json().message).toBe('Invalid password. Please try again.');
  });

  it('records sign-ins and failed sign-ins with the address the proxy reports when it is trusted', async () => {
    const failed = await login('Nobody', 'not the password', other.app, { 'x-forwarded-for': '203.0.113.9' });
    expect(failed.statusCode).toBe(401);
    expect(failed.json().message).toBe('Invalid name or password. Please try again.');
    const [entry] = await audit('action=operator.sign_in_failed&limit=1');
    expect(entry).toMatchObject({ operator: { id: null, name: 'Nobody', role: null }, address: '203.0.113.9' });

    // The instance that trusts no proxy records the connection's own address.
    await login(undefined, TEST_ADMIN_PASSWORD, t.app, { 'x-forwarded-for': '203.0.113.9' });
    const [signIn] = await audit('action=operator.sign_in&limit=1');
    expect(signIn).toMatchObject({ operator: { name: 'Owner', role: 'owner' }, address: '127.0.0.1' });
  });
});

describe('roles and the team', () => {
  it('an editor changes a price and the log keeps who, the old and the new price; an analyst is refused', async () => {
    const editor = await member('Edith', 'editor');
    const analyst = await member('Anand', 'analyst');
    const first = await createSeries(t.db, {
      title: 'Priced Drama',
      description: 'x',
      genre: 'Drama',
      thumbnailUrl: '/media/x.jpg',
      episodeCost: 30,
    });
    const put = (cookie: string, episodeCost: number) =>
      t.app.inject({ method: 'PUT', url: `/api/series/${first.id}`, headers: { cookie }, payload: { episodeCost } });

    const refused = await put(analyst.cookie, 1);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Signed in as Anand (analyst), you cannot do this: it is for the owner and editors.',
    );
    expect((await put(editor.cookie, first.episodeCost + 7)).statusCode).toBe(200);

    const [change] = await audit(`operator=${editor.id}&action=series`);
    expect(change).toMatchObject({
      operator: { id: editor.id, name: 'Edith', role: 'editor' },
      action: 'series.update',
      objectType: 'series',
      objectId: String(first.id),
      objectLabel: first.title,
      changes: { episodeCost: { before: first.episodeCost, after: first.episodeCost + 7 } },
      address: '127.0.0.1',
    });
    expect(Object.keys(change!.changes!)).toEqual(['episodeCost']);

    // The analyst reads the log and the insights; the editor reads neither.
    const read = (cookie: string, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
    expect((await read(analyst.cookie, '/api/admin/audit')).statusCode).toBe(200);
    expect((await read(analyst.cookie, '/api/admin/insights/summary?from=2026-01-01&to=2026-01-31')).statusCode).toBe(
      200,
    );
    expect((await read(editor.cookie, '/api/admin/audit')).statusCode).toBe(403);

    // A new role holds from the next request.
    const promoted = await t.admin({
      method: 'PATCH',
      url: `/api/admin/operators/${analyst.id}`,
      payload: { role: 'editor' },
    });
    expect(promoted.json()).toMatchObject({ role: 'editor', status: 'active' });
    expect((await put(analyst.cookie, first.episodeCost)).statusCode).toBe(200);
    const [roleChange] = await audit('action=team.update&limit=1');
    expect(roleChange!.changes).toEqual({ role: { before: 'analyst', after: 'editor' } });
  });

  it("a disabled operator's next request is refused on another instance, and stays refused", async () => {
    const editor = await member('Dee', 'editor');
    const onOther = () =>
      other.app.inject({ method: 'GET', url: '/api/admin/catalogue-figures', headers: { cookie: editor.cookie } });
    expect((await onOther()).statusCode).toBe(200);

    const disabled = await t.admin({
      method: 'PATCH',
      url: `/api/admin/operators/${editor.id}`,
      payload: { disabled: true },
    });
    expect(disabled.json()).toMatchObject({ status: 'disabled' });
    const refused = await onOther();
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Your admin session has ended. Please sign in again.');
    expect((await login('Dee', editor.password, other.app)).statusCode).toBe(401);

    // Enabled again, the old session stays ended; a new sign-in works.
    await t.admin({ method: 'PATCH', url: `/api/admin/operators/${editor.id}`, payload: { disabled: false } });
    expect((await onOther()).statusCode).toBe(401);
    expect((await login('Dee', editor.password, other.app)).statusCode).toBe(200);
  });

  it('lists the team with roles, last sign-in and status; the owner cannot be changed or removed', async () => {
    const team = (await t.admin({ method: 'GET', url: '/api/admin/operators' })).json<
      { id: number; name: string; role: string; status: string; lastSignInAt: string | null }[]
    >();
    expect(team[0]).toMatchObject({ id: 1, name: 'Owner', role: 'owner', status: 'active' });
    expect(team[0]!.lastSignInAt).not.toBeNull();
    expect(team.find((o) => o.name === 'Grace')).toMatchObject({ status: 'invited', lastSignInAt: null });
    for (const request of [
      { method: 'PATCH' as const, url: '/api/admin/operators/1', payload: { disabled: true } },
      { method: 'DELETE' as const, url: '/api/admin/operators/1' },
    ]) {
      const reply = await t.admin(request);
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toMatch(/owner cannot be changed/);
    }
    const removed = await member('Temp', 'support');
    await t.admin({ method: 'DELETE', url: `/api/admin/operators/${removed.id}` });
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/admin/viewers/${t.viewerId.slice(-8)}`,
      headers: { cookie: removed.cookie },
    });
    expect(after.statusCode).toBe(401);
    const [removal] = await audit('action=team.remove&limit=1');
    expect(removal).toMatchObject({ objectLabel: 'Temp', changes: { name: { before: 'Temp', after: null } } });
  });
});

describe('support', () => {
  it("grants coins with a reason that the viewer's ledger and the audit log keep", async () => {
    const support = await member('Sam', 'support');
    // The UID a viewer's profile shows: the last 8 characters of their id.
    const uid = t.viewerId.slice(-8);
    const as = (options: { method: 'GET' | 'POST'; url: string; payload?: object }) =>
      t.app.inject({ ...options, headers: { cookie: support.cookie } });
    const before = (await as({ method: 'GET', url: `/api/admin/viewers/${uid}` })).json<{
      coins: number;
      uid: string;
    }>();
    expect(before.uid).toBe(uid);
    expect(uid).toHaveLength(8);

    const granted = await as({
      method: 'POST',
      url: `/api/admin/viewers/${uid}/coins`,
      payload: { coins: 40, reason: 'Episode 3 froze twice' },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({ coins: before.coins + 40 });
    expect(granted.json().ledger[0]).toMatchObject({ kind: 'grant', coinsDelta: 40, reason: 'Episode 3 froze twice' });

    const ledger = (await t.viewer({ method: 'GET', url: '/api/user/user-1/transactions' })).json<
      { kind: string; coinsDelta: number }[]
    >();
    expect(ledger[0]).toMatchObject({ kind: 'grant', coinsDelta: 40 });
    expect((await t.viewer({ method: 'GET', url: '/api/user' })).json().coins).toBe(before.coins + 40);

    const [entry] = await audit(`operator=${support.id}`);
    expect(entry).toMatchObject({
      operator: { name: 'Sam', role: 'support' },
      action: 'viewer.coins_granted',
      objectType: 'viewer',
      objectId: t.viewerId,
      reason: 'Episode 3 froze twice',
      changes: { coins: { before: before.coins, after: before.coins + 40 } },
    });

    const tooMuch = await as({
      method: 'POST',
      url: `/api/admin/viewers/${uid}/coins`,
      payload: { coins: -(before.coins + 41), reason: 'Refunded by the store' },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toBe(
      `This viewer has ${before.coins + 40} coins: you can take back at most that many.`,
    );
    const noReason = await as({ method: 'POST', url: `/api/admin/viewers/${uid}/coins`, payload: { coins: 5 } });
    expect(noReason.statusCode).toBe(400);
    expect((await as({ method: 'GET', url: '/api/admin/viewers/nobody99' })).statusCode).toBe(404);
  });
});

describe('the audit log', () => {
  it('pages newest first, filters by time, and cannot be edited', async () => {
    const firstPage = await t.admin({ method: 'GET', url: '/api/admin/audit?limit=2' });
    const page = firstPage.json<{ items: AuditEntry[]; nextCursor: number }>();
    expect(page.items).toHaveLength(2);
    expect(page.items[0]!.id).toBeGreaterThan(page.items[1]!.id);
    const next = (await t.admin({ method: 'GET', url: `/api/admin/audit?limit=2&cursor=${page.nextCursor}` })).json<{
      items: AuditEntry[];
    }>();
    expect(next.items[0]!.id).toBeLessThan(page.items[1]!.id);

    expect(await audit('to=2000-01-01')).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await audit(`from=${today}&to=${today}`)).length).toBeGreaterThan(0);
    expect((await t.admin({ method: 'GET', url: '/api/admin/audit?from=yesterday' })).statusCode).toBe(400);

    // The raw update is the check: the audit table refuses any edit, whoever sends it.
    await expect(t.db.execute(sql`update operator_audit set operator_name = 'someone else'`)).rejects.toThrow();
  });
});
