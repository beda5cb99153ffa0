import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessBody, accessReply, adminLoginBody, adminSessionReply, errorReply } from '../../../contract/index.ts';
import { endAdminSession, grantAccess, isAdminSession, startAdminSession } from './auth.service.ts';
import { ACCESS_COOKIE, ADMIN_COOKIE } from '../../plugins/guards.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const authLimit = { rateLimit: { max: app.config.authRateLimit, timeWindow: '1 minute' } };
  const secure = (request: { protocol: string }) => request.protocol === 'https';

  app.post(
    '/api/access',
    { config: authLimit, schema: { body: accessBody, response: { 200: accessReply, 401: errorReply } } },
    async (request, reply) => {
      const token = await grantAccess(app.db, app.secrets, request.body.code);
      reply.setCookie(ACCESS_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: secure(request),
        maxAge: 180 * 24 * 3600,
      });
      return { granted: true as const };
    },
  );

  app.post(
    '/api/admin/login',
    { config: authLimit, schema: { body: adminLoginBody, response: { 200: adminSessionReply, 401: errorReply } } },
    async (request, reply) => {
      const token = await startAdminSession(
        app.db,
        app.secrets,
        request.body.password,
        app.config.adminSessionMs,
        request.cookies[ADMIN_COOKIE],
      );
      reply.setCookie(ADMIN_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure: secure(request),
        maxAge: Math.floor(app.config.adminSessionMs / 1000),
      });
      return { authenticated: true };
    },
  );

  app.post('/api/admin/logout', { schema: { response: { 200: adminSessionReply } } }, async (request, reply) => {
    await endAdminSession(app.db, request.cookies[ADMIN_COOKIE]);
    reply.clearCookie(ADMIN_COOKIE, { path: '/' });
    return { authenticated: false };
  });

  app.get('/api/admin/session', { schema: { response: { 200: adminSessionReply } } }, async (request) => ({
    authenticated: await isAdminSession(app.db, request.cookies[ADMIN_COOKIE]),
  }));
};
