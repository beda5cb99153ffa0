import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { VIEWER_USER_ID } from '#contract/index.ts';
import { tooManyRequests } from '../../plugins/rate-limits.ts';
import {
  newSessionToken,
  newViewerId,
  readViewerCookie,
  viewerCookieKey,
  writeViewerCookie,
  type ViewerPass,
} from './viewer-cookie.ts';
import { rememberGenuine } from '../../auth-kit/genuine-cookies.ts';
import {
  endSessions,
  hashSessionToken,
  openSession,
  PAGE_RENDER_HEADER,
  touchSession,
  type ViewerStart,
} from './viewers.service.ts';

export const VIEWER_COOKIE = 'cliffhanger_viewer';
/** Browsers keep a cookie at most 400 days; it is written again (a new signature) once it is a month old. */
const COOKIE_SECONDS = 400 * 24 * 3600;
const RENEW_AFTER_SECONDS = 30 * 24 * 3600;
/** Signed-in sessions this instance knows are live, checked again (and their last use noted) after this. */
const SESSION_RECHECK_MS = 10 * 60_000;
const KNOWN_SESSIONS = 100_000;
/** Viewer cookies remembered as genuine, per generation: the browsers of the last moment (decision 044). */
const GENUINE_COOKIES = 250;
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
      /** The viewer a genuine cookie (of a live session, when signed in) names, or null: never creates one. */
      idOf(request: FastifyRequest): Promise<string | null>;
      /** The token of this browser's live session, when it is signed in. */
      sessionOf(request: FastifyRequest): Promise<{ viewerId: string; token: string } | null>;
      /**
       * Signs this browser in to the account: a new session (the one it had, if any, ends), named by a new cookie.
       */
      signIn(request: FastifyRequest, reply: FastifyReply, viewerId: string, method: string): Promise<void>;
      /** Ends this browser's session, if any, and leaves it a new, empty guest. */
      signOut(request: FastifyRequest, reply: FastifyReply): Promise<void>;
      /**
       * After some of a viewer's sessions ended: this instance checks them again at once (the others learn it
       * from the announcement, a moment later).
       */
      forgetSessionsOf(viewerId: string): void;
      /**
       * A page that reads the visitor's account gives them their viewer, as the app's own first read would: the
       * cookie goes out with the page, and the page's own reads (made with the request's cookies) already see it.
       * Nothing when they have one, or when their address made too many viewers this minute. True when the reply
       * now carries a new viewer: it is this visitor's alone, and no shared cache may keep it.
       */
      giveTo(request: FastifyRequest, reply: FastifyReply): boolean;
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
 * caller's answers 404 as if nobody had it. The viewer's row is written by their first accepted write, in that
 * write's own transaction (decision 049), never here: a refused request leaves none.
 */
