import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { series, users, walletLedger } from '../../db/schema.ts';
import { createSeriesWithEpisodes } from '../../testing/factory.ts';
import { createTestContext, type TestContext } from '../../testing/harness.ts';
import { VIEWER_COOKIE } from './viewers.plugin.ts';
import { viewerCookieKey, writeViewerCookie } from './viewer-cookie.ts';
import { freshViewer } from './viewers.service.ts';

let t: TestContext;
let clientDir: string;
let paid: { id: number; episodeIds: number[] };

beforeAll(async () => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-viewers-client-'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  t = await createTestContext({ CLIENT_DIR: clientDir, SSR_ENTRY: path.join(clientDir, 'none.js') });
  paid = await addSeries();
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

async function addSeries() {
  const row = await createSeriesWithEpisodes(t.db, {
    title: `Viewers ${randomUUID().slice(0, 8)}`,
    description: 'A series made by the viewers tests.',
    thumbnailUrl: '/media/poster.jpg',
    totalEpisodes: 15,
    episodeCost: 50,
    isFree: false,
    likes: 100,
    episode: (n, seriesId) => ({ videoUrl: `/media/viewers/${seriesId}/${n}/master.m3u8` }),
  });
  return { id: row.id, episodeIds: row.episodes.map((e) => e.id) };
}

type Send = (options: InjectOptions) => Promise<LightMyRequestResponse>;
const json = (payload: unknown) => ({
  payload: JSON.stringify(payload),
  headers: { 'content-type': 'application/json' },
});
const viewerCookieOf = (reply: LightMyRequestResponse) => reply.cookies.find((c) => c.name === VIEWER_COOKIE);

/**
 * A request for every route that names a viewer in its path or body, with a body that would succeed: so a 404 can
 * only come from the viewer. The walk below fails for a route with a viewer that is missing here.
 */
function requestFor(route: string, userId: string): InjectOptions {
  const [method, pattern] = route.split(' ') as ['GET' | 'HEAD' | 'POST', string];
  const url = pattern
    .replace('{userId}', userId)
    .replace('{seriesId}', String(paid.id))
    .replace('{id}', String(paid.id))
    .replace('{episodeId}', String(paid.episodeIds[0]));
  const bodies: Record<string, unknown> = {
    'POST /api/user/{userId}/purchase-tokens': { packageId: 'package-1' },
    'POST /api/user/{userId}/unlock-episode': { seriesId: paid.id, episodeNumber: 11 },
    'POST /api/user/{userId}/unlock-episode/undo': { seriesId: paid.id, episodeNumber: 11 },
    'PUT /api/user/{userId}/auto-unlock': { enabled: true },
    'PUT /api/user/{userId}/alerts/{seriesId}': {
      subscription: {
        endpoint: 'https://push.example.com/send/1',
        keys: { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: Buffer.alloc(16, 1).toString('base64url') },
      },
    },
    'POST /api/progress': { userId, seriesId: paid.id, episodeId: paid.episodeIds[0], progress: 40 },
    'POST /api/events': {
      userId,
      events: [
        {
          eventId: randomUUID(),
          kind: 'play_start',
          occurredAt: new Date().toISOString(),
          seriesId: paid.id,
          episodeNumber: 1,
          startupMs: 300,
        },
      ],
    },
  };
  const body = bodies[route];
  if (body === undefined && method === 'POST' && !/(daily-checkin|like|bookmark|vip-pass)/.test(pattern)) {
    throw new Error(`No request for ${route}: add one to requestFor`);
  }
  return { method, url, ...(body === undefined ? {} : json(body)) };
}

/** Everything a viewer owns, as the database holds it. */
async function holdingsOf(viewerId: string) {
  const rows = async (table: string) =>
    (await t.db.execute(sql`select * from ${sql.identifier(table)} where user_id = ${viewerId} order by 1, 2, 3`)).rows;
  const [user] = await t.db.select().from(users).where(eq(users.id, viewerId));
  return {
    user,
    ledger: await rows('wallet_ledger'),
    unlocks: await rows('unlocks'),
    likes: await rows('likes'),
    bookmarks: await rows('bookmarks'),
    progress: await rows('progress'),
    checkIns: await rows('check_ins'),
    keys: await rows('idempotency_keys'),
    events: await rows('insight_events'),
    seriesLikes: (await t.db.select({ likes: series.likes }).from(series).where(eq(series.id, paid.id)))[0]!.likes,
  };
}

/** Every route of the API whose path or JSON body names a viewer, from the OpenAPI document of the route table. */
async function routesWithAViewer(): Promise<string[]> {
  const document = (await t.viewer({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<
      string,
      Record<string, { requestBody?: { content: Record<string, { schema: { properties?: object } }> } }>
    >;
  };
  return Object.entries(document.paths).flatMap(([pattern, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => {
        const body = operation.requestBody?.content['application/json']?.schema.properties ?? {};
        return pattern.includes('{userId}') || 'userId' in body;
      })
      .map(([method]) => `${method.toUpperCase()} ${pattern}`),
  );
}

describe('a viewer per browser', () => {
  it('gives a new visitor a viewer on the first read of their account: a random id, in a signed HttpOnly cookie', async () => {
    const first = await t.visitor({ method: 'GET', url: '/api/user' });
    const second = await t.visitor({ method: 'GET', url: '/api/user' });
    expect(first.statusCode).toBe(200);
    const cookie = viewerCookieOf(first)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.maxAge).toBeGreaterThan(365 * 24 * 3600);
    expect(first.json().id).toMatch(/^v[A-Za-z0-9_-]{27}$/);
    expect(first.json().id).not.toBe(second.json().id);
    expect(first.json()).toEqual({ id: first.json().id, username: 'Viewer', email: '', coins: 0, bonuses: 0 });
    expect(first.headers['cache-control']).toBe('private, no-store');
    // The cookie names the same viewer on the next request, and sets nothing new.
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/user/user-1',
      headers: { cookie: `${VIEWER_COOKIE}=${cookie.value}; ${await accessOnly()}` },
    });
    expect(again.json().id).toBe(first.json().id);
    expect(viewerCookieOf(again)).toBeUndefined();
  });

  it('gives a visitor their viewer with a page that shows their account, and the page holds that same viewer', async () => {
    const page = await t.visitor({ method: 'GET', url: '/rewards' });
    expect(page.statusCode).toBe(200);
    const cookie = viewerCookieOf(page)!;
    expect(cookie).toBeDefined();
    const data = JSON.parse(
      /<script type="application\/json" id="[^"]+">([\s\S]*?)<\/script>/.exec(page.body)![1]!,
    ) as {
      answers: Record<string, { id?: string }>;
    };
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { cookie: `${await accessOnly()}; ${VIEWER_COOKIE}=${cookie.value}` },
    });
    expect(data.answers['/api/user']!.id).toBe(again.json().id);
    // Home reads no account: it gives nobody a viewer.
    expect(viewerCookieOf(await t.visitor({ method: 'GET', url: '/' }))).toBeUndefined();
  });

  it('writes a month-old cookie again (a new signature) for the same viewer', async () => {
    const key = viewerCookieKey(t.app.accessGate.signingKey);
    const cookieAged = (days: number) =>
      `${VIEWER_COOKIE}=${writeViewerCookie(key, { viewerId: t.viewerId, issuedAt: Math.floor(Date.now() / 1000) - days * 86_400 })}`;
    const access = await accessOnly();
    const read = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: `${access}; ${cookie}` } });
    const fresh = await read(cookieAged(29));
    expect(fresh.json().id).toBe(t.viewerId);
    expect(viewerCookieOf(fresh)).toBeUndefined();
    const old = cookieAged(31);
    const renewed = await read(old);
    expect(renewed.json().id).toBe(t.viewerId);
    const rotated = viewerCookieOf(renewed)!;
    expect(`${VIEWER_COOKIE}=${rotated.value}`).not.toBe(old);
    expect((await read(`${VIEWER_COOKIE}=${rotated.value}`)).json().id).toBe(t.viewerId);
  });

  it('treats a cookie that fails its signature as a new visitor, never as an error', async () => {
    const reply = await t.viewer({ method: 'GET', url: '/api/user' });
    const forged = viewerCookieOf(await t.visitor({ method: 'GET', url: '/api/user' }))!.value.replace(/.$/, (c) =>
      c === 'A' ? 'B' : 'A',
    );
    for (const value of [forged, 'garbage', `w1.${reply.json().id}.1.x`, '']) {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/api/user',
        headers: { cookie: `${await accessOnly()}; ${VIEWER_COOKIE}=${value}` },
      });
      expect(answer.statusCode, value).toBe(200);
      expect(answer.json().id).not.toBe(reply.json().id);
      expect(viewerCookieOf(answer)).toBeDefined();
    }
  });

  it('on every route that names a viewer, B with A’s real id gets a 404 and changes nothing; user-1 is the caller', async () => {
    const routes = await routesWithAViewer();
    expect(routes).toContain('POST /api/progress');
    expect(routes).toContain('POST /api/events');
    expect(routes.length).toBeGreaterThanOrEqual(14);
    const a = await t.addViewer();
    const asA = t.viewerAs(a);
    // A has something of everything.
    await asA({ method: 'POST', url: '/api/user/user-1/purchase-tokens', ...json({ packageId: 'package-2' }) });
    await asA({
      method: 'POST',
      url: '/api/user/user-1/unlock-episode',
      ...json({ seriesId: paid.id, episodeNumber: 12 }),
    });
    await asA({ method: 'POST', url: `/api/user/user-1/like/${paid.id}` });
    await asA({ method: 'POST', url: `/api/user/user-1/bookmark/${paid.id}` });
    await asA({ method: 'POST', url: '/api/user/user-1/daily-checkin' });
    await asA(requestFor('POST /api/progress', 'user-1'));
    const before = await holdingsOf(a);
    expect(before.unlocks).toHaveLength(1);

    const b = await t.addViewer();
    const asB = t.viewerAs(b);
    for (const route of routes) {
      const reply = await asB(requestFor(route, a));
      expect(reply.statusCode, route).toBe(404);
      if (!route.startsWith('HEAD')) expect(reply.json(), route).toMatchObject({ message: 'No such user' });
    }
    expect(await holdingsOf(a)).toEqual(before);

    // The same routes with user-1, and with B's own id, are B's: nothing of A's shows or changes.
    const seen: string[] = [];
    for (const route of routes) {
      for (const name of ['user-1', b]) {
        const reply = await asB(requestFor(route, name));
        expect(reply.statusCode, `${route} as ${name}`).toBeLessThan(500);
        if (reply.statusCode === 404) expect(reply.json().message, route).not.toBe('No such user');
        if (reply.statusCode === 200 && route.startsWith('GET')) seen.push(reply.body);
      }
    }
    expect(seen.join('\n')).not.toContain(a);
    const user = (await asB({ method: 'GET', url: '/api/user/user-1' })).json();
    expect(user.id).toBe(b);
    expect(await holdingsOf(a)).toEqual(before);
    const afterB = await holdingsOf(b);
    expect(afterB.ledger.length).toBeGreaterThan(0);
    expect(afterB.progress).toHaveLength(1);
    expect(afterB.events.length).toBeGreaterThan(0);
  });

  it('keeps each viewer’s coins, unlocks, library, progress and check-in apart', async () => {
    const [a, b] = [await t.addViewer(), await t.addViewer()];
    const [asA, asB] = [t.viewerAs(a), t.viewerAs(b)];
    await asA({ method: 'POST', url: '/api/user/user-1/purchase-tokens', ...json({ packageId: 'package-1' }) });
    const unlocked = await asA({
      method: 'POST',
      url: '/api/user/user-1/unlock-episode',
      ...json({ seriesId: paid.id, episodeNumber: 11 }),
    });
    expect(unlocked.statusCode).toBe(201);
    expect((await asA({ method: 'POST', url: '/api/user/user-1/daily-checkin' })).json().success).toBe(true);
    // B's own check-in the same day is B's first.
    expect((await asB({ method: 'POST', url: '/api/user/user-1/daily-checkin' })).json().success).toBe(true);
    expect((await asB({ method: 'POST', url: '/api/user/user-1/daily-checkin' })).json().success).toBe(false);

    expect((await asB({ method: 'GET', url: '/api/user' })).json()).toMatchObject({ id: b, coins: 0, bonuses: 10 });
    expect((await asA({ method: 'GET', url: '/api/user' })).json()).toMatchObject({ id: a, coins: 450, bonuses: 10 });
    expect(
      (await asB({ method: 'GET', url: `/api/user/user-1/unlocked-episodes?seriesId=${paid.id}` })).json(),
    ).toEqual([]);
    expect(
      (await asB({ method: 'GET', url: '/api/user/user-1/transactions' })).json().map((e: { kind: string }) => e.kind),
    ).toEqual(['checkin']);
    // Idempotency-Keys are each viewer's own: the same key is a new purchase for B.
    const key = { 'idempotency-key': randomUUID() };
    const buy = (send: Send) =>
      send({
        method: 'POST',
        url: '/api/user/user-1/purchase-tokens',
        payload: { packageId: 'package-1' },
        headers: key,
      });
    expect((await buy(asA)).json().user.id).toBe(a);
    expect((await buy(asB)).json().user.id).toBe(b);
    expect((await asB({ method: 'GET', url: '/api/user' })).json().coins).toBe(500);
  });

  it('counts a series’ likes by viewers: each one adds one, toggling back removes that one, on top of the base', async () => {
    const fresh = await addSeries();
    const likesNow = async () =>
      (await t.db.select({ likes: series.likes }).from(series).where(eq(series.id, fresh.id)))[0]!.likes;
    const [a, b] = [t.viewerAs(await t.addViewer()), t.viewerAs(await t.addViewer())];
    const like = (send: Send) => send({ method: 'POST', url: `/api/user/user-1/like/${fresh.id}` });
    expect((await like(a)).json()).toMatchObject({ liked: true, likes: 101 });
    expect((await like(b)).json()).toMatchObject({ liked: true, likes: 102 });
    expect((await like(a)).json()).toMatchObject({ liked: false, likes: 101 });
    expect(await likesNow()).toBe(101);
    expect((await a({ method: 'GET', url: '/api/user/user-1/liked' })).json()).toEqual([]);
    expect((await b({ method: 'GET', url: '/api/user/user-1/liked' })).json()).toEqual([fresh.id]);
  });
});

