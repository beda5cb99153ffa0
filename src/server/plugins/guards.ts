import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { OperatorRole, SignedInOperator } from '#contract/index.ts';
import { isLinkPreviewBot } from './link-crawlers.ts';
import { admitInMemory, admitRequest, type RateBucket } from './rate-limits.ts';

export const ACCESS_COOKIE = 'cliffhanger_access';
export const ADMIN_COOKIE = 'cliffhanger_admin';

/**
 * Who may use a route: anyone (`public`), a viewer past the access gate (`viewer`: anyone, with ACCESS_GATE=off),
 * or a signed-in operator (`operator`, who also passes `viewer`) whose role is one the route names. Declared where
 * the route is registered and checked on the route the request matched, never by matching the raw URL, which the
 * router decodes (`/%61pi` is `/api`).
 */
export type Guard = 'public' | 'viewer' | 'operator';

declare module 'fastify' {
  interface FastifyContextConfig {
    guard?: Guard;
    /** The operator roles an `operator` route admits; such a route without any stops the start. */
    roles?: readonly OperatorRole[];
    rateBucket?: RateBucket;
    /**
     * Link-preview bots (isLinkPreviewBot) pass this route's `viewer` guard without the access cookie: the route
     * gives them only what a shared link's preview shows (title, description, picture).
     */
    linkPreviews?: boolean;
  }
  interface FastifyInstance {
    operatorOfSession: GuardsOptions['operatorOfSession'];
    /** Every route with the guard and roles it declared: what the route-table test checks. */
    routeGuards: () => {
      method: string;
      url: string;
      guard: Guard | undefined;
      roles: readonly OperatorRole[] | undefined;
      linkPreviews: boolean;
    }[];
  }
  interface FastifyRequest {
    /** The signed-in operator, once an `operator` route's guard has admitted them. */
    operator: SignedInOperator | null;
  }
}

/** Route configs, one per kind of route: `{ config: viewerRoute, schema: … }`. */
export const publicRoute = { guard: 'public', rateBucket: 'api' } as const;
export const viewerRoute = { guard: 'viewer', rateBucket: 'api' } as const;
/** An operator route, with the roles that may use it: `{ config: operatorRoute('owner', 'editor'), … }`. */
export function operatorRoute<const Roles extends readonly [OperatorRole, ...OperatorRole[]]>(...roles: Roles) {
  return { guard: 'operator', roles, rateBucket: 'api' } as const;
}
/** A viewer page a shared link lands on: open, and what a link-preview bot is given there is the route's to decide. */
export const linkPreviewPageRoute = { guard: 'public', rateBucket: 'api', linkPreviews: true } as const;
/** A link preview's picture: past the gate, and open to link-preview bots too. */
export const linkPreviewImageRoute = { guard: 'viewer', rateBucket: 'media', linkPreviews: true } as const;
/** Access codes and the operator password: few attempts, counted across instances. */
export const attemptRoute = { guard: 'public', rateBucket: 'attempts' } as const;
/** Files of the built client: open, because the gate itself has to load. */
export const clientFileRoute = { guard: 'public', rateBucket: 'none' } as const;
/** The player's viewing-event batches: past the gate, with a bucket of their own. */
export const viewingEventsRoute = { guard: 'viewer', rateBucket: 'events' } as const;
/** Files under /media: past the gate, with a bucket of their own (a video is many segments). */
export const mediaFileRoute = { guard: 'viewer', rateBucket: 'media' } as const;
/** Files under /media/~t/<token>/: the token, checked by the route, stands for the gate (a CDN has no cookies). */
export const mediaTokenRoute = { guard: 'public', rateBucket: 'media' } as const;

export const ACCESS_REQUIRED = { statusCode: 401, error: 'Unauthorized', message: 'Enter your access code first.' };
export const OPERATOR_REQUIRED = {
  statusCode: 401,
  error: 'Unauthorized',
  message: 'Your admin session has ended. Please sign in again.',
};

type RouteGuardConfig = { guard: Guard; rateBucket: RateBucket };

const ROLE_NAMES: Record<OperatorRole, string> = {
  owner: 'the owner',
  editor: 'editors',
  analyst: 'analysts',
  support: 'support',
};

/** A refusal a person can read: who they are, and who may do this instead. */
function notForRole(operator: SignedInOperator, roles: readonly OperatorRole[]) {
  const allowed = roles.map((role) => ROLE_NAMES[role]);
  const list = allowed.length > 1 ? `${allowed.slice(0, -1).join(', ')} and ${allowed.at(-1)}` : allowed[0];
  return {
    statusCode: 403,
    error: 'Forbidden',
    message: `Signed in as ${operator.name} (${operator.role}), you cannot do this: it is for ${list}.`,
  };
}