export const viewersPlugin = fp(async (app: FastifyInstance) => {
  const key = viewerCookieKey(app.accessGate.signingKey);
  const start = app.config.newViewer;

  const genuine = rememberGenuine((cookie) => readViewerCookie(key, cookie), GENUINE_COOKIES);
  const passOf = (request: FastifyRequest): ViewerPass | null => genuine.read(request.cookies[VIEWER_COOKIE]);

  // A signed-in browser's cookie counts while its session lives: known here for a while after a check, and
  // forgotten at once when any instance announces that one of the viewer's sessions ended.
  const liveSessions = new Map<string, { viewerId: string; checkedAt: number }>();
  const forgetSessionsOf = (viewerId: string) => {
    for (const [hash, live] of liveSessions) if (live.viewerId === viewerId) liveSessions.delete(hash);
  };
  app.changes.subscribe('viewer_sessions_changed', {
    onChange: forgetSessionsOf,
    onResync: () => liveSessions.clear(),
  });
  const checkSession = async (pass: ViewerPass & { session: string }): Promise<ViewerPass | null> => {
    const hash = hashSessionToken(pass.session);
    const live = await touchSession(app.db, pass.session);
    if (!live || live.viewerId !== pass.viewerId) {
      liveSessions.delete(hash);
      return null;
    }
    if (liveSessions.size >= KNOWN_SESSIONS) liveSessions.clear();
    liveSessions.set(hash, { viewerId: live.viewerId, checkedAt: Date.now() });
    return pass;
  };
  /** The request's pass if it still counts: at once for a guest's, after a look in the database for a session's. */
  const livePassOf = (request: FastifyRequest): ViewerPass | null | Promise<ViewerPass | null> => {
    const pass = passOf(request);
    if (!pass?.session) return pass;
    const known = liveSessions.get(hashSessionToken(pass.session));
    if (known && known.viewerId === pass.viewerId && Date.now() - known.checkedAt < SESSION_RECHECK_MS) return pass;
    return checkSession(pass as ViewerPass & { session: string });
  };

  // Written as the header itself: a first visit's page carries a new viewer, and the cookie plugin's way costs that
  // page a tenth of its speed. A viewer cookie written again in the same reply (a sign-in) replaces the earlier one.
  const setViewerCookie = (request: FastifyRequest, reply: FastifyReply, cookie: string) => {
    const line = `${VIEWER_COOKIE}=${cookie}; Max-Age=${COOKIE_SECONDS}; Path=/; HttpOnly; SameSite=Lax${request.protocol === 'https' ? '; Secure' : ''}`;
    const earlier = reply.getHeader('set-cookie');
    if (earlier === undefined) return reply.header('set-cookie', line);
    const others = [earlier].flat().filter((other) => !String(other).startsWith(`${VIEWER_COOKIE}=`));
    reply.removeHeader('set-cookie');
    return reply.header('set-cookie', [...others, line]);
  };
  const writeCookie = (request: FastifyRequest, reply: FastifyReply, viewerId: string, session?: string) =>
    setViewerCookie(
      request,
      reply,
      writeViewerCookie(key, { viewerId, issuedAt: Math.floor(Date.now() / 1000), ...(session ? { session } : {}) }),
    );

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
    idOf: async (request: FastifyRequest) => (await livePassOf(request))?.viewerId ?? null,
    async sessionOf(request: FastifyRequest) {
      const pass = await livePassOf(request);
      return pass?.session ? { viewerId: pass.viewerId, token: pass.session } : null;
    },
    async signIn(request: FastifyRequest, reply: FastifyReply, viewerId: string, method: string) {
      const before = passOf(request);
      if (before?.session) await endSessions(app.db, before.viewerId, { token: before.session });
      const token = newSessionToken();
      await openSession(app.db, viewerId, token, method, request.headers['user-agent'] ?? '');
      liveSessions.set(hashSessionToken(token), { viewerId, checkedAt: Date.now() });
      writeCookie(request, reply, viewerId, token);
    },
    async signOut(request: FastifyRequest, reply: FastifyReply) {
      const before = passOf(request);
      if (before?.session) {
        liveSessions.delete(hashSessionToken(before.session));
        await endSessions(app.db, before.viewerId, { token: before.session });
      }
      writeCookie(request, reply, newViewerId());
    },
    forgetSessionsOf,
    giveTo(request: FastifyRequest, reply: FastifyReply) {
      if (passOf(request)) return false;
      const creations = app.rateCounter.hit(`viewer-creation ${request.ip}`);
      if (creations.hits > app.config.viewerCreationRateLimit) return false;
      const viewerId = newViewerId();
      const cookie = writeViewerCookie(key, { viewerId, issuedAt: Math.floor(Date.now() / 1000) });
      setViewerCookie(request, reply, cookie);
      request.cookies[VIEWER_COOKIE] = cookie;
      request.headers.cookie = [request.headers.cookie, `${VIEWER_COOKIE}=${cookie}`].filter(Boolean).join('; ');
      return true;
    },
    start,
  });
  app.decorateRequest('viewerId', NO_VIEWER);

  // Decided in memory but for a signed-in browser's first request here, so most requests never wait for a promise.
  app.addHook('preHandler', (request, reply, done) => {
    const named = namedViewerOf(request);
    const use = request.routeOptions.config.viewer;
    if (named === undefined && use === undefined) return done();
    const pass = livePassOf(request);
    if (pass instanceof Promise) {
      pass.then((live) => decide(request, reply, done, named, use, live), done);
      return;
    }
    decide(request, reply, done, named, use, pass);
  });

  function decide(
    request: FastifyRequest,
    reply: FastifyReply,
    done: (error?: Error) => void,
    named: string | undefined,
    use: ViewerUse | undefined,
    pass: ViewerPass | null,
  ) {
    const write = !SAFE_METHODS.has(request.method);
    reply.header('Cache-Control', 'private, no-store');
    // The first read of the viewer's own account, or any write: this browser gets its viewer now.
    const issues =
      write ||
      ((use === 'self' || (named !== undefined && request.routeOptions.url === '/api/user/:userId')) &&
        request.headers[PAGE_RENDER_HEADER] === undefined);
    let viewerId = pass?.viewerId ?? NO_VIEWER;
    if (!pass && issues) {
      const minted = mint(request, reply, write);
      if (minted === null && write) return;
      viewerId = minted ?? NO_VIEWER;
    } else if (pass && issues && Date.now() / 1000 - pass.issuedAt > RENEW_AFTER_SECONDS) {
      writeCookie(request, reply, pass.viewerId, pass.session);
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
    done();
  }
});
