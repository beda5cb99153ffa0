import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accessBody,
  accessReply,
  accessStatusReply,
  errorReply,
  leaveAccessReply,
  revokeAllAccessReply,
} from '#contract/index.ts';
import { ACCESS_COOKIE, attemptRoute, operatorRoute, publicRoute } from '../../plugins/guards.ts';
import { ACCESS_SESSION_SECONDS, grantAccess, leavePreview, revokeAllAccess } from './access.service.ts';

export const accessRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/access',
    {
      config: publicRoute,
      schema: {
        summary: 'Whether an access code is asked for at all, and whether this browser is past the gate',
        operationId: 'getAccessStatus',
        tags: ['Access'],
        response: { 200: accessStatusReply },
      },
    },
    (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      const cookie = request.cookies[ACCESS_COOKIE];
      return { required: app.accessGate.required, granted: app.accessGate.admits(cookie) };
    },
  );

  app.post(
    '/api/access',
    {
      config: attemptRoute,
      schema: {
        summary: 'Enter an access code',
        operationId: 'enterAccessCode',
        tags: ['Access'],
        body: accessBody,
        response: { 200: accessReply, 401: errorReply },
      },
    },
    async (request, reply) => {
      // With the gate off everyone is in already: no code is asked for, and none is checked.
      if (!app.accessGate.required) return { granted: true as const };
      const cookie = await grantAccess(app.db, app.secrets, app.accessGate, request.body.code);
      reply.setCookie(ACCESS_COOKIE, cookie, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: ACCESS_SESSION_SECONDS,
      });
      return { granted: true as const };
    },
  );

  app.post(
    '/api/access/leave',
    {
      config: publicRoute,
      schema: {
        summary: "Leave the preview (ends this browser's access)",
        operationId: 'leavePreview',
        tags: ['Access'],
        response: { 200: leaveAccessReply },
      },
    },
    async (request, reply) => {
      await leavePreview(app.db, app.accessGate, request.cookies[ACCESS_COOKIE]);
      reply.clearCookie(ACCESS_COOKIE, { path: '/' });
      return { granted: false as const };
    },
  );

  app.post(
    '/api/admin/access/revoke-all',
    {
      config: operatorRoute('owner'),
      schema: {
        summary: "Revoke every viewer's access",
        operationId: 'revokeAllViewerAccess',
        tags: ['Access'],
        response: { 200: revokeAllAccessReply },
      },
    },
    async (request) => {
      const revokedSessions = await revokeAllAccess(app.db, app.accessGate);
      await app.audit(request, { action: 'access.revoke_all', after: { revokedSessions } });
      return { revokedSessions };
    },
  );
};
