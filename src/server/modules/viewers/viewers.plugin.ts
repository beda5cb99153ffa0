import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { VIEWER_USER_ID } from '../../../contract/index.ts';
import { tooManyRequests } from '../../plugins/rate-limits.ts';
import { newViewerId, readViewerCookie, viewerCookieKey, writeViewerCookie, type ViewerPass } from './viewer-cookie.ts';
import { ensureViewer, PAGE_RENDER_HEADER, type ViewerStart } from './viewers.service.ts';

export const VIEWER_COOKIE = 'cliffhanger_viewer';
/** Browsers keep a cookie at most 400 days; it is written again (a new signature) once it is a month old. */
const COOKIE_SECONDS = 400 * 24 * 3600;
const RENEW_AFTER_SECONDS = 30 * 24 * 3600;
/** Viewers known to have their row, so a viewer's later writes skip the insert (bounded; cleared when full). */
const KNOWN_ROWS = 100_000;
/** A request that names no viewer of its own and has none: its reads find nothing. */
export const NO_VIEWER = '';

/**
 * A route that meets the viewer although no `userId` in its path or body names them: `self` reads the viewer of
 * the request (GET /api/user) and gives a new visitor their viewer.
 */
export type ViewerUse = 'self';

declare module 'fastify' {
  interface FastifyContextConfig {
    viewer?: ViewerUse;
  }
  interface FastifyRequest {
    /** The viewer of this request, set before the handler on every route that meets one ('' when none yet). */
    viewerId: string;
  }
  interface FastifyInstance {
    viewers: {
      /** The viewer a genuine cookie names, or null: never creates one. */
      idOf(request: FastifyRequest): string | null;
      /**
       * A page that reads the visitor's account gives them their viewer, as the app's own first read would: the
       * cookie goes out with the page, and the page's own reads (made with the request's cookies) already see it.
       * Nothing when they have one, or when their address made too many viewers this minute.
       */
      giveTo(request: FastifyRequest, reply: FastifyReply): void;
      readonly start: ViewerStart;
    };
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The `userId` a request's path or JSON body names, if its route takes one. */
function namedViewerOf(request: FastifyRequest): string | undefined {
  const params = request.params as { userId?: unknown } | undefined;
  if (typeof params?.userId === 'string') return params.userId;
  const body = request.body as { userId?: unknown } | null | undefined;
  if (body && typeof body === 'object' && typeof body.userId === 'string') return body.userId;
  return undefined;
}

function setNamedViewer(request: FastifyRequest, viewerId: string) {
  const params = request.params as { userId?: unknown } | undefined;
  if (typeof params?.userId === 'string') params.userId = viewerId;
  const body = request.body as { userId?: unknown } | null | undefined;
  if (body && typeof body === 'object' && typeof body.userId === 'string') body.userId = viewerId;
}

const NO_SUCH_USER = { statusCode: 404, error: 'Not Found', message: 'No such user' };

/**
 * Every viewer is their own: a browser's viewer is named by a signed, HttpOnly cookie the server writes, and
 * `user-1` in a path or body means "the viewer of this request". Resolved here, for every route at once, after
 * validation and before any handler: a route never sees another id than its caller's, and an id that is not the
 * caller's answers 404 as if nobody had it. The viewer's row is written on their first write, not before.
 */
export const viewersPlugin = fp(async (app: FastifyInstance) => {
  const key = viewerCookieKey(app.accessGate.signingKey);
  const start = app.config.newViewer;
  const knownRows = new Set<string>();

  const passOf = (request: FastifyRequest): ViewerPass | null => readViewerCookie(key, request.cookies[VIEWER_COOKIE]);

  const setViewerCookie = (request: FastifyRequest, reply: FastifyReply, cookie: string) =>
    reply.setCookie(VIEWER_COOKIE, cookie, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: COOKIE_SECONDS,
    });
  const writeCookie = (request: FastifyRequest, reply: FastifyReply, viewerId: string) =>
    setViewerCookie(request, reply, writeViewerCookie(key, { viewerId, issuedAt: Math.floor(Date.now() / 1000) }));

  /**
   * A new viewer for this browser, or null once its address made too many this minute: a write is then refused
   * (429), a read goes on without a viewer (the starting balance, nothing of anyone's) and the next one tries again.
   */
  const mint = (request: FastifyRequest, reply: FastifyReply, write: boolean): string | null => {
    const creations = app.rateCounter.hit(`viewer-creation ${request.ip}`);
    if (creations.hits > app.config.viewerCreationRateLimit) {
      if (write) tooManyRequests(reply, creations);
      return null;
    }
    const viewerId = newViewerId();
    writeCookie(request, reply, viewerId);
    return viewerId;
  };

  app.decorate('viewers', {
    idOf: (request: FastifyRequest) => passOf(request)?.viewerId ?? null,
    giveTo(request: FastifyRequest, reply: FastifyReply) {
      if (passOf(request)) return;
      const creations = app.rateCounter.hit(`viewer-creation ${request.ip}`);
      if (creations.hits > app.config.viewerCreationRateLimit) return;
      const viewerId = newViewerId();
      const cookie = writeViewerCookie(key, { viewerId, issuedAt: Math.floor(Date.now() / 1000) });
      setViewerCookie(request, reply, cookie);
      request.cookies[VIEWER_COOKIE] = cookie;
      request.headers.cookie = [request.headers.cookie, `${VIEWER_COOKIE}=${cookie}`].filter(Boolean).join('; ');
    },
    start,
  });
  app.decorateRequest('viewerId', NO_VIEWER);

  // Decided in memory but for a viewer's first write here, so most requests never wait for a promise.
  app.addHook('preHandler', (request, reply, done) => {
    const named = namedViewerOf(request);
    const use = request.routeOptions.config.viewer;
    if (named === undefined && use === undefined) return done();
    const write = !SAFE_METHODS.has(request.method);
    reply.header('Cache-Control', 'private, no-store');
    // The first read of the viewer's own account, or any write: this browser gets its viewer now.
    const issues =
      write ||
      ((use === 'self' || (named !== undefined && request.routeOptions.url === '/api/user/:userId')) &&
        request.headers[PAGE_RENDER_HEADER] === undefined);
    const pass = passOf(request);
    let viewerId = pass?.viewerId ?? NO_VIEWER;
    if (!pass && issues) {
      const minted = mint(request, reply, write);
      if (minted === null && write) return;
      viewerId = minted ?? NO_VIEWER;
    } else if (pass && issues && Date.now() / 1000 - pass.issuedAt > RENEW_AFTER_SECONDS) {
      writeCookie(request, reply, pass.viewerId);
    }
    if (named !== undefined) {
      if (named !== VIEWER_USER_ID && (named !== viewerId || viewerId === NO_VIEWER)) {
        return void reply.status(404).header('Cache-Control', 'no-store').send(NO_SUCH_USER);
      }
      setNamedViewer(request, viewerId);
    }
    request.viewerId = viewerId;
    if (!write) return done();
    const writes = app.rateCounter.hit(`viewer-writes ${viewerId}`);
    if (writes.hits > app.config.viewerWriteRateLimit) return tooManyRequests(reply, writes);
    if (knownRows.has(viewerId)) return done();
    ensureViewer(app.db, viewerId, start).then(() => {
      if (knownRows.size >= KNOWN_ROWS) knownRows.clear();
      knownRows.add(viewerId);
      done();
    }, done);
  });
});
