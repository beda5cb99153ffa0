import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { viewerRoute } from './guards.ts';

export const OPENAPI_PATH = '/api/openapi.json';

type JsonSchema = Record<string, unknown>;

interface DocumentedRoute {
  method: string;
  url: string;
  schema: RouteOptions['schema'];
}

/** A zod schema as JSON Schema: what a client sends (`input`) or what the server answers (`output`). */
function jsonSchemaOf(schema: unknown, io: 'input' | 'output'): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** `/api/series/:id/episodes` → `/api/series/{id}/episodes` */
export function openApiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}');
}

function parametersOf(schema: unknown, where: 'path' | 'query') {
  const json = jsonSchemaOf(schema, 'input');
  const properties = (json?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json?.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    schema: property,
  }));
}

function operationOf(route: DocumentedRoute) {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const responses: Record<string, unknown> = {};
  for (const [status, reply] of Object.entries((schema.response ?? {}) as Record<string, unknown>)) {
    const json = jsonSchemaOf(reply, 'output');
    responses[status] = {
      description: Number(status) < 400 ? 'Success' : 'Error (statusCode, error, message, field)',
      ...(json && json.type !== 'null' ? { content: { 'application/json': { schema: json } } } : {}),
    };
  }
  if (Object.keys(responses).length === 0) responses.default = { description: 'See the route' };
  const body = jsonSchemaOf(schema.body, 'input');
  const parameters = [...parametersOf(schema.params, 'path'), ...parametersOf(schema.querystring, 'query')];
  return {
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } } : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of the routes given, from the zod schemas they validate and answer with. */
export function openApiDocument(routes: readonly DocumentedRoute[], info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = openApiPath(route.url);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route) };
  }
  return { openapi: '3.1.0', info, paths };
}

/**
 * Collects every /api route as it is registered (so it must be registered before the modules) and
 * serves their document at /api/openapi.json, built once on first request.
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance) => {
    const routes: DocumentedRoute[] = [];
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/') || route.url === OPENAPI_PATH) return;
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') routes.push({ method, url: route.url, schema: route.schema });
      }
    });
    let document: ReturnType<typeof openApiDocument> | undefined;
    app.get(OPENAPI_PATH, { config: viewerRoute }, async () => {
      document ??= openApiDocument(routes, { title: `${app.config.appName} API`, version: '1.0.0' });
      return document;
    });
  },
  { name: 'openapi' },
);
