import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { errorReply } from '#contract/index.ts';
import { ACCESS_COOKIE, ACCESS_REQUIRED, ADMIN_COOKIE, OPERATOR_REQUIRED, viewerRoute, type Guard } from './guards.ts';
import { CROSS_SITE_REFUSED, STATE_CHANGING } from './security.ts';

export const OPENAPI_PATH = '/api/openapi.json';

/** What /api/openapi.json answers, as far as a client of this API needs to know. */
const openApiDocumentReply = z
  .object({
    openapi: z.string(),
    info: z.object({ title: z.string(), version: z.string() }).loose(),
    paths: z.record(z.string(), z.unknown()),
  })
  .loose();

/** The areas of the API: each route names its own in `schema.tags`, and a docs page groups them so. */
const TAGS = {
  Access: 'The private-preview gate: an access code opens it for this browser (a cookie); operators can close it.',
  'Operator session': 'Operators sign in to the dashboard: the owner with the admin password, team members by name.',
  Team: 'The owner invites operators by name and role, changes roles, disables and removes them.',
  Activity: "Who changed what: the operators' activity log.",
  Support: 'Support looks a viewer up and grants or takes back coins with a reason.',
  Catalogue: 'Series and episodes as viewers read them (in their language), and as operators edit them.',
  Curation: "The home page's carousel and trending row.",
  Episodes: 'Episode videos operators upload, and their transcoding.',
  Subtitles: 'Subtitle and caption tracks of episodes.',
  Translations: "Series' titles, descriptions and tags in other languages.",
  Wallet:
    'Coins: packages, purchases, the daily check-in, episode unlocks (automatic ones, and their undo) and the ledger.',
  Invitations:
    "A viewer's invitation link (/i/{code}): a friend who saves a new account by it gives both sides 50 bonuses.",
  'VIP pass': "The weekly pass that plays every episode without coins (the preview's is free for 7 days).",
  Payments:
    "Real money through the payment provider (Stripe): its signed events, and operators' view of purchases and refunds.",
  Library: 'What the viewer liked, bookmarked and watched.',
  Alerts: "New-episode alerts: a browser's Web Push subscription to the series it saved.",
  Accounts: "Signing in (passkeys, providers) with a guest's belongings brought along, signed-in devices, signing out.",
  Insights: 'Viewing events from the player, and the figures operators read.',
  Service: 'Health, this description and its reference page.',
} as const;

declare module 'fastify' {
  interface FastifySchema {
    /** One line saying what the route does: required on every /api route (the app refuses to start without). */
    summary?: string;
    /** Unique across the API, camelCase: a client generator's method name. */
    operationId?: string;
    /** Areas of the API, from TAGS below (checked at start: the type is shared with @fastify/swagger's). */
    tags?: readonly string[];
    /** `['multipart/form-data']` on upload routes, whose body no zod schema describes. */
    consumes?: readonly string[];
    /** The media types of a success that is not JSON (a page, a script), which no zod schema describes. */
    produces?: readonly string[];
  }
}

type JsonSchema = Record<string, unknown>;
type SecurityRequirement = Record<string, string[]>;

const SECURITY_SCHEMES = {
  accessCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: ACCESS_COOKIE,
    description: 'Set by POST /api/access when an access code is accepted (signed, HttpOnly, 180 days).',
  },
  operatorSession: {
    type: 'apiKey',
    in: 'cookie',
    name: ADMIN_COOKIE,
    description: 'Set by POST /api/admin/login when the admin password is accepted (HttpOnly, SameSite=Strict).',
  },
} as const;

/** What each guard admits, as OpenAPI security: an operator session also passes the viewer's routes. */
const SECURITY_OF_GUARD: Record<Guard, SecurityRequirement[]> = {
  public: [],
  viewer: [{ accessCookie: [] }, { operatorSession: [] }],
  operator: [{ operatorSession: [] }],
};

const RETRY_AFTER = {
  description: 'Seconds to wait before trying again.',
  schema: { type: 'integer', minimum: 1 },
};

