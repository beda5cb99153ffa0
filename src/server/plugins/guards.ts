import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasAccess, isAdminSession } from '../modules/auth/auth.service.ts';

export const ACCESS_COOKIE = 'cliffhanger_access';
export const ADMIN_COOKIE = 'cliffhanger_admin';

const OPEN_PATHS = new Set(['/api/health', '/api/access']);

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for every mutating catalogue, carousel and trending route. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/**
 * The access gate: while access codes are configured (always, since unset ones are generated),
 * every /api and /media request but health and access needs the access cookie.
 * The built client itself is served without it, because the gate has to load.
 */
export const guardsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?', 1)[0]!;
    if (!path.startsWith('/api/') && !path.startsWith('/media/')) return;
    if (OPEN_PATHS.has(path) || path.startsWith('/api/admin/')) return;
    if (await hasAccess(app.db, request.cookies[ACCESS_COOKIE])) return;
    return reply.status(401).send({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Enter your access code first.',
    });
  });

  app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
    if (await isAdminSession(app.db, request.cookies[ADMIN_COOKIE])) return;
    return reply.status(401).send({
      statusCode: 401,
      error: 'Unauthorized',
      message: 'Your admin session has ended. Please sign in again.',
    });
  });
});
