import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletLedger, series, unlocks } from '../db/schema.ts';
import { createTestContext, TEST_ACCESS_CODES, TEST_ADMIN_PASSWORD, type TestContext } from '../testing/harness.ts';
import { guardsPlugin, type Guard } from './guards.ts';

/**
 * The guard decision of every route. A route added without a line here fails the first test, so nobody adds a
 * route without deciding who may use it.
 */
const GUARD_OF_ROUTE: Record<string, Guard> = {
  // One route per file of the built client (this test's client has one file).
  'GET /index.html': 'public',
  'HEAD /index.html': 'public',
  'GET /watch/:episodeId': 'public',
  'HEAD /watch/:episodeId': 'public',
  'GET /': 'public',
  'HEAD /': 'public',
  'GET /discover': 'public',
  'HEAD /discover': 'public',
  'GET /series/:id': 'public',
  'HEAD /series/:id': 'public',
  'GET /library': 'public',
  'HEAD /library': 'public',
  'GET /rewards': 'public',
  'HEAD /rewards': 'public',
  'GET /profile': 'public',
  'HEAD /profile': 'public',
  'GET /api/health': 'public',
  'HEAD /api/health': 'public',
  'POST /api/access': 'public',
  'POST /api/access/leave': 'public',
  'POST /api/admin/login': 'public',
  'POST /api/admin/logout': 'public',
  'GET /api/admin/session': 'public',
  'HEAD /api/admin/session': 'public',
  'POST /api/admin/access/revoke-all': 'operator',
  'GET /api/admin/video-processing': 'operator',
  'HEAD /api/admin/video-processing': 'operator',
  'GET /api/admin/series-languages': 'operator',
  'HEAD /api/admin/series-languages': 'operator',
  'GET /api/series/:id/translations': 'operator',
  'HEAD /api/series/:id/translations': 'operator',
  'PUT /api/series/:id/translations/:language': 'operator',
  'DELETE /api/series/:id/translations/:language': 'operator',
  'GET /api/episodes/:episodeId/subtitles': 'operator',
  'HEAD /api/episodes/:episodeId/subtitles': 'operator',
  'GET /api/episodes/:episodeId/subtitles/:language/cues': 'operator',
  'HEAD /api/episodes/:episodeId/subtitles/:language/cues': 'operator',
  'PUT /api/episodes/:episodeId/subtitles/:language': 'operator',
  'DELETE /api/episodes/:episodeId/subtitles/:language': 'operator',
  'POST /api/series/:id/subtitles': 'operator',
  'GET /api/openapi.json': 'viewer',
  'HEAD /api/openapi.json': 'viewer',
  'GET /api/series': 'viewer',
  'HEAD /api/series': 'viewer',
  'GET /api/series/new': 'viewer',
  'HEAD /api/series/new': 'viewer',
  'GET /api/series/popular': 'viewer',
  'HEAD /api/series/popular': 'viewer',
  'GET /api/series/trending': 'viewer',
  'HEAD /api/series/trending': 'viewer',
  'GET /api/series/:id': 'viewer',
  'HEAD /api/series/:id': 'viewer',
  'GET /api/series/:id/episodes': 'viewer',
  'HEAD /api/series/:id/episodes': 'viewer',
  'GET /api/series/search': 'viewer',
  'HEAD /api/series/search': 'viewer',
  'GET /api/series/lists/:list': 'viewer',
  'HEAD /api/series/lists/:list': 'viewer',
  'GET /api/series/by-id': 'viewer',
  'HEAD /api/series/by-id': 'viewer',
  'GET /api/admin/catalogue-figures': 'operator',
  'HEAD /api/admin/catalogue-figures': 'operator',
  'GET /api/episodes/:episodeId': 'viewer',
  'HEAD /api/episodes/:episodeId': 'viewer',
  'POST /api/series': 'operator',
  'POST /api/series/artwork': 'operator',
  'PUT /api/series/:id': 'operator',
  'DELETE /api/series/:id': 'operator',
  'GET /api/carousel': 'viewer',
  'HEAD /api/carousel': 'viewer',
  'POST /api/carousel': 'operator',
  'PUT /api/carousel/reorder': 'operator',
  'DELETE /api/carousel/:id': 'operator',
  'GET /api/trending': 'viewer',
  'HEAD /api/trending': 'viewer',
  'POST /api/trending': 'operator',
  'PUT /api/trending/reorder': 'operator',
  'PUT /api/trending/:id': 'operator',
  'DELETE /api/trending/:id': 'operator',
  'GET /api/user': 'viewer',
  'HEAD /api/user': 'viewer',
  'GET /api/user/:userId': 'viewer',
  'HEAD /api/user/:userId': 'viewer',
  'GET /api/packages': 'viewer',
  'HEAD /api/packages': 'viewer',
  'POST /api/user/:userId/purchase-tokens': 'viewer',
  'POST /api/user/:userId/daily-checkin': 'viewer',
  'POST /api/user/:userId/unlock-episode': 'viewer',
  'GET /api/user/:userId/unlocked-episodes': 'viewer',
  'HEAD /api/user/:userId/unlocked-episodes': 'viewer',
  'GET /api/user/:userId/transactions': 'viewer',
  'HEAD /api/user/:userId/transactions': 'viewer',
  'POST /api/user/:userId/like/:seriesId': 'viewer',
  'POST /api/user/:userId/bookmark/:seriesId': 'viewer',
  'GET /api/user/:userId/liked': 'viewer',
  'HEAD /api/user/:userId/liked': 'viewer',
  'GET /api/user/:userId/bookmarked': 'viewer',
  'HEAD /api/user/:userId/bookmarked': 'viewer',
  'POST /api/progress': 'viewer',
  'POST /api/events': 'viewer',
  'GET /api/admin/insights/summary': 'operator',
  'HEAD /api/admin/insights/summary': 'operator',
  'GET /api/admin/insights/series/:id': 'operator',
  'HEAD /api/admin/insights/series/:id': 'operator',
  'GET /api/user/:userId/progress': 'viewer',
  'HEAD /api/user/:userId/progress': 'viewer',
  'GET /api/user/:userId/series/:id/progress': 'viewer',
  'HEAD /api/user/:userId/series/:id/progress': 'viewer',
  'GET /api/user/:userId/episodes/:episodeId/progress': 'viewer',
  'HEAD /api/user/:userId/episodes/:episodeId/progress': 'viewer',
  'GET /media/*': 'viewer',
  'HEAD /media/*': 'viewer',
  // The token in the path is the pass (checked by the route itself, without the database).
  'GET /media/~t/:token/*': 'public',
  'HEAD /media/~t/:token/*': 'public',
  'GET /api/episodes/:episodeId/playback': 'viewer',
  'HEAD /api/episodes/:episodeId/playback': 'viewer',
  'GET /api/series/:id/episodes/admin': 'operator',
  'HEAD /api/series/:id/episodes/admin': 'operator',
  'GET /api/episodes/:episodeId/admin': 'operator',
  'HEAD /api/episodes/:episodeId/admin': 'operator',
  'POST /api/series/:id/episodes': 'operator',
  'PUT /api/episodes/:episodeId/video': 'operator',
  'POST /api/episodes/:episodeId/retry-transcode': 'operator',
  'PUT /api/episodes/:episodeId': 'operator',
  'DELETE /api/episodes/:episodeId': 'operator',
};

