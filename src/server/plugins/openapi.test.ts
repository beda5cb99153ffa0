import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_ACCESS_CODES, TEST_ADMIN_PASSWORD, type TestContext } from '../testing/harness.ts';
import { routeTable as registeredRoutes } from '../testing/route-table.ts';
import { OPENAPI_PATH, openApiPath, openApiPlugin } from './openapi.ts';
import { viewerRoute, type Guard } from './guards.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

type Reference = { $ref: string };
interface Response {
  description?: string;
  headers?: Record<string, unknown>;
  content?: Record<string, { schema: { properties?: Record<string, unknown> }; example?: unknown }>;
}
interface Operation {
  summary?: string;
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, Response | Reference>;
}
interface Document {
  openapi: string;
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { properties: Record<string, unknown> }>;
    responses: Record<string, Response>;
    securitySchemes: Record<string, { type: string; in: string; name: string }>;
  };
}

/** Fastify's own route table: "METHOD /full/path" for every /api route. */
function routeTable(): string[] {
  return registeredRoutes(t.app)
    .filter(({ method, path }) => method !== 'HEAD' && path.startsWith('/api/'))
    .map(({ method, path }) => `${method} ${openApiPath(path)}`)
    .sort();
}

async function document(): Promise<Document> {
  const response = await t.viewer({ method: 'GET', url: OPENAPI_PATH });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.json<Document>();
}

/** The document's operations, "METHOD /path" → operation. */
async function operations(): Promise<Map<string, Operation>> {
  const doc = await document();
  return new Map(
    Object.entries(doc.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation] as const),
    ),
  );
}

/** Who may call a route, as the document must say it: the cookie each scheme names, one of them being enough. */
const SECURITY_OF_GUARD: Record<Guard, Record<string, string[]>[]> = {
  public: [],
  viewer: [{ accessCookie: [] }, { operatorSession: [] }],
  operator: [{ operatorSession: [] }],
};

function resolve(doc: Document, response: Response | Reference | undefined): Response | undefined {
  if (!response || !('$ref' in response)) return response;
  return doc.components.responses[response.$ref.replace('#/components/responses/', '')];
}

