import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EARLY_TAPS_SCRIPT } from '#contract/early-taps.ts';
import { INSTALL_OFFER_SCRIPT } from '#contract/install-offer.ts';
import { parseTrustProxy } from '../config.ts';
import { walletLedger } from '../db/schema.ts';
import { awayFromMinuteEdge, createTestContext, TEST_ACCESS_CODES, type TestContext } from '../testing/harness.ts';
import { createEpisode, createSeries, creditViewer, deleteSeries } from '../testing/factory.ts';

const contexts: TestContext[] = [];
async function context(env: Record<string, string> = {}, sharing?: TestContext) {
  const made = await createTestContext(env, { sharingDatabaseOf: sharing });
  contexts.push(made);
  return made;
}
afterAll(async () => {
  for (const made of contexts.reverse()) await made.close();
});

async function balanceAndLedger(t: TestContext) {
  const [user] = (await t.db.execute<{ coins: number; bonuses: number }>(sql`select coins, bonuses from users`)).rows;
  const [ledger] = await t.db.select({ n: count() }).from(walletLedger);
  return { user, ledger: ledger!.n };
}

describe('the audit’s requests', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await context();
  });

  it('#1: /%61pi is /api to the guards too: no cookie, no coins', async () => {
    const before = await balanceAndLedger(t);
    const purchase = await t.app.inject({
      method: 'POST',
      url: '/%61pi/user/user-1/purchase-tokens',
      payload: { packageId: 'package-6' },
    });
    expect(purchase.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/%61pi/user' })).statusCode).toBe(401);
    expect(await balanceAndLedger(t)).toEqual(before);
  });

  it('#1: password and code guesses count in one bucket however the path is spelled', async () => {
    await awayFromMinuteEdge();
    const t = await context({ AUTH_RATE_LIMIT: '3' });
    const statuses: number[] = [];
    for (const url of ['/api/admin/login', '/%61pi/admin/login', '/api/admin/%6cogin', '/%61pi/admin/login']) {
      statuses.push((await t.app.inject({ method: 'POST', url, payload: { password: 'guess' } })).statusCode);
    }
    // The harness signed in once: two wrong guesses fit in the limit of three, then every spelling is refused.
    expect(statuses).toEqual([401, 401, 429, 429]);
    const guesses = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({ method: 'POST', url: '/%61pi/access', payload: { code: 'WRONG' } }),
      ),
    );
    expect(guesses.filter((g) => g.statusCode === 429).length).toBeGreaterThanOrEqual(8);
  });

  it('#1 and issue 14: attempts are counted in PostgreSQL, so a second instance shares the count', async () => {
    await awayFromMinuteEdge();
    const first = await context({ AUTH_RATE_LIMIT: '3' });
    const other = await context({ AUTH_RATE_LIMIT: '3' }, first);
    const attempt = (on: TestContext) =>
      on.app.inject({ method: 'POST', url: '/api/access', payload: { code: 'WRONG' } });
    // Each instance's harness used one attempt of the window for its own access cookie: two of three.
    expect((await attempt(first)).statusCode).toBe(401);
    expect((await attempt(other)).statusCode).toBe(429);
    expect((await attempt(first)).statusCode).toBe(429);
    const retryAfter = Number((await attempt(other)).headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('#2: a path of 7,000 folders is a 404 without a query; /%6dedia is behind the gate', async () => {
    const deep = `/%6dedia/${'a/'.repeat(7000)}x.m4s`;
    expect((await t.app.inject({ method: 'GET', url: deep })).statusCode).toBe(401);
    const reply = await t.viewer({ method: 'GET', url: deep });
    expect(reply.statusCode).toBe(404);
    expect(reply.body.length).toBeLessThan(200);
  });

  it('#2: media is rate-limited like the rest', async () => {
    const limited = await context({ MEDIA_RATE_LIMIT: '3' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await limited.viewer({ method: 'GET', url: `/media/art/none-${i}.svg` })).statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
  });

  it('#10: a cookie-carrying request from another site is refused, and nothing is written', async () => {
    const before = await balanceAndLedger(t);
    const purchase = (headers: Record<string, string | undefined>) =>
      t.viewer({
        method: 'POST',
        url: '/api/user/user-1/purchase-tokens',
        payload: { packageId: 'package-1' },
        headers,
      });
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:8080', host: 'localhost' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: 'http://localhost:80' },
    ]) {
      const reply = await purchase(headers);
      expect(reply.statusCode, JSON.stringify(headers)).toBe(403);
      expect(reply.json().message).toBe('This request came from another site and was refused.');
    }
    expect(await balanceAndLedger(t)).toEqual(before);
    expect((await purchase({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect((await purchase({ origin: 'http://localhost:80', host: 'localhost:80' })).statusCode).toBe(200);
  });

  it('#10: a body that is not JSON is refused with 415, even where no body is expected', async () => {
    const before = await balanceAndLedger(t);
    const checkIn = await t.viewer({
      method: 'POST',
      url: '/api/user/user-1/daily-checkin',
      headers: { 'content-type': 'text/plain' },
      payload: 'like',
    });
    expect(checkIn.statusCode).toBe(415);
    expect(checkIn.json().message).toBe('Send the body as JSON (Content-Type: application/json).');
    const like = await t.viewer({
      method: 'POST',
      url: '/api/user/user-1/like/1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=b',
    });
    expect(like.statusCode).toBe(415);
    expect(await balanceAndLedger(t)).toEqual(before);
  });

  it('#9: HSTS only when the request came over TLS through a proxy we trust', async () => {
    const behindProxy = await context({ TRUST_PROXY: '127.0.0.1' });
    const https = { 'x-forwarded-proto': 'https' };
    const hsts = (reply: { headers: Record<string, unknown> }) => reply.headers['strict-transport-security'];
    expect(hsts(await behindProxy.app.inject({ method: 'GET', url: '/api/health', headers: https }))).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(hsts(await behindProxy.app.inject({ method: 'GET', url: '/api/health' }))).toBeUndefined();
    // Without proxy trust, anyone could write that header.
    expect(hsts(await t.app.inject({ method: 'GET', url: '/api/health', headers: https }))).toBeUndefined();
  });

  it('every reply carries the security headers: a read, a refusal, an unknown path, a failed write', async () => {
    const replies = [
      await t.viewer({ method: 'GET', url: '/api/carousel' }),
      await t.app.inject({ method: 'GET', url: '/api/carousel' }),
      await t.viewer({ method: 'GET', url: '/api/no-such-route' }),
      await t.viewer({ method: 'POST', url: '/api/user/user-1/purchase-tokens', payload: { packageId: 'nope' } }),
    ];
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 401, 404, 400]);
    for (const reply of replies) {
      expect(reply.headers['content-security-policy']).toContain("default-src 'self'");
      expect(reply.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(reply.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(reply.headers['cross-origin-resource-policy']).toBe('same-site');
      expect(reply.headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(reply.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('scripts run from our own files, and inline only the two first scripts of our pages, by their hashes', async () => {
    const reply = await t.app.inject({ method: 'GET', url: '/api/health' });
    const policy = String(reply.headers['content-security-policy']);
    const scriptSrc = /(?:^|;)script-src ([^;]*)/.exec(policy)?.[1];
    const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    expect(scriptSrc?.split(' ')).toEqual(["'self'", hash(EARLY_TAPS_SCRIPT), hash(INSTALL_OFFER_SCRIPT)]);
    // The app's service worker and manifest (docs/pwa.md).
    expect(policy).toMatch(/(?:^|;)worker-src 'self'/);
    expect(policy).toMatch(/(?:^|;)manifest-src 'self'(?:;|$)/);
  });
});

describe('#4: proxy trust', () => {
  it('reads TRUST_PROXY as a hop count, addresses and networks, or true', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.2')).toBe('10.0.0.0/8,192.168.1.2');
    expect(parseTrustProxy('fd00::/8')).toBe('fd00::/8');
    const hops = parseTrustProxy('2') as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => hops('10.0.0.1', hop))).toEqual([true, true, false]);
    for (const bad of ['yes', '10.0.0.0/33', 'example.com', '1.2.3', '-1'])
      expect(parseTrustProxy(bad), bad).toBeNull();
  });

  it('with one trusted hop, a client cannot choose its own address by writing X-Forwarded-For', async () => {
    await awayFromMinuteEdge();
    const oneHop = await context({ TRUST_PROXY: '1', AUTH_RATE_LIMIT: '3' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const reply = await oneHop.app.inject({
        method: 'POST',
        url: '/api/access',
        payload: { code: 'WRONG' },
        headers: { 'x-forwarded-for': `10.1.${i}.1, 127.0.0.2` },
      });
      statuses.push(reply.statusCode);
    }
    // All five come from 127.0.0.2, the address our one proxy saw: limited after three.
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});

describe('#12: media cache headers that cannot leak', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await context();
  });

  it('free media may be cached by anyone; an unlocked episode’s only by the viewer’s browser', async () => {
    const paid = await createSeries(t.db, {
      title: 'Paid',
      description: 'd',
      thumbnailUrl: '/media/art/p.svg',
      genre: 'Romance',
      isFree: false,
      totalEpisodes: 20,
    });
    const folder = (n: number) => `series/${paid.id}/episodes/${n}/1-1-abcdef`;
    for (const n of [1, 11]) {
      fs.mkdirSync(path.join(t.mediaDir, folder(n)), { recursive: true });
      fs.writeFileSync(path.join(t.mediaDir, folder(n), 'master.m3u8'), '#EXTM3U\n');
      await createEpisode(t.db, paid.id, n, {
        videoUrl: `/media/${folder(n)}/master.m3u8`,
        thumbnailUrl: '',
        duration: 0,
      });
    }
    const free = await t.viewer({ method: 'GET', url: `/media/${folder(1)}/master.m3u8` });
    expect(free.statusCode).toBe(200);
    expect(free.headers['cache-control']).toMatch(/^public/);
    expect((await t.viewer({ method: 'GET', url: `/media/${folder(11)}/master.m3u8` })).statusCode).toBe(403);

    await creditViewer(t.db, t.viewerId, { bonuses: 1000 });
    const unlock = await t.viewer({
      method: 'POST',
      url: '/api/user/user-1/unlock-episode',
      payload: { seriesId: paid.id, episodeNumber: 11 },
    });
    expect(unlock.statusCode).toBe(201);
    const unlocked = await t.viewer({ method: 'GET', url: `/media/${folder(11)}/master.m3u8` });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.headers['cache-control']).toMatch(/^private/);
    expect(unlocked.headers['cache-control']).not.toContain('public');
    await deleteSeries(t.db, paid.id);
  });
});

describe('an access code still opens the gate through the new guard', () => {
  it('grants with any configured code', async () => {
    const t = await context();
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/access',
      payload: { code: ` ${TEST_ACCESS_CODES[1]!.toLowerCase()} ` },
    });
    expect(reply.statusCode).toBe(200);
  });
});
