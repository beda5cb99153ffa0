import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletLedger, series, unlocks } from '../db/schema.ts';
import { createTestContext, TEST_ACCESS_CODES, TEST_ADMIN_PASSWORD, type TestContext } from '../testing/harness.ts';
import type { OperatorRole } from '#contract/index.ts';
import { guardsPlugin, operatorRoute } from './guards.ts';

const OWNER = ['owner'] as const;
/** Reads of the dashboard's catalogue: whoever edits it, and analysts. */
const READERS = ['owner', 'editor', 'analyst'] as const;
const EDITORS = ['owner', 'editor'] as const;
const ANALYSTS = ['owner', 'analyst'] as const;
const SUPPORT = ['owner', 'support'] as const;
const INDEX_HTML = '<!doctype html><title>app</title>';

/** Who may use a route: anyone, a viewer past the gate, or operators of these roles. */
type Decision = 'public' | 'viewer' | readonly OperatorRole[];

/**
 * The guard decision of every route. A route added without a line here fails the first test, so nobody adds a
 * route without deciding who may use it.
 */
const GUARD_OF_ROUTE: Record<string, Decision> = {
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
  // An invitation link works before the gate: it only remembers the code and sends the visitor home.
  'GET /i/:code': 'public',
  'GET /profile': 'public',
  'HEAD /profile': 'public',
  'GET /robots.txt': 'public',
  'HEAD /robots.txt': 'public',
  'GET /sitemap.xml': 'public',
  'HEAD /sitemap.xml': 'public',
  'GET /link-previews/series/:seriesId': 'viewer',
  'HEAD /link-previews/series/:seriesId': 'viewer',
  'GET /api/health': 'public',
  'HEAD /api/health': 'public',
  'GET /api/access': 'public',
  'HEAD /api/access': 'public',
  'POST /api/access': 'public',
  'POST /api/access/leave': 'public',
  'POST /api/admin/login': 'public',
  'GET /api/admin/invites/:token': 'public',
  'HEAD /api/admin/invites/:token': 'public',
  'POST /api/admin/invites/:token/accept': 'public',
  'POST /api/admin/login/passkey/options': 'public',
  'POST /api/admin/login/passkey': 'public',
  'GET /api/admin/me/passkeys': ['owner', 'editor', 'analyst', 'support'],
  'HEAD /api/admin/me/passkeys': ['owner', 'editor', 'analyst', 'support'],
  'POST /api/admin/me/passkeys/options': ['owner', 'editor', 'analyst', 'support'],
  'POST /api/admin/me/passkeys': ['owner', 'editor', 'analyst', 'support'],
  'DELETE /api/admin/me/passkeys/:id': ['owner', 'editor', 'analyst', 'support'],
  'GET /api/admin/me': ['owner', 'editor', 'analyst', 'support'],
  'HEAD /api/admin/me': ['owner', 'editor', 'analyst', 'support'],
  'GET /api/admin/operators': OWNER,
  'HEAD /api/admin/operators': OWNER,
  'POST /api/admin/operators': OWNER,
  'PATCH /api/admin/operators/:id': OWNER,
  'DELETE /api/admin/operators/:id': OWNER,
  'GET /api/admin/audit': ANALYSTS,
  'HEAD /api/admin/audit': ANALYSTS,
  'GET /api/admin/viewers/:uid': SUPPORT,
  'HEAD /api/admin/viewers/:uid': SUPPORT,
  'POST /api/admin/viewers/:uid/coins': SUPPORT,
  'POST /api/admin/logout': 'public',
  'GET /api/admin/session': 'public',
  'HEAD /api/admin/session': 'public',
  'POST /api/admin/access/revoke-all': OWNER,
  'GET /api/admin/video-processing': READERS,
  'HEAD /api/admin/video-processing': READERS,
  'GET /api/admin/series-languages': READERS,
  'HEAD /api/admin/series-languages': READERS,
  'GET /api/series/:id/translations': READERS,
  'HEAD /api/series/:id/translations': READERS,
  'PUT /api/series/:id/translations/:language': EDITORS,
  'DELETE /api/series/:id/translations/:language': EDITORS,
  'GET /api/episodes/:episodeId/subtitles': READERS,
  'HEAD /api/episodes/:episodeId/subtitles': READERS,
  'GET /api/episodes/:episodeId/subtitles/:language/cues': READERS,
  'HEAD /api/episodes/:episodeId/subtitles/:language/cues': READERS,
  'PUT /api/episodes/:episodeId/subtitles/:language': EDITORS,
  'DELETE /api/episodes/:episodeId/subtitles/:language': EDITORS,
  'POST /api/series/:id/subtitles': EDITORS,
  'GET /api/openapi.json': 'viewer',
  'HEAD /api/openapi.json': 'viewer',
  'GET /api/docs': 'viewer',
  'HEAD /api/docs': 'viewer',
  'GET /api/docs/redoc.standalone.js': 'viewer',
  'HEAD /api/docs/redoc.standalone.js': 'viewer',
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
  'GET /api/admin/catalogue-figures': READERS,
  'HEAD /api/admin/catalogue-figures': READERS,
  'GET /api/episodes/:episodeId': 'viewer',
  'HEAD /api/episodes/:episodeId': 'viewer',
  'POST /api/series': EDITORS,
  'POST /api/series/artwork': EDITORS,
  'PUT /api/series/:id': EDITORS,
  'DELETE /api/series/:id': EDITORS,
  'GET /api/carousel': 'viewer',
  'HEAD /api/carousel': 'viewer',
  'POST /api/carousel': EDITORS,
  'PUT /api/carousel/reorder': EDITORS,
  'DELETE /api/carousel/:id': EDITORS,
  'GET /api/trending': 'viewer',
  'HEAD /api/trending': 'viewer',
  'POST /api/trending': EDITORS,
  'PUT /api/trending/reorder': EDITORS,
  'PUT /api/trending/:id': EDITORS,
  'DELETE /api/trending/:id': EDITORS,
  'GET /api/user': 'viewer',
  'HEAD /api/user': 'viewer',
  'GET /api/user/:userId': 'viewer',
  'HEAD /api/user/:userId': 'viewer',
  'GET /api/packages': 'viewer',
  'HEAD /api/packages': 'viewer',
  'POST /api/user/:userId/purchase-tokens': 'viewer',
  'POST /api/user/:userId/daily-checkin': 'viewer',
  'POST /api/user/:userId/unlock-episode': 'viewer',
  'POST /api/user/:userId/unlock-episode/undo': 'viewer',
  'GET /api/user/:userId/auto-unlock': 'viewer',
  'HEAD /api/user/:userId/auto-unlock': 'viewer',
  'PUT /api/user/:userId/auto-unlock': 'viewer',
  'GET /api/user/:userId/vip-pass': 'viewer',
  'HEAD /api/user/:userId/vip-pass': 'viewer',
  'POST /api/user/:userId/vip-pass': 'viewer',
  'POST /api/user/:userId/vip-pass/cancel': 'viewer',
  'POST /api/user/:userId/vip-pass/manage': 'viewer',
  'GET /api/push/key': 'viewer',
  'HEAD /api/push/key': 'viewer',
  'GET /api/user/:userId/alerts': 'viewer',
  'HEAD /api/user/:userId/alerts': 'viewer',
  'PUT /api/user/:userId/alerts/:seriesId': 'viewer',
  'DELETE /api/user/:userId/alerts/:seriesId': 'viewer',
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
  'GET /api/admin/insights/summary': ANALYSTS,
  'HEAD /api/admin/insights/summary': ANALYSTS,
  'GET /api/admin/insights/series/:id': ANALYSTS,
  'HEAD /api/admin/insights/series/:id': ANALYSTS,
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
  'GET /api/series/:id/episodes/admin': READERS,
  'HEAD /api/series/:id/episodes/admin': READERS,
  'GET /api/episodes/:episodeId/admin': READERS,
  'HEAD /api/episodes/:episodeId/admin': READERS,
  'POST /api/series/:id/episodes': EDITORS,
  'PUT /api/episodes/:episodeId/video': EDITORS,
  'POST /api/episodes/:episodeId/retry-transcode': EDITORS,
  'PUT /api/episodes/:episodeId': EDITORS,
  'DELETE /api/episodes/:episodeId': EDITORS,
  'GET /api/account': 'viewer',
  'GET /api/invitation': 'viewer',
  'HEAD /api/account': 'viewer',
  'POST /api/account/passkeys/options': 'viewer',
  'POST /api/account/passkeys': 'viewer',
  'DELETE /api/account/passkeys/:id': 'viewer',
  'POST /api/sign-in/passkey/options': 'viewer',
  'POST /api/sign-in/passkey': 'viewer',
  'GET /api/auth/:provider/start': 'viewer',
  // A provider's posted answer carries no cookie of ours: it only passes the answer on to the GET below.
  'POST /api/auth/:provider/callback': 'public',
  'GET /api/auth/:provider/callback': 'viewer',
  'POST /api/sign-out': 'viewer',
  'GET /api/account/devices': 'viewer',
  'HEAD /api/account/devices': 'viewer',
  'DELETE /api/account/devices/:id': 'viewer',
  'POST /api/account/sign-out-everywhere': 'viewer',
  'GET /api/account/data': 'viewer',
  'HEAD /api/account/data': 'viewer',
  'DELETE /api/account': 'viewer',
  'GET /api/payments': 'viewer',
  'HEAD /api/payments': 'viewer',
  'GET /api/purchases/:purchaseId': 'viewer',
  'HEAD /api/purchases/:purchaseId': 'viewer',
  // Stripe's events carry no cookie: their signature, checked by the route, is the guard.
  'POST /api/payments/stripe/webhook': 'public',
  'GET /api/admin/purchases': ['owner', 'support', 'analyst'],
  'HEAD /api/admin/purchases': ['owner', 'support', 'analyst'],
  'POST /api/admin/purchases/:purchaseId/refund': SUPPORT,
  'GET /api/admin/insights/revenue': ['owner', 'analyst', 'support'],
  'HEAD /api/admin/insights/revenue': ['owner', 'analyst', 'support'],
};