/** Routes that end the session they are called with: each gets a session of its own. */
const ENDS_ITS_SESSION = new Set([
  'POST /api/access/leave',
  'POST /api/admin/logout',
  'POST /api/admin/access/revoke-all',
]);

let t: TestContext;
let clientDir: string;
beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-guards-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>app</title>');
  t = await createTestContext({ CLIENT_DIR: clientDir });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

/** A concrete URL for a route: ids that exist nowhere (so nothing is found or changed), the one viewer. */
function concreteUrl(route: string) {
  return route
    .replace(':userId', 'user-1')
    .replace(/:(id|episodeId|seriesId)\b/g, '999999')
    .replace('/media/~t/:token/*', '/media/~t/not-a-token/series/1/x/seg_00001.m4s')
    .replace('/media/*', '/media/series/1/x/seg_00001.m4s');
}

/** The same address spelled the ways an attacker would try; the router decodes some of them to the route. */
function spellings(url: string): string[] {
  const [, first = '', rest = ''] = /^\/([^/]+)(.*)$/.exec(url) ?? [];
  const escaped = first.replace(/^./, (c) => `%${c.charCodeAt(0).toString(16)}`);
  return [
    url,
    `/${escaped}${rest}`,
    `/${first}/${rest}`,
    `/${first.toUpperCase()}${rest}`,
    `${url}/`,
    `/${first}%2F${rest.slice(1)}`,
  ];
}

async function cookieOf(request: Promise<{ cookies: { name: string; value: string }[]; statusCode: number }>) {
  const reply = await request;
  expect(reply.statusCode).toBe(200);
  return `${reply.cookies[0]!.name}=${reply.cookies[0]!.value}`;
}
const freshViewer = () =>
  cookieOf(t.app.inject({ method: 'POST', url: '/api/access', payload: { code: TEST_ACCESS_CODES[0] } }));
