import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ACCESS_CODES, TEST_ADMIN_PASSWORD, type TestContext } from '../testing/harness.ts';
import { createEpisode, createSeries } from '../testing/factory.ts';
import type { Guard } from './guards.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-body.ts';
import { OPENAPI_PATH } from './openapi.ts';

/**
 * Bodies of every shape, sent to every route of the route table: whatever arrives, the answer is a 4xx a person can
 * read and nothing is written.
 */

const DEPTH = 10_000;
const deepArray = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
const deepObject = '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH);

let t: TestContext;
let seriesId: number;
let episodeId: number;
let viewerCookie: string;
let operatorCookie: string;

/** A WebAuthn answer as the schema takes it (the WebAuthn library would refuse it). */
const passkeyAnswer = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: { clientDataJSON: 'e30' } };

/** A body each route's schema accepts, so that only the deep field added to it can be what refuses it. */
function validBodies(): Record<string, Record<string, unknown>> {
  return {
    'POST /api/access': { code: TEST_ACCESS_CODES[0] },
    'POST /api/admin/login': { password: TEST_ADMIN_PASSWORD },
    'POST /api/series': {
      title: 'Deep Waters',
      description: 'Refused.',
      genre: 'Drama',
      thumbnailUrl: '/media/art/x.svg',
    },
    'PUT /api/series/:id': { title: 'Renamed' },
    'POST /api/carousel': { seriesId },
    'PUT /api/carousel/reorder': { items: [{ id: 1, displayOrder: 1 }] },
    'POST /api/trending': { seriesId, rank: 1 },
    'PUT /api/trending/reorder': { items: [{ id: 1, rank: 1 }] },
    'PUT /api/trending/:id': { matchPercentage: 90 },
    'PUT /api/episodes/:episodeId': { title: 'Renamed' },
    'POST /api/events': {
      userId: 'user-1',
      events: [
        {
          eventId: randomUUID(),
          occurredAt: new Date().toISOString(),
          seriesId,
          episodeNumber: 1,
          kind: 'paywall_shown',
        },
      ],
    },
    'POST /api/progress': { userId: 'user-1', seriesId, episodeId, progress: 50 },
    'PUT /api/series/:id/translations/:language': { title: 'Aguas profundas' },
    'POST /api/user/:userId/purchase-tokens': { packageId: 'package-6' },
    'POST /api/user/:userId/unlock-episode': { seriesId, episodeNumber: 1 },
    'POST /api/user/:userId/unlock-episode/undo': { seriesId, episodeNumber: 1 },
    'PUT /api/user/:userId/auto-unlock': { enabled: true },
    'POST /api/admin/operators': { name: 'Body Test', role: 'editor' },
    'PATCH /api/admin/operators/:id': { role: 'analyst' },
    'POST /api/admin/invites/:token/accept': { password: 'a long enough password' },
    'POST /api/admin/viewers/:uid/coins': { coins: 5, reason: 'Body test' },
    'POST /api/admin/purchases/:purchaseId/refund': { amount: 100 },
    'POST /api/account/passkeys': { answer: passkeyAnswer },
    'POST /api/sign-in/passkey': { answer: passkeyAnswer },
    'POST /api/admin/me/passkeys': { answer: passkeyAnswer },
    'POST /api/admin/login/passkey': { answer: passkeyAnswer },
    'POST /api/auth/:provider/callback': { state: 'a-state-of-no-sign-in' },
  };
}

/** The routes that read a multipart upload (those that register @fastify/multipart), and their file's field. */
const UPLOAD_FIELD: Record<string, string> = {
  'POST /api/series/artwork': 'image',
  'POST /api/series/:id/episodes': 'video',
  'PUT /api/episodes/:episodeId/video': 'video',
  'PUT /api/episodes/:episodeId/subtitles/:language': 'file',
  'POST /api/series/:id/subtitles': 'file',
};

/** Every route that takes a body (GET and HEAD bodies are never read), from the app's own route table. */
function bodyRoutes() {
  return (
    t.app
      .routeGuards()
      .filter((route) => route.method !== 'GET' && route.method !== 'HEAD')
      // Its body stays raw bytes, read as JSON only once their signature proves Stripe sent them.
      .filter((route) => route.url !== '/api/payments/stripe/webhook')
      .map((route) => ({ ...route, key: `${route.method} ${route.url}`, guard: route.guard as Guard }))
  );
}