/** A zod schema as JSON Schema: what a client sends (`input`) or what the server answers (`output`). */
function jsonSchemaOf(schema: unknown, io: 'input' | 'output'): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const ERROR_SCHEMA = { $ref: '#/components/schemas/Error' };
const errorContent = (example?: object) => ({
  'application/json': { schema: ERROR_SCHEMA, ...(example ? { example } : {}) },
});

/** Error replies many routes share, added from what a route declares (its guard, path, input, method). */
const COMMON_RESPONSES = {
  BadRequest: {
    description: 'The input is not valid: `message` says why, `field` names the part at fault.',
    content: errorContent(),
  },
  AccessRequired: {
    description: 'No access: enter an access code first (POST /api/access), or sign in as an operator.',
    content: errorContent(ACCESS_REQUIRED),
  },
  OperatorRequired: {
    description: 'No operator session: sign in first (POST /api/admin/login).',
    content: errorContent(OPERATOR_REQUIRED),
  },
  CrossSiteRefused: {
    description: 'A request that changes something, sent with a cookie from another site, is refused.',
    content: errorContent(CROSS_SITE_REFUSED),
  },
  NotFound: { description: 'Nothing has the id (or name) in the path.', content: errorContent() },
  TooManyRequests: {
    description: "Over the rate limit of the route's bucket for this client address.",
    headers: { 'Retry-After': RETRY_AFTER },
    content: {
      'application/json': {
        schema: jsonSchemaOf(errorReply.extend({ retryAfterSeconds: z.int().min(1) }), 'output'),
      },
    },
  },
  DatabaseUnavailable: {
    description: 'The database is briefly unavailable; try again after Retry-After.',
    headers: { 'Retry-After': RETRY_AFTER },
    content: errorContent(),
  },
} as const;
type CommonResponse = keyof typeof COMMON_RESPONSES;

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

interface DocumentedRoute {
  method: string;
  /** Fastify's own options object: hooks registered after ours may still set its config (the guard). */
  options: RouteOptions;
}

/** A path parameter naming something that may not exist (an id, a language of a series or episode). */
const NAMES_A_ROW = /:(\w*id|language)\b/i;

/** The shared error replies that apply to a route, by status. */
function commonResponsesOf(route: DocumentedRoute): Record<number, CommonResponse> {
  const schema = route.options.schema ?? {};
  const { guard, rateBucket = 'api' } = route.options.config ?? {};
  const common: Record<number, CommonResponse> = {};
  if (schema.params || schema.querystring || schema.body || schema.headers || schema.consumes)
    common[400] = 'BadRequest';
  if (guard === 'viewer') common[401] = 'AccessRequired';
  if (guard === 'operator') common[401] = 'OperatorRequired';
  if (STATE_CHANGING.has(route.method) && !route.options.config?.signedWebhook) common[403] = 'CrossSiteRefused';
  if (NAMES_A_ROW.test(route.options.url)) common[404] = 'NotFound';
  if (rateBucket !== 'none') common[429] = 'TooManyRequests';
  // Every /api route but health (which says what is down in its own reply) answers so while the database is away.
  common[503] = 'DatabaseUnavailable';
  return common;
}