describe('the OpenAPI document', () => {
  it('lists exactly the routes the server has, method by method', async () => {
    const documented = [...(await operations()).keys()].sort();
    const table = routeTable();
    expect(table.length).toBeGreaterThan(30);
    expect(documented).toEqual(table);
  });

  it('gives every route of the route table a summary, a unique operationId, tags and the security of its guard', async () => {
    const doc = await document();
    const byRoute = await operations();
    const tagNames = new Set(doc.tags.map((tag) => tag.name));
    const operationIds = new Set<string>();
    const routes = t.app.routeGuards().filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(60);
    for (const { method, url, guard } of routes) {
      const route = `${method} ${openApiPath(url)}`;
      const operation = byRoute.get(route);
      expect(operation, route).toBeDefined();
      expect(operation!.summary, route).toMatch(/^\S.{3,}/);
      expect(operation!.operationId, route).toMatch(/^[a-z][A-Za-z]+$/);
      expect(operationIds.has(operation!.operationId!), `${route}: ${operation!.operationId} taken`).toBe(false);
      operationIds.add(operation!.operationId!);
      expect(operation!.tags?.length, route).toBeGreaterThan(0);
      for (const tag of operation!.tags!) expect(tagNames, `${route}: tag ${tag}`).toContain(tag);
      expect(operation!.security, route).toEqual(SECURITY_OF_GUARD[guard!]);
    }
    // The three guards all occur, so the comparison above tested each of them.
    expect(new Set(routes.map((r) => r.guard))).toEqual(new Set(['public', 'viewer', 'operator']));
  });

  it('names in its security schemes the cookies the server sets at the gate and at sign-in', async () => {
    const { securitySchemes } = (await document()).components;
    const access = await t.app.inject({ method: 'POST', url: '/api/access', payload: { code: TEST_ACCESS_CODES[1] } });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { password: TEST_ADMIN_PASSWORD },
    });
    expect(securitySchemes.accessCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: access.cookies[0]!.name });
    expect(securitySchemes.operatorSession).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: login.cookies[0]!.name,
    });
    expect(access.cookies[0]!.name).not.toBe(login.cookies[0]!.name);
  });

  it('declares the error replies each route can give, in the error shape', async () => {
    const doc = await document();
    const common = (name: string) => ({ $ref: `#/components/responses/${name}` });
    for (const [route, operation] of await operations()) {
      const [method, path] = route.split(' ') as [string, string];
      const responses = operation.responses;
      // Stripe's webhook: no browser sends it, and only its signature guards it (no rate limit, no cross-site check).
      const webhook = path === '/api/payments/stripe/webhook';
      const expected = (webhook ? {} : { 429: common('TooManyRequests') }) as Record<number, Reference>;
      if (operation.security!.length > 0) {
        expected[401] = common(operation.security!.length === 1 ? 'OperatorRequired' : 'AccessRequired');
      }
      if (/\{(\w*id|language)\}/i.test(path)) expected[404] = common('NotFound');
      if (operation.parameters || operation.requestBody) expected[400] = common('BadRequest');
      if (method !== 'GET' && !webhook) expected[403] = common('CrossSiteRefused');
      for (const [status, reference] of Object.entries(expected))
        expect(responses[status], `${route} ${status}`).toEqual(reference);
      for (const [status, reply] of Object.entries(responses)) {
        if (Number(status) >= 400 && Number(status) < 500) {
          expect(resolve(doc, reply)!.content!['application/json']!.schema, `${route} ${status}`).toBeDefined();
        }
      }
    }
    expect(resolve(doc, common('TooManyRequests'))!.headers).toHaveProperty('Retry-After');
    expect(doc.components.schemas.Error!.properties).toHaveProperty('message');
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('gives as examples of 401 and 403 what the server answers', async () => {
    const doc = await document();
    const example = (name: string) => doc.components.responses[name]!.content!['application/json']!.example;
    const viewerOnly = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(viewerOnly.statusCode).toBe(401);
    expect(viewerOnly.json()).toEqual(example('AccessRequired'));
    const operatorOnly = await t.viewer({ method: 'GET', url: '/api/admin/catalogue-figures' });
    expect(operatorOnly.statusCode).toBe(401);
    expect(operatorOnly.json()).toEqual(example('OperatorRequired'));
    const crossSite = await t.viewer({
      method: 'POST',
      url: '/api/user/user-1/daily-checkin',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toEqual(example('CrossSiteRefused'));
  });

  it('describes parameters, bodies and replies from the zod contract', async () => {
    const doc = await document();
    const unlock = doc.paths['/api/user/{userId}/unlock-episode']!.post!;
    expect(unlock.parameters).toEqual([expect.objectContaining({ name: 'userId', in: 'path', required: true })]);
    expect(unlock.requestBody).toMatchObject({
      content: {
        'application/json': {
          schema: { properties: { seriesId: expect.anything(), episodeNumber: expect.anything() } },
        },
      },
    });
    const oneSeries = doc.paths['/api/series/{id}']!.get!;
    expect((oneSeries.responses['200'] as Response).content!['application/json']!.schema.properties).toHaveProperty(
      'title',
    );
    expect(resolve(doc, oneSeries.responses['404'])!.content!['application/json']!.schema).toEqual({
      $ref: '#/components/schemas/Error',
    });
    // Uploads say they take multipart bodies, which no zod schema describes.
    expect(doc.paths['/api/series/{id}/episodes']!.post!.requestBody!.content).toHaveProperty('multipart/form-data');
  });

  it('is served behind the access gate, like the API it describes', async () => {
    const response = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(401);
  });
});

describe('the start-up check', () => {
  it('refuses to start an app with an /api route that lacks a summary, an operationId or known tags', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(openApiPlugin);
    app.get(
      '/api/documented',
      { config: viewerRoute, schema: { summary: 'Fine', operationId: 'fine', tags: ['Service'] } },
      async () => 'ok',
    );
    app.get('/api/forgotten', { config: viewerRoute }, async () => 'no summary');
    app.get(
      '/api/unknown-area',
      { schema: { summary: 'Where?', operationId: 'where', tags: ['Elsewhere'] } },
      () => '',
    );
    app.get('/api/twice', { schema: { summary: 'Again', operationId: 'fine', tags: ['Service'] } }, async () => '');
    // Not an API route: files and pages are not in the document.
    app.get('/about', async () => 'page');
    await expect(app.ready()).rejects.toThrow(
      'Routes without a summary, a unique operationId and known tags: GET /api/forgotten, GET /api/unknown-area, GET /api/twice',
    );
  });
});