async function accessOnly() {
  const reply = await t.app.inject({ method: 'POST', url: '/api/access', payload: { code: 'PREVIEW-ONE' } });
  return `${reply.cookies[0]!.name}=${reply.cookies[0]!.value}`;
}

describe('rows only on a first write', () => {
  it('1,000 anonymous reads of pages and catalogue calls create no viewer row; the first like does', async () => {
    const viewerRows = async () => (await t.db.select({ n: count() }).from(users))[0]!.n;
    const before = await viewerRows();
    const access = await accessOnly();
    const urls = [
      '/',
      '/discover',
      '/library',
      '/profile',
      `/series/${paid.id}`,
      '/api/series',
      `/api/series/${paid.id}`,
      `/api/series/${paid.id}/episodes`,
      '/api/series/lists/all?limit=10',
      '/api/user',
      '/api/user/user-1/liked',
      '/api/user/user-1/progress',
      `/api/user/user-1/unlocked-episodes?seriesId=${paid.id}`,
      '/api/user/user-1/transactions',
    ];
    let viewerCookie = '';
    for (let i = 0; i < 1000; i++) {
      const url = urls[i % urls.length]!;
      const reply = await t.app.inject({ method: 'GET', url, headers: { cookie: access } });
      expect(reply.statusCode, url).toBe(200);
      const issued = viewerCookieOf(reply);
      if (issued) viewerCookie = `${VIEWER_COOKIE}=${issued.value}`;
    }
    expect(await viewerRows()).toBe(before);

    const liked = await t.app.inject({
      method: 'POST',
      url: `/api/user/user-1/like/${paid.id}`,
      headers: { cookie: `${access}; ${viewerCookie}` },
    });
    expect(liked.statusCode).toBe(200);
    expect(await viewerRows()).toBe(before + 1);
  });

  it('a new viewer starts with NEW_VIEWER_COINS and NEW_VIEWER_BONUSES, given by a ledger entry', async () => {
    const rich = await createTestContext(
      { NEW_VIEWER_COINS: '300', NEW_VIEWER_BONUSES: '20' },
      { sharingDatabaseOf: t },
    );
    try {
      const send = rich.viewerAs();
      const fresh = (await send({ method: 'GET', url: '/api/user' })).json();
      expect(fresh).toMatchObject({ coins: 300, bonuses: 20 });
      const checkedIn = await send({ method: 'POST', url: '/api/user/user-1/daily-checkin' });
      expect(checkedIn.json().user).toMatchObject({ coins: 300, bonuses: 30 });
      const viewerId = checkedIn.json().user.id as string;
      const ledger = await t.db.select().from(walletLedger).where(eq(walletLedger.userId, viewerId));
      expect(ledger.map((row) => [row.kind, row.coinsDelta, row.bonusesDelta])).toEqual([
        ['welcome', 300, 20],
        ['checkin', 0, 10],
      ]);
      const entries = (await send({ method: 'GET', url: '/api/user/user-1/transactions' })).json();
      expect(entries.map((e: { kind: string }) => e.kind)).toEqual(['checkin', 'welcome']);
    } finally {
      await rich.close();
    }
  });
});