/** Real rows behind every id, so a request that got past its body would reach the handler and could write. */
function concreteUrl(url: string) {
  return url
    .replace(':userId', 'user-1')
    .replace(':uid', 'user-1')
    .replace(':token', 'no-such-invite')
    .replace(':provider', 'google')
    .replace(':episodeId', String(episodeId))
    .replace(/:(id|seriesId)\b/g, String(seriesId))
    .replace(':language', 'es');
}

type Caller = { name: string; cookie?: string; passes: (guard: Guard) => boolean };
const callers = (): Caller[] => [
  { name: 'without a cookie', passes: (guard) => guard === 'public' },
  { name: 'with a viewer access cookie', cookie: viewerCookie, passes: (guard) => guard !== 'operator' },
  { name: 'with an operator session', cookie: operatorCookie, passes: () => true },
];

function send(route: { method: string; url: string }, caller: Caller, contentType: string, payload: string) {
  return t.app.inject({
    method: route.method as 'POST',
    url: concreteUrl(route.url),
    headers: { 'content-type': contentType, ...(caller.cookie ? { cookie: caller.cookie } : {}) },
    payload,
  });
}

/** Row counts of every table, and the files of the data directory (media and unfinished uploads). */
async function everythingStored() {
  const tables = await t.db.execute<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    // Access-code and password attempts are counted before the body is read, as they should be.
    if (name === 'rate_limit_windows') continue;
    const result = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(name)}`);
    counts[name] = result.rows[0]!.n;
  }
  const [viewer] = (await t.db.execute<{ coins: number; bonuses: number }>(sql`select coins, bonuses from users`)).rows;
  const dataDir = path.dirname(t.mediaDir);
  const files = (fs.readdirSync(dataDir, { recursive: true }) as string[])
    .filter((name) => fs.statSync(path.join(dataDir, name)).isFile())
    .sort();
  return { counts, viewer, files };
}

async function cookieOf(request: Promise<{ statusCode: number; cookies: { name: string; value: string }[] }>) {
  const reply = await request;
  expect(reply.statusCode).toBe(200);
  return `${reply.cookies[0]!.name}=${reply.cookies[0]!.value}`;
}

beforeAll(async () => {
  t = await createTestContext();
  const row = await createSeries(t.db, {
    title: 'Shallow',
    description: 'Here.',
    genre: 'Drama',
    tags: [],
    thumbnailUrl: '/media/art/s.svg',
  });
  seriesId = row.id;
  const episode = await createEpisode(t.db, seriesId, 1, {
    title: 'One',
    videoUrl: '/media/clips/a.mp4',
    thumbnailUrl: '',
    duration: 0,
  });
  episodeId = episode.id;
  viewerCookie = await cookieOf(
    t.app.inject({ method: 'POST', url: '/api/access', payload: { code: TEST_ACCESS_CODES[0] } }),
  );
  operatorCookie = `${viewerCookie}; ${await cookieOf(
    t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { password: TEST_ADMIN_PASSWORD } }),
  )}`;
});
afterAll(() => t?.close());

describe('JSON nested 10,000 deep, on every route with a body', () => {
  it('the valid bodies here cover every route whose schema has a JSON body', async () => {
    const reply = await t.app.inject({ method: 'GET', url: OPENAPI_PATH, headers: { cookie: viewerCookie } });
    type Operation = { requestBody?: { content?: Record<string, unknown> } };
    const documented = Object.entries(reply.json().paths as Record<string, Record<string, Operation>>)
      .flatMap(([url, operations]) =>
        Object.entries(operations)
          .filter(([, operation]) => operation.requestBody?.content?.['application/json'])
          .map(([method]) => `${method.toUpperCase()} ${url.replace(/\{(\w+)\}/g, ':$1')}`),
      )
      .sort();
    expect(documented).toEqual(Object.keys(validBodies()).sort());
  });

  it('is a readable 400 once past the guard, and nothing is written', async () => {
    const before = await everythingStored();
    const routes = bodyRoutes();
    expect(routes.length).toBeGreaterThan(30);
    let refusedForDepth = 0;
    for (const caller of callers()) {
      for (const route of routes) {
        const valid = validBodies()[route.key] ?? {};
        const extra = `${JSON.stringify(valid).slice(0, -1)}${Object.keys(valid).length ? ',' : ''}"extra":${deepArray}}`;
        for (const [shape, payload] of [
          ['an array', deepArray],
          ['an object', deepObject],
          ['one extra field of a valid body', extra],
        ] as const) {
          const reply = await send(route, caller, 'application/json', payload);
          const what = `${route.key} ${caller.name}, ${shape}: ${reply.body.slice(0, 120)}`;
          if (caller.passes(route.guard)) {
            expect(reply.statusCode, what).toBe(400);
            expect(reply.json(), what).toEqual({
              statusCode: 400,
              error: 'Bad Request',
              message: `The request body is nested too deeply: at most ${MAX_JSON_DEPTH} levels of arrays and objects.`,
            });
            refusedForDepth++;
          } else {
            expect(reply.statusCode, what).toBe(401);
          }
        }
      }
    }
    expect(refusedForDepth).toBeGreaterThan(routes.length * 3);
    expect(await everythingStored()).toEqual(before);
  });

  it('the same valid bodies, at the deepest nesting allowed, still get through', async () => {
    const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
    const body = (levels: number) => `{"packageId":"package-6","coins":${nested(levels - 1)}}`;
    const route = { method: 'POST', url: '/api/user/:userId/purchase-tokens' };
    const operator = callers()[2]!;
    const deepest = await send(route, operator, 'application/json', body(MAX_JSON_DEPTH));
    expect(deepest.statusCode, deepest.body).toBe(200);
    const over = await send(route, operator, 'application/json', body(MAX_JSON_DEPTH + 1));
    expect(over.statusCode).toBe(400);
  });
});

describe('multipart bodies that cannot be read', () => {
  const boundary = 'cliffhanger-boundary';
  const cases = (field: string): [string, string, string, RegExp][] => {
    const part =
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="upload.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n';
    const whole = `${part}${'x'.repeat(2000)}\r\n--${boundary}--\r\n`;
    return [
      [
        'cut short',
        `multipart/form-data; boundary=${boundary}`,
        `${part}${'x'.repeat(2000)}`,
        /^The upload cannot be read: the body ends before its closing boundary/,
      ],
      [
        'with another boundary than its Content-Type names',
        'multipart/form-data; boundary=another-boundary',
        whole,
        /^The upload cannot be read: no part of the body uses the boundary its Content-Type names/,
      ],
      [
        'with no boundary in its Content-Type',
        'multipart/form-data',
        whole,
        /^The upload cannot be read: its Content-Type names no usable multipart boundary/,
      ],
    ];
  };

  it('is a 400 on every upload route that says what is wrong, and nothing is written', async () => {
    const uploadRoutes = bodyRoutes().filter((route) => route.key in UPLOAD_FIELD);
    expect(uploadRoutes.map((route) => route.key).sort()).toEqual(Object.keys(UPLOAD_FIELD).sort());
    const before = await everythingStored();
    for (const caller of callers()) {
      for (const route of uploadRoutes) {
        for (const [shape, contentType, payload, message] of cases(UPLOAD_FIELD[route.key]!)) {
          const reply = await send(route, caller, contentType, payload);
          const what = `${route.key} ${caller.name}, ${shape}: ${reply.body.slice(0, 160)}`;
          if (caller.passes(route.guard)) {
            expect(reply.statusCode, what).toBe(400);
            expect(reply.json(), what).toMatchObject({ statusCode: 400, field: UPLOAD_FIELD[route.key] });
            expect(reply.json().message, what).toMatch(message);
          } else {
            expect(reply.statusCode, what).toBe(401);
          }
        }
      }
    }
    expect(await everythingStored()).toEqual(before);
  });
});

describe('the depth of JSON text, read without parsing it', () => {
  it.each([
    ['[[1]]', 2, false],
    ['[[[1]]]', 2, true],
    ['{"a":{"b":[]}}', 3, false],
    ['{"a":{"b":[{}]}}', 3, true],
    ['["[[[[", "{{{{"]', 1, false],
    ['["a\\"[[[["]', 1, false],
    ['["\\\\", [[]]]', 2, true],
    ['"no brackets at all"', 0, false],
  ] as const)('%s deeper than %d: %s', (text, limit, expected) => {
    expect(nestsDeeperThan(text, limit)).toBe(expected);
  });
});