/** Viewer routes of a signed-in account: past the guard, a guest is told to sign in first (401, said so). */
const SIGNED_IN_ONLY = new Set([
  'DELETE /api/account/passkeys/:id',
  'GET /api/account/devices',
  'HEAD /api/account/devices',
  'DELETE /api/account/devices/:id',
  'POST /api/account/sign-out-everywhere',
  'DELETE /api/account',
  // A guest's VIP pass would be lost with the browser's cookie.
  'POST /api/user/:userId/vip-pass',
]);

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
  fs.writeFileSync(path.join(clientDir, 'index.html'), INDEX_HTML);
  t = await createTestContext({ CLIENT_DIR: clientDir });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

/** A concrete URL for a route: ids that exist nowhere (so nothing is found or changed), the one viewer. */
function concreteUrl(route: string) {
  return route
    .replace('/media/~t/:token/*', '/media/~t/not-a-token/series/1/x/seg_00001.m4s')
    .replace(':userId', 'user-1')
    .replace(':uid', 'user-1')
    .replace(':token', 'no-such-invite')
    .replace(':provider', 'google')
    .replace(/:(id|episodeId|seriesId)\b/g, '999999')
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
    const actual = Object.fromEntries(
      t.app.routeGuards().map((r) => [`${r.method} ${r.url}`, r.guard === 'operator' ? r.roles : r.guard]),
    );
    expect(actual).toEqual(GUARD_OF_ROUTE);
  });

  it('lets link-preview bots past the gate only where a route declares it, and nowhere in the API', async () => {
    const declared = t.app
      .routeGuards()
      .filter((r) => r.linkPreviews)
      .map((r) => `${r.method} ${r.url}`);
    expect(declared.sort()).toEqual(
      ['/link-previews/series/:seriesId', '/series/:id', '/watch/:episodeId']
        .flatMap((url) => [`GET ${url}`, `HEAD ${url}`])
        .sort(),
    );
    const bot = { 'user-agent': 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)' };
    for (const [route, guard] of Object.entries(GUARD_OF_ROUTE)) {
      const [method, pattern] = route.split(' ') as [string, string];
      if (guard === 'public' || declared.includes(route) || method !== 'GET') continue;
      const reply = await t.app.inject({ method: 'GET', url: concreteUrl(pattern), headers: bot });
      expect([401, 404], `${route}: ${reply.statusCode}`).toContain(reply.statusCode);
      if (pattern.startsWith('/api/')) expect(reply.statusCode, route).toBe(401);
    }
  });

  it('refuses to start an app with an operator route that names no role', async () => {
    const app = Fastify();
    await app.register(guardsPlugin, { operatorOfSession: async () => undefined });
    app.get('/api/admin/forgotten', { config: { guard: 'operator', rateBucket: 'api' } }, async () => 'any operator');
    app.get('/api/admin/declared', { config: operatorRoute('owner') }, async () => 'the owner');
    await expect(app.ready()).rejects.toThrow('Operator routes without roles: GET /api/admin/forgotten');
  });

  it('refuses to start an app with a route that declares no guard', async () => {
    const app = Fastify();
    await app.register(guardsPlugin, { operatorOfSession: async () => undefined });
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
        // Outside /api and /media, an address that left its route is a page: the app's shell, which holds the gate.
        const shell = guard === 'viewer' && !/^\/(api|media)\//.test(pattern) && url !== concreteUrl(pattern);
        if (shell && reply.statusCode === 200) {
          expect(reply.body, `${method} ${url}`).toBe(method === 'HEAD' ? '' : INDEX_HTML);
        } else if (guard === 'public' && !leftItsRoute) {
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
        if (Array.isArray(guard)) expect(reply.statusCode, `${method} ${url}`).toBe(401);
        else if (SIGNED_IN_ONLY.has(route) && method !== 'HEAD') {
          expect(reply.json(), `${method} ${url}`).toMatchObject({
            statusCode: 401,
            message: expect.stringMatching(/sign in first/i),
          });
        } else if (!SIGNED_IN_ONLY.has(route)) expect(reply.statusCode, `${method} ${url}`).not.toBe(401);
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
      if (!Array.isArray(guard)) continue;
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

  it('every operator route, called by each role, answers as its declaration says', async () => {
    const sessions: Record<OperatorRole, string> = {
      owner: await freshOperator(),
      editor: await teamMember('Table Editor', 'editor'),
      analyst: await teamMember('Table Analyst', 'analyst'),
      support: await teamMember('Table Support', 'support'),
    };
    const operatorRoutes = Object.entries(GUARD_OF_ROUTE).filter((entry): entry is [string, readonly OperatorRole[]] =>
      Array.isArray(entry[1]),
    );
    expect(operatorRoutes.length).toBeGreaterThan(40);
    for (const [route, roles] of operatorRoutes) {
      const [method, pattern] = route.split(' ') as [string, string];
      for (const role of ['owner', 'editor', 'analyst', 'support'] as const) {
        const allowed = roles.includes(role);
        // A route that ends its session gets a fresh owner session when the owner may call it.
        const cookie = allowed && ENDS_ITS_SESSION.has(route) ? await freshOperator() : sessions[role];
        const reply = await t.app.inject({
          method: method as 'GET',
          url: concreteUrl(pattern),
          headers: { cookie },
          ...(method === 'POST' || method === 'PUT' || method === 'PATCH' ? { payload: { nothing: true } } : {}),
        });
        const what = `${role} ${route}: ${reply.statusCode} ${reply.body.slice(0, 100)}`;
        if (allowed) {
          expect([401, 403], what).not.toContain(reply.statusCode);
        } else {
          expect(reply.statusCode, what).toBe(403);
          if (method !== 'HEAD')
            expect(reply.json().message, what).toMatch(/^Signed in as .+ \(\w+\), you cannot do this: it is for /);
        }
        expect(reply.statusCode, what).toBeLessThan(500);
      }
    }
  });
});

/** An operator of this role, invited by the owner, who set a password and signed in: their session cookie. */
async function teamMember(name: string, role: Exclude<OperatorRole, 'owner'>) {
  const invited = await t.admin({ method: 'POST', url: '/api/admin/operators', payload: { name, role } });
  expect(invited.statusCode).toBe(201);
  const token = new URL(invited.json<{ inviteUrl: string }>().inviteUrl).pathname.split('/').at(-1)!;
  const password = `${name} has a long password`;
  const accepted = await t.app.inject({
    method: 'POST',
    url: `/api/admin/invites/${token}/accept`,
    payload: { password },
  });
  expect(accepted.statusCode).toBe(200);
  return cookieOf(t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { name, password } }));
}