/** Sets the guard and bucket of every route registered in this scope (routes made by plugins such as static). */
export function guardRoutesOfScope(scope: FastifyInstance, config: RouteGuardConfig) {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, ...config };
  });
}

/** The same for the routes registered until the returned function is called, where a scope of their own won't do. */
export function guardRoutesWhile(app: FastifyInstance, config: RouteGuardConfig): () => void {
  let active = true;
  app.addHook('onRoute', (route) => {
    if (active) route.config = { ...route.config, ...config };
  });
  return () => {
    active = false;
  };
}

/**
 * One onRequest hook for every request, after routing: the rate-limit bucket, then the guard of the matched route.
 * A request that matches no route meets no guard and no database: the not-found handler answers it.
 * Every route must declare its guard; the app refuses to start otherwise.
 */
export interface GuardsOptions {
  /** Who holds this admin session, if it is live (the operators' module knows; app.ts passes it in). */
  operatorOfSession(token: string): Promise<SignedInOperator | undefined>;
}

export const guardsPlugin = fp(async (app: FastifyInstance, options: GuardsOptions) => {
  app.decorate('operatorOfSession', options.operatorOfSession);
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.decorateRequest('operator', null);
  app.decorate('routeGuards', () =>
    routes.flatMap((r) =>
      [r.method].flat().map((method) => ({
        method: String(method),
        url: r.url,
        guard: r.config?.guard,
        roles: r.config?.roles,
        linkPreviews: r.config?.linkPreviews === true,
      })),
    ),
  );
  app.addHook('onReady', async () => {
    const unguarded = routes.filter((r) => !r.config?.guard).map((r) => `${String(r.method)} ${r.url}`);
    if (unguarded.length > 0) throw new Error(`Routes without a guard: ${unguarded.join(', ')}`);
    const roleless = routes
      .filter((r) => r.config?.guard === 'operator' && !r.config.roles?.length)
      .map((r) => `${String(r.method)} ${r.url}`);
    if (roleless.length > 0) throw new Error(`Operator routes without roles: ${roleless.join(', ')}`);
  });

  // Most requests are decided in memory (a bucket counted here, an access cookie): those never wait for a promise.
  app.addHook('onRequest', (request, reply, done) => {
    const { guard, rateBucket = 'api' } = request.routeOptions.config;
    const decidedInMemory =
      rateBucket !== 'attempts' &&
      guard !== 'operator' &&
      (guard !== 'viewer' || app.accessGate.admits(request.cookies[ACCESS_COOKIE]));
    if (!decidedInMemory) {
      guardWithDatabase(app, request, reply, guard, rateBucket).then(() => reply.sent || done(), done);
      return;
    }
    if (admitInMemory(app, request, reply, rateBucket)) done();
  });
});

async function guardWithDatabase(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  guard: Guard | undefined,
  rateBucket: RateBucket,
) {
  if (!(await admitRequest(app, request, reply, rateBucket))) return;
  if (guard === 'viewer' && !app.accessGate.admits(request.cookies[ACCESS_COOKIE]) && !isLinkPreviewFetch(request)) {
    // Operators see what viewers see (the dashboard reads the catalogue), even after revoking viewer access.
    if (!request.cookies[ADMIN_COOKIE] || !(await isOperator(app, request))) {
      return void reply.status(401).header('Cache-Control', 'no-store').send(ACCESS_REQUIRED);
    }
  }
  if (guard === 'operator') {
    const operator = await operatorOf(app, request);
    if (!operator) return void reply.status(401).header('Cache-Control', 'no-store').send(OPERATOR_REQUIRED);
    const roles = request.routeOptions.config.roles ?? [];
    if (!roles.includes(operator.role)) {
      return void reply.status(403).header('Cache-Control', 'no-store').send(notForRole(operator, roles));
    }
    request.operator = operator;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Who holds the request's admin session, asked once per request whichever hook asks first. */
    operatorSession?: Promise<SignedInOperator | null>;
  }
}

/** Whoever holds the request's admin session, of any role (no database work without the cookie). */
export function operatorOf(app: FastifyInstance, request: FastifyRequest): Promise<SignedInOperator | null> {
  const token = request.cookies[ADMIN_COOKIE];
  request.operatorSession ??= token
    ? app.operatorOfSession(token).then((operator) => operator ?? null)
    : Promise.resolve(null);
  return request.operatorSession;
}

/** A link-preview bot asking for a route that declared it gives them previews (`linkPreviews`). */
export function isLinkPreviewFetch(request: FastifyRequest): boolean {
  return request.routeOptions.config.linkPreviews === true && isLinkPreviewBot(request.headers['user-agent']);
}

/** Whether the request carries a live operator session, of any role. */
export async function isOperator(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  return (await operatorOf(app, request)) !== null;
}