describe('abuse', () => {
  it('limits new viewers per address and writes per viewer', async () => {
    const limited = await createTestContext(
      { VIEWER_CREATION_RATE_LIMIT: '3', VIEWER_WRITE_RATE_LIMIT: '4' },
      { sharingDatabaseOf: t },
    );
    try {
      const fresh = () => limited.visitor({ method: 'GET', url: '/api/user', remoteAddress: '10.1.1.1' });
      const given = [];
      for (let i = 0; i < 5; i++) {
        const reply = await fresh();
        expect(reply.statusCode).toBe(200);
        given.push(reply.cookies.some((cookie) => cookie.name === VIEWER_COOKIE));
      }
      // Past the limit a read still answers, with the starting balance and nobody's id, and gives no viewer.
      expect(given).toEqual([true, true, true, false, false]);
      expect((await fresh()).json()).toEqual({ ...freshViewer('', limited.app.viewers.start) });
      // A write that would need a new viewer is refused.
      const write = await limited.visitor({
        method: 'POST',
        url: `/api/user/user-1/like/${paid.id}`,
        remoteAddress: '10.1.1.1',
      });
      expect(write.statusCode).toBe(429);
      expect(write.json().message).toMatch(/^Too many attempts\. Try again in \d+ s\.$/);
      // Another address still gets its viewer; a viewer with a cookie is not new.
      expect((await limited.visitor({ method: 'GET', url: '/api/user', remoteAddress: '10.1.1.2' })).statusCode).toBe(
        200,
      );
      expect((await limited.viewer({ method: 'GET', url: '/api/user', remoteAddress: '10.1.1.1' })).statusCode).toBe(
        200,
      );

      const writer = limited.viewerAs(await limited.addViewer());
      const writes = [];
      for (let i = 0; i < 6; i++) {
        // From a different address each time: the per-viewer limit holds whatever the address.
        writes.push(
          (await writer({ method: 'POST', url: `/api/user/user-1/like/${paid.id}`, remoteAddress: `10.2.0.${i}` }))
            .statusCode,
        );
      }
      expect(writes).toEqual([200, 200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('ACCESS_GATE=off', () => {
  it('opens the API and media to visitors without any cookie, asks for no code, and keeps viewers apart', async () => {
    const open = await createTestContext({ ACCESS_GATE: 'off' }, { sharingDatabaseOf: t });
    try {
      const bare = (options: InjectOptions) => open.app.inject(options);
      expect((await bare({ method: 'GET', url: '/api/access' })).json()).toEqual({ required: false, granted: true });
      expect((await bare({ method: 'GET', url: '/api/series' })).statusCode).toBe(200);
      expect((await bare({ method: 'GET', url: '/media/none/x.jpg' })).statusCode).toBe(404);
      expect((await bare({ method: 'POST', url: '/api/access', payload: { code: 'anything' } })).json()).toEqual({
        granted: true,
      });
      const [a, b] = [await bare({ method: 'GET', url: '/api/user' }), await bare({ method: 'GET', url: '/api/user' })];
      expect(a.statusCode).toBe(200);
      expect(a.json().id).not.toBe(b.json().id);
      const cookieA = `${VIEWER_COOKIE}=${viewerCookieOf(a)!.value}`;
      const cookieB = `${VIEWER_COOKIE}=${viewerCookieOf(b)!.value}`;
      const bought = await bare({
        method: 'POST',
        url: '/api/user/user-1/purchase-tokens',
        payload: { packageId: 'package-1' },
        headers: { cookie: cookieA },
      });
      expect(bought.statusCode).toBe(200);
      expect((await bare({ method: 'GET', url: '/api/user', headers: { cookie: cookieA } })).json().coins).toBe(500);
      expect((await bare({ method: 'GET', url: '/api/user', headers: { cookie: cookieB } })).json().coins).toBe(0);
      // The gate itself still stands for the instance that has it on.
      expect((await t.app.inject({ method: 'GET', url: '/api/access' })).json()).toEqual({
        required: true,
        granted: false,
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/series' })).statusCode).toBe(401);
    } finally {
      await open.close();
    }
  });
});
