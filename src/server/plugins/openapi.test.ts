import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { OPENAPI_PATH, openApiPath } from './openapi.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

interface Document {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string; required: boolean }[];
        requestBody?: unknown;
        responses: Record<
          string,
          { content?: { 'application/json': { schema: { properties?: Record<string, unknown> } } } }
        >;
      }
    >
  >;
}

/** Fastify's own route table, read from printRoutes' tree: "METHOD /full/path" for every /api route. */
function routeTable(): string[] {
  const parents: string[] = [];
  const routes: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = `${depth > 0 ? parents[depth - 1] : ''}${match[2]}`;
    parents[depth] = path;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD' && path.startsWith('/api/') && path !== OPENAPI_PATH)
        routes.push(`${method} ${openApiPath(path)}`);
    }
  }
  return routes.sort();
}

async function document(): Promise<Document> {
  const response = await t.viewer({ method: 'GET', url: OPENAPI_PATH });
  expect(response.statusCode).toBe(200);
  return response.json<Document>();
}

describe('the OpenAPI document', () => {
  it('lists exactly the routes the server has, method by method', async () => {
    const doc = await document();
    expect(doc.openapi).toBe('3.1.0');
    const documented = Object.entries(doc.paths)
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    const table = routeTable();
    expect(table.length).toBeGreaterThan(30);
    expect(documented).toEqual(table);
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
    expect(oneSeries.responses['200']!.content!['application/json'].schema.properties).toHaveProperty('title');
    expect(oneSeries.responses['404']!.content!['application/json'].schema.properties).toHaveProperty('message');
  });

  it('is served behind the access gate, like the API it describes', async () => {
    const response = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(401);
  });
});
