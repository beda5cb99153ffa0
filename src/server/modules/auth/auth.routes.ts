import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptInviteBody,
  adminLoginBody,
  adminSessionReply,
  createdOperatorReply,
  createOperatorBody,
  errorReply,
  inviteParams,
  inviteReply,
  operatorIdParams,
  operatorSummary,
  signedInOperatorReply,
  updateOperatorBody,
} from '../../../contract/index.ts';
import { DomainError } from '../../errors.ts';
import {
  checkCredentials,
  endAdminSession,
  operatorOfSession,
  startAdminSession,
  sweepExpiredAdminSessions,
} from './auth.service.ts';
import {
  acceptInvite,
  auditedFields,
  changeOperator,
  inviteOperator,
  listTeam,
  readInvite,
  removeOperator,
  toSummary,
} from './operators.service.ts';
import { ADMIN_COOKIE, attemptRoute, operatorRoute, publicRoute } from '../../plugins/guards.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.housekeeping.add('adminSessions', () => sweepExpiredAdminSessions(app.db));
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
      const operator = await checkCredentials(app.db, app.secrets, request.body).catch(async (error: unknown) => {
        if (error instanceof DomainError && error.kind === 'unauthenticated') {
          const name = request.body.name?.trim() || 'Owner';
          await app.audit(request, { action: 'operator.sign_in_failed' }, { actor: { id: null, name, role: null } });
        }
        throw error;
      });
      const token = await startAdminSession(app.db, operator, app.config.adminSessionMs, request.cookies[ADMIN_COOKIE]);
      await app.audit(request, { action: 'operator.sign_in' }, { actor: operator });
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
      authenticated: (await operatorOfSession(app.db, request.cookies[ADMIN_COOKIE])) !== undefined,
    }),
  );

  app.get(
    '/api/admin/me',
    {
      config: operatorRoute('owner', 'editor', 'analyst', 'support'),
      schema: {
        summary: "Who is signed in: the operator's id, name and role",
        operationId: 'getSignedInOperator',
        tags: ['Operator session'],
        response: { 200: signedInOperatorReply },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return request.operator!;
    },
  );

  app.get(
    '/api/admin/operators',
    {
      config: operatorRoute('owner'),
      schema: {
        summary: 'The team: every operator with role, last sign-in and status',
        operationId: 'listOperators',
        tags: ['Team'],
        response: { 200: z.array(operatorSummary) },
      },
    },
    () => listTeam(app.db),
  );

  app.post(
    '/api/admin/operators',
    {
      config: operatorRoute('owner'),
      schema: {
        summary: 'Invite an operator by name and role (the invite link is in this reply only)',
        operationId: 'inviteOperator',
        tags: ['Team'],
        body: createOperatorBody,
        response: { 201: createdOperatorReply, 400: errorReply, 409: errorReply },
      },
    },
    async (request, reply) => {
      const { row, token } = await inviteOperator(app.db, request.body);
      await app.audit(request, {
        action: 'team.invite',
        object: { type: 'operator', id: row.id, label: row.name },
        after: auditedFields(row),
      });
      const origin = app.config.publicOrigin ?? `${request.protocol}://${request.host}`;
      reply.header('Cache-Control', 'no-store');
      return reply.status(201).send({
        id: row.id,
        name: row.name,
        role: row.role,
        inviteUrl: `${origin}/admin/invite/${token}`,
      });
    },
  );

  app.patch(
    '/api/admin/operators/:id',
    {
      config: operatorRoute('owner'),
      schema: {
        summary: "Change an operator's role, or disable or enable them",
        operationId: 'updateOperator',
        tags: ['Team'],
        params: operatorIdParams,
        body: updateOperatorBody,
        response: { 200: operatorSummary, 400: errorReply, 404: errorReply },
      },
    },
    async (request) => {
      const { before, after } = await changeOperator(app.db, request.params.id, request.body);
      await app.audit(request, {
        action: 'team.update',
        object: { type: 'operator', id: after.id, label: after.name },
        before: auditedFields(before),
        after: auditedFields(after),
      });
      return toSummary(after);
    },
  );

  app.delete(
    '/api/admin/operators/:id',
    {
      config: operatorRoute('owner'),
      schema: {
        summary: 'Remove an operator',
        operationId: 'removeOperator',
        tags: ['Team'],
        params: operatorIdParams,
        response: { 204: z.null(), 400: errorReply, 404: errorReply },
      },
    },
    async (request, reply) => {
      const removed = await removeOperator(app.db, request.params.id);
      await app.audit(request, {
        action: 'team.remove',
        object: { type: 'operator', id: removed.id, label: removed.name },
        before: auditedFields(removed),
      });
      return reply.status(204).send(null);
    },
  );

  // The invite page asks whose invite it is; accepting sets the password. Both count as attempts: a token is
  // guessed only by trying.
  app.get(
    '/api/admin/invites/:token',
    {
      config: attemptRoute,
      schema: {
        summary: 'Whose invite this is',
        operationId: 'getInvite',
        tags: ['Team'],
        params: inviteParams,
        response: { 200: inviteReply, 404: errorReply },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return readInvite(app.db, request.params.token);
    },
  );

  app.post(
    '/api/admin/invites/:token/accept',
    {
      config: attemptRoute,
      schema: {
        summary: "Accept an invite: set the operator's password",
        operationId: 'acceptInvite',
        tags: ['Team'],
        params: inviteParams,
        body: acceptInviteBody,
        response: { 200: inviteReply, 400: errorReply, 404: errorReply },
      },
    },
    async (request) => {
      const row = await acceptInvite(app.db, request.params.token, request.body.password);
      const actor = { id: row.id, name: row.name, role: row.role };
      await app.audit(
        request,
        { action: 'team.accept_invite', object: { type: 'operator', id: row.id, label: row.name } },
        { actor },
      );
      return { name: row.name, role: row.role };
    },
  );
};
