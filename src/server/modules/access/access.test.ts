import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ACCESS_CODES, type TestContext } from '../../testing/harness.ts';
import { readAccessGate } from './access.repository.ts';
import { readAccessCookie, writeAccessCookie } from './access-cookie.ts';

let t: TestContext;
let second: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  // Another instance behind the same load balancer.
  second = await createTestContext({}, { sharingDatabaseOf: t });
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

async function grant(on: TestContext = t, code = TEST_ACCESS_CODES[0]!) {
  const reply = await on.app.inject({ method: 'POST', url: '/api/access', payload: { code } });
  expect(reply.statusCode).toBe(200);
  return reply.cookies[0]!.value;
}

const userStatus = async (on: TestContext, cookie: string) =>
  (await on.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: `cliffhanger_access=${cookie}` } }))
    .statusCode;

/** Revocations reach the other instance through PostgreSQL; give it the second the issue allows. */
async function within(ms: number, check: () => Promise<boolean>) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}

describe('access cookies', () => {
  it('pass on every instance, and a forged, altered or expired one is refused', async () => {
    const cookie = await grant();
    expect(await userStatus(t, cookie)).toBe(200);
    expect(await userStatus(second, cookie)).toBe(200);

    const { signingKey } = await readAccessGate(t.db);
    const pass = readAccessCookie(signingKey, cookie)!;
    const [head, signature] = [cookie.slice(0, cookie.lastIndexOf('.')), cookie.slice(cookie.lastIndexOf('.') + 1)];
    const forged = writeAccessCookie('not our key', pass);
    const longer = head.replace(/\.(\d+)$/, (_, exp: string) => `.${Number(exp) + 86400 * 365}`) + `.${signature}`;
    const expired = writeAccessCookie(signingKey, { ...pass, expiresAt: Math.floor(Date.now() / 1000) - 1 });
    const otherCode = writeAccessCookie(signingKey, { ...pass, codeId: 'a-code-nobody-configured' });
    for (const bad of [forged, longer, expired, otherCode, 'garbage', `${cookie}x`, '']) {
      expect(await userStatus(t, bad), bad).toBe(401);
    }
  });

  it('leaving the preview ends that session on every instance, clears the cookie, and keeps the others', async () => {
    const leaving = await grant();
    const staying = await grant();
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/access/leave',
      headers: { cookie: `cliffhanger_access=${leaving}` },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ granted: false });
    const cleared = reply.cookies.find((c) => c.name === 'cliffhanger_access')!;
    expect(cleared.value).toBe('');
    expect(await userStatus(t, leaving)).toBe(401);
    expect(await within(1000, async () => (await userStatus(second, leaving)) === 401)).toBe(true);
    expect(await userStatus(t, staying)).toBe(200);
    expect(await userStatus(second, staying)).toBe(200);
  });

  it('an operator revokes all viewer access at once, on every instance; a code still opens the gate again', async () => {
    const before = [await grant(), await grant(second)];
    expect((await t.viewer({ method: 'POST', url: '/api/admin/access/revoke-all' })).statusCode).toBe(401);
    const reply = await second.admin({ method: 'POST', url: '/api/admin/access/revoke-all' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().revokedSessions).toBeGreaterThanOrEqual(2);
    for (const cookie of before) {
      expect(await userStatus(second, cookie)).toBe(401);
      expect(await within(1000, async () => (await userStatus(t, cookie)) === 401)).toBe(true);
    }
    const again = await grant();
    expect(await userStatus(t, again)).toBe(200);
    expect(await userStatus(second, again)).toBe(200);
  });

  it('changing ACCESS_CODES ends the sessions of the removed code on every instance', async () => {
    const [kept, removed] = TEST_ACCESS_CODES as [string, string];
    const ofKept = await grant(t, kept);
    const ofRemoved = await grant(t, removed);
    // An instance restarted with one code fewer.
    const restarted = await createTestContext({ ACCESS_CODES: `${kept},NEW-CODE` }, { sharingDatabaseOf: t });
    try {
      expect(await userStatus(restarted, ofRemoved)).toBe(401);
      expect(await within(1000, async () => (await userStatus(t, ofRemoved)) === 401)).toBe(true);
      expect(await userStatus(t, ofKept)).toBe(200);
      expect(await userStatus(restarted, ofKept)).toBe(200);
      expect(
        (await restarted.app.inject({ method: 'POST', url: '/api/access', payload: { code: removed } })).statusCode,
      ).toBe(401);
      expect(await userStatus(restarted, await grant(restarted, 'new-code'))).toBe(200);
    } finally {
      await restarted.close();
    }
  });
});
