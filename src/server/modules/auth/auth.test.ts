import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  awayFromMinuteEdge,
  createTestContext,
  TEST_ACCESS_CODES,
  TEST_ADMIN_PASSWORD,
  type TestContext,
} from '../../testing/harness.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('access gate', () => {
  it('answers health without a cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('refuses /api and /media without the access cookie', async () => {
    for (const url of ['/api/series', '/api/user', '/media/anything.mp4']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe('Enter your access code first.');
    }
  });

  it('accepts a configured code trimmed and in any case, with an HttpOnly cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/access',
      payload: { code: `  ${TEST_ACCESS_CODES[1]!.toLowerCase()} ` },
    });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies[0]!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: `${cookie.name}=${cookie.value}` },
    });
    expect(health.statusCode).not.toBe(401);
  });

  it('refuses a wrong code with a readable message and no cookie', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/access', payload: { code: 'NOPE' } });
    expect(res.statusCode).toBe(401);
    expect(res.cookies).toHaveLength(0);
    expect(res.json().message).toMatch(/valid access code/);
  });

  it('refuses a body that is not JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/access',
      headers: { 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON.');
  });
});

describe('admin session', () => {
  it('refuses a wrong password', async () => {
    const res = await t.viewer({ method: 'POST', url: '/api/admin/login', payload: { password: 'wrong' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid password. Please try again.');
  });

  it('logs in with a fresh HttpOnly SameSite=Strict session, reports it, and logs out on the server', async () => {
    const login = await t.viewer({
      method: 'POST',
      url: '/api/admin/login',
      payload: { password: TEST_ADMIN_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies[0]!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Strict');
    const headers = { cookie: `${cookie.name}=${cookie.value}` };

    const session = await t.app.inject({ method: 'GET', url: '/api/admin/session', headers });
    expect(session.json()).toEqual({ authenticated: true });

    await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers });
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/session', headers });
    expect(after.json()).toEqual({ authenticated: false });
  });

  it('rotates the session id at login', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { password: TEST_ADMIN_PASSWORD },
    });
    const firstCookie = first.cookies[0]!;
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { password: TEST_ADMIN_PASSWORD },
      headers: { cookie: `${firstCookie.name}=${firstCookie.value}` },
    });
    expect(second.cookies[0]!.value).not.toBe(firstCookie.value);
    const old = await t.app.inject({
      method: 'GET',
      url: '/api/admin/session',
      headers: { cookie: `${firstCookie.name}=${firstCookie.value}` },
    });
    expect(old.json()).toEqual({ authenticated: false });
  });
});

describe('rate limits', () => {
  it('answers 429 with a readable wait after too many login attempts', async () => {
    await awayFromMinuteEdge();
    const limited = await createTestContext({ AUTH_RATE_LIMIT: '3' });
    try {
      const codes: number[] = [];
      let last;
      for (let i = 0; i < 5; i++) {
        last = await limited.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: 'x' } });
        codes.push(last.statusCode);
      }
      // The harness already signed in once, so two more attempts fit in the limit of three.
      expect(codes).toEqual([401, 401, 429, 429, 429]);
      expect(last!.json().message).toMatch(/^Too many attempts\. Try again in \d+ s\.$/);
    } finally {
      await limited.close();
    }
  });
});