function operationOf(route: DocumentedRoute, used: Set<CommonResponse>) {
  const schema = route.options.schema ?? {};
  const responses: Record<string, unknown> = {};
  for (const [status, reply] of Object.entries((schema.response ?? {}) as Record<string, unknown>)) {
    const json = reply === errorReply ? ERROR_SCHEMA : jsonSchemaOf(reply, 'output');
    responses[status] = {
      description: Number(status) < 400 ? 'Success' : (STATUS_CODES[status] ?? 'Error'),
      ...(json && !('type' in json && json.type === 'null')
        ? { content: { 'application/json': { schema: json } } }
        : {}),
    };
  }
  if (schema.produces) {
    const content = Object.fromEntries(schema.produces.map((type) => [type, { schema: { type: 'string' } }]));
    responses[200] = { description: 'Success', content };
  }
  for (const [status, name] of Object.entries(commonResponsesOf(route))) {
    // A route's own reply for a status wins unless it is the common error shape, whose common wording says more.
    const own = (schema.response as Record<string, unknown> | undefined)?.[status];
    if (own !== undefined && own !== errorReply) continue;
    responses[status] = { $ref: `#/components/responses/${name}` };
    used.add(name);
  }
  const body = jsonSchemaOf(schema.body, 'input');
  const requestBody = body
    ? { required: true, content: { 'application/json': { schema: body } } }
    : schema.consumes && { required: true, content: Object.fromEntries(schema.consumes.map((type) => [type, {}])) };
  const parameters = [...parametersOf(schema.params, 'path'), ...parametersOf(schema.querystring, 'query')];
  return {
    summary: schema.summary,
    operationId: schema.operationId,
    tags: schema.tags,
    security: SECURITY_OF_GUARD[route.options.config?.guard ?? 'public'],
    ...(route.options.config?.roles ? { 'x-operator-roles': [...route.options.config.roles] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b))),
  };
}

/** The OpenAPI 3.1 document of the routes given, from the zod schemas they validate and answer with. */
export function openApiDocument(
  routes: readonly DocumentedRoute[],
  info: { title: string; version: string; contactEmail: string },
) {
  const used = new Set<CommonResponse>();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = openApiPath(route.options.url);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route, used) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: info.version,
      description:
        'Every /api route but health, the access gate and operator sign-in needs the access cookie or an operator ' +
        'session; each operation names which. Requests that change something and carry a cookie must come from ' +
        "the app's own pages.",
      contact: { email: info.contactEmail },
    },
    servers: [{ url: '/', description: 'The server that serves this document' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: { Error: jsonSchemaOf(errorReply, 'output') },
      responses: Object.fromEntries([...used].sort().map((name) => [name, COMMON_RESPONSES[name]])),
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

/** Routes whose summary, operationId or tags are missing, whose operationId another route has taken, or who name
 * an area of the API that TAGS does not describe. */
export function undocumentedRoutes(routes: readonly DocumentedRoute[]): string[] {
  const seen = new Set<string>();
  return routes.flatMap(({ method, options: { url, schema } }) => {
    const id = schema?.operationId;
    const tags = schema?.tags ?? [];
    const complete =
      schema?.summary && id && !seen.has(id) && tags.length > 0 && tags.every((tag) => Object.hasOwn(TAGS, tag));
    if (id) seen.add(id);
    return complete ? [] : [`${method} ${url}`];
  });
}

/**
 * Collects every /api route as it is registered (so it must be registered before the modules) and
 * serves their document at /api/openapi.json, built once on first request. The app refuses to start
 * while an /api route lacks a summary, an operationId (unique) or tags.
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance) => {
    const routes: DocumentedRoute[] = [];
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/')) return;
      for (const method of [route.method].flat()) {
        if (method !== 'HEAD') routes.push({ method, options: route });
      }
    });
    app.addHook('onReady', async () => {
      const undocumented = undocumentedRoutes(routes);
      if (undocumented.length > 0) {
        throw new Error(`Routes without a summary, a unique operationId and known tags: ${undocumented.join(', ')}`);
      }
    });
    let document: string | undefined;
    app.get(
      OPENAPI_PATH,
      {
        config: viewerRoute,
        schema: {
          summary: 'This OpenAPI document',
          operationId: 'getOpenApiDocument',
          tags: ['Service'],
          response: { 200: openApiDocumentReply },
        },
      },
      async (_request, reply) => {
        const info = { title: `${app.config.appName} API`, version: '1.0.0', contactEmail: app.config.supportEmail };
        // Sent as text: Fastify leaves a JSON string as it is instead of serialising it through the reply schema.
        document ??= JSON.stringify(openApiDocument(routes, info));
        return reply.type('application/json; charset=utf-8').send(document);
      },
    );
  },
  { name: 'openapi' },
);