const freshOperator = async () =>
  `${await freshViewer()}; ${await cookieOf(
    t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: TEST_ADMIN_PASSWORD } }),
  )}`;

/** What no request without a cookie may change. */
async function fingerprint() {
  const [user] = (await t.db.execute<{ coins: number; bonuses: number }>(sql`select coins, bonuses from users`)).rows;
  const [ledger] = await t.db.select({ n: count() }).from(walletLedger);
  const [seriesCount] = await t.db.select({ n: count() }).from(series);
  const [unlockCount] = await t.db.select({ n: count() }).from(unlocks);
  const files = fs.readdirSync(t.mediaDir, { recursive: true }).length;
  return { user, ledger, seriesCount, unlockCount, files };
}

describe('guards attached to routes', () => {
  it('every route has the guard decided for it here, and no route is without one', () => {
    const actual = Object.fromEntries(t.app.routeGuards().map((r) => [`${r.method} ${r.url}`, r.guard]));
    expect(actual).toEqual(GUARD_OF_ROUTE);
  });

  it('refuses to start an app with a route that declares no guard', async () => {
    const app = Fastify();
    await app.register(guardsPlugin);
    app.get('/api/forgotten', async () => 'open to all');
    await expect(app.ready()).rejects.toThrow('Routes without a guard: GET /api/forgotten');
  });

  it('without a cookie, every spelling of a guarded route is refused, and nothing is written', async () => {
    const before = await fingerprint();
    for (const [route, guard] of Object.entries(GUARD_OF_ROUTE)) {
      const [method, pattern] = route.split(' ') as [string, string];
      for (const url of spellings(concreteUrl(pattern))) {
        const reply = await t.app.inject({
          method: method as 'GET',
          url,
          ...(method === 'POST' || method === 'PUT' ? { payload: { packageId: 'package-6' } } : {}),
        });
        // A doubled slash takes a token address out of its route into /media/*, whose gate then answers.
        const leftItsRoute = pattern.startsWith('/media/~t/') && url.startsWith('/media//');
        if (guard === 'public' && !leftItsRoute) {
          expect(reply.statusCode, `${method} ${url}`).not.toBe(401);
        } else {
          // Refused by the guard when it reaches the route, or matches no route at all.
          expect([401, 404], `${method} ${url}: ${reply.body.slice(0, 80)}`).toContain(reply.statusCode);
        }
        expect(reply.statusCode, `${method} ${url}`).toBeLessThan(500);
      }
    }
    expect(await fingerprint()).toEqual(before);
  });

  it('an access cookie opens viewer routes and no operator route', async () => {
    for (const [route, guard] of Object.entries(GUARD_OF_ROUTE)) {
      const [method, pattern] = route.split(' ') as [string, string];
      const cookie = ENDS_ITS_SESSION.has(route) ? await freshViewer() : undefined;
      for (const url of spellings(concreteUrl(pattern)).slice(0, 2)) {
        const options = { method: method as 'GET', url };
        const reply = cookie ? await t.app.inject({ ...options, headers: { cookie } }) : await t.viewer(options);
        if (guard === 'operator') expect(reply.statusCode, `${method} ${url}`).toBe(401);
        else expect(reply.statusCode, `${method} ${url}`).not.toBe(401);
        expect(reply.statusCode, `${method} ${url}`).toBeLessThan(500);
      }
    }
  });

  it('an operator session alone opens viewer routes too: the dashboard reads the catalogue', async () => {
    const operatorOnly = (await freshOperator()).split('; ')[1]!;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/series', headers: { cookie: operatorOnly } })).statusCode,
    ).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/series' })).statusCode).toBe(401);
  });

  it('an operator session opens operator routes in every spelling the router takes', async () => {
    for (const [route, guard] of Object.entries(GUARD_OF_ROUTE)) {
      if (guard !== 'operator') continue;
      const [method, pattern] = route.split(' ') as [string, string];
      for (const url of spellings(concreteUrl(pattern)).slice(0, 2)) {
        const options = { method: method as 'GET', url };
        const reply = ENDS_ITS_SESSION.has(route)
          ? await t.app.inject({ ...options, headers: { cookie: await freshOperator() } })
          : await t.admin(options);
        expect(reply.statusCode, `${method} ${url}`).not.toBe(401);
        expect(reply.statusCode, `${method} ${url}`).toBeLessThan(500);
      }
    }
  });
});
