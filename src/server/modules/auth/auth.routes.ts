import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminLoginBody, adminSessionReply, errorReply } from '../../../contract/index.ts';
import { endAdminSession, isAdminSession, startAdminSession } from './auth.service.ts';
import { ADMIN_COOKIE, attemptRoute, publicRoute } from '../../plugins/guards.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const secure = (request: { protocol: string }) => request.protocol === 'https';

  app.post(
    '/api/admin/login',
    {
      config: attemptRoute,
      schema: {
        summary: 'Sign in as an operator',
        operationId: 'signInOperator',
        tags: ['Operator session'],
        body: adminLoginBody,
        response: { 200: adminSessionReply, 401: errorReply },
      },
    },
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

  app.post(
    '/api/admin/logout',
    {
      config: publicRoute,
      schema: {
        summary: 'Sign the operator out',
        operationId: 'signOutOperator',
        tags: ['Operator session'],
        response: { 200: adminSessionReply },
      },
    },
    async (request, reply) => {
      await endAdminSession(app.db, request.cookies[ADMIN_COOKIE]);
      reply.clearCookie(ADMIN_COOKIE, { path: '/' });
      return { authenticated: false };
    },
  );

  app.get(
    '/api/admin/session',
    {
      config: publicRoute,
      schema: {
        summary: 'Whether this browser has an operator session',
        operationId: 'getOperatorSession',
        tags: ['Operator session'],
        response: { 200: adminSessionReply },
      },
    },
    async (request) => ({
      authenticated: await isAdminSession(app.db, request.cookies[ADMIN_COOKIE]),
    }),
  );
};
