import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
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
  passkeyAnswerBody,
  passkeyIdParams,
  passkeyOptions,
  passkeySummary,
  signedInOperatorReply,
  updateOperatorBody,
  type SignedInOperator,
} from '#contract/index.ts';
import { relyingPartyOf } from '../../auth-kit/passkeys.ts';
import { browserOf } from '../../auth-kit/user-agent.ts';
import { DomainError } from '../../errors.ts';
import {
  checkCredentials,
  endAdminSession,
  endOwnerAccessOnNewPassword,
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
import {
  addOperatorPasskey,
  operatorPasskeyOptions,
  operatorSignInOptions,
  passkeysOfOperator,
  removeOperatorPasskey,
  signInWithOperatorPasskey,
  sweepOperatorPasskeyChallenges,
} from './operator-passkeys.ts';
import { ADMIN_COOKIE, attemptRoute, operatorRoute, publicRoute } from '../../plugins/guards.ts';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.housekeeping.add('adminSessions', () => sweepExpiredAdminSessions(app.db));
  app.housekeeping.add('operatorPasskeyChallenges', (now) => sweepOperatorPasskeyChallenges(app.db, now));
  if (await endOwnerAccessOnNewPassword(app.db, app.secrets, app.config.adminPassword)) {
    app.log.warn("ADMIN_PASSWORD changed: the owner's earlier sessions and passkeys have ended.");
  }
  const secure = (request: { protocol: string }) => request.protocol === 'https';
  const relyingParty = (request: FastifyRequest) =>
    relyingPartyOf(app.config.publicOrigin, request, app.config.appName);
  const EVERY_ROLE = operatorRoute('owner', 'editor', 'analyst', 'support');

  /** A new operator session, by password or passkey alike: a fresh token in a cookie only the dashboard sends. */
  const startSession = async (request: FastifyRequest, reply: FastifyReply, operator: SignedInOperator) => {
    const token = await startAdminSession(app.db, operator, app.config.adminSessionMs, request.cookies[ADMIN_COOKIE]);
    reply.setCookie(ADMIN_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure: secure(request),
      maxAge: Math.floor(app.config.adminSessionMs / 1000),
    });
  };

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
      await startSession(request, reply, operator);
      await app.audit(request, { action: 'operator.sign_in' }, { actor: operator });
      return { authenticated: true };
    },
  );

  app.post(
    '/api/admin/login/passkey/options',
    {
      config: attemptRoute,
      schema: {
        summary: 'A challenge for signing in to the dashboard with a passkey',
        operationId: 'operatorPasskeySignInOptions',
        tags: ['Operator session'],
        response: { 200: passkeyOptions, 429: errorReply },
      },
    },
    async (request, reply) =>
      reply.header('Cache-Control', 'no-store').send(await operatorSignInOptions(app.db, relyingParty(request))),
  );

  app.post(
    '/api/admin/login/passkey',
    {
      config: attemptRoute,
      schema: {
        summary: "Sign in as an operator with a passkey saved to that operator's account",
        operationId: 'signInOperatorWithPasskey',
        tags: ['Operator session'],
        body: passkeyAnswerBody,
        response: { 200: adminSessionReply, 400: errorReply, 401: errorReply, 429: errorReply },
      },
    },
    async (request, reply) => {
      const answer = request.body.answer as unknown as AuthenticationResponseJSON;
      const result = await signInWithOperatorPasskey(app.db, relyingParty(request), answer);
      if (!result.signedIn) {
        const object = result.passkey && { type: 'passkey', id: result.passkey.id, label: result.passkey.name };
        await app.audit(
          request,
          { action: 'operator.sign_in_failed', ...(object ? { object } : {}) },
          { actor: { id: null, name: result.operatorName ?? 'Unknown passkey', role: null } },
        );
        throw result.refusal;
      }
      await startSession(request, reply, result.operator);
      await app.audit(
        request,
        { action: 'operator.sign_in', object: { type: 'passkey', id: result.passkey.id, label: result.passkey.name } },
        { actor: result.operator },
      );
      return { authenticated: true };
    },
  );

  app.get(
    '/api/admin/me/passkeys',
    {
      config: EVERY_ROLE,
      schema: {
        summary: "The signed-in operator's passkeys",
        operationId: 'listOperatorPasskeys',
        tags: ['Operator session'],
        response: { 200: z.array(passkeySummary) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return passkeysOfOperator(app.db, request.operator!.id);
    },
  );

  app.post(
    '/api/admin/me/passkeys/options',
    {
      config: EVERY_ROLE,
      schema: {
        summary: 'A challenge for saving a new passkey to the signed-in operator',
        operationId: 'operatorPasskeyRegistrationOptions',
        tags: ['Operator session'],
        response: { 200: passkeyOptions },
      },
    },
    async (request, reply) =>
      reply
        .header('Cache-Control', 'no-store')
        .send(await operatorPasskeyOptions(app.db, relyingParty(request), request.operator!)),
  );

  app.post(
    '/api/admin/me/passkeys',
    {
      config: EVERY_ROLE,
      schema: {
        summary: 'Saves a new passkey to the signed-in operator; their passkeys after',
        operationId: 'addOperatorPasskey',
        tags: ['Operator session'],
        body: passkeyAnswerBody,
        response: { 201: z.array(passkeySummary), 400: errorReply, 401: errorReply, 409: errorReply },
      },
    },
    async (request, reply) => {
      const operator = request.operator!;
      const answer = request.body.answer as unknown as RegistrationResponseJSON;
      const name = browserOf(request.headers['user-agent'] ?? '');
      const keys = await addOperatorPasskey(app.db, relyingParty(request), operator.id, answer, name);
      const added = keys.at(-1)!;
      await app.audit(request, {
        action: 'operator.passkey_add',
        object: { type: 'passkey', id: added.id, label: added.name },
      });
      return reply.status(201).header('Cache-Control', 'no-store').send(keys);
    },
  );

  app.delete(
    '/api/admin/me/passkeys/:id',
    {
      config: EVERY_ROLE,
      schema: {
        summary: "Removes one of the signed-in operator's passkeys",
        operationId: 'removeOperatorPasskey',
        tags: ['Operator session'],
        params: passkeyIdParams,
        response: { 204: z.null(), 404: errorReply },
      },
    },
    async (request, reply) => {
      const removed = await removeOperatorPasskey(app.db, request.operator!.id, request.params.id);
      await app.audit(request, {
        action: 'operator.passkey_remove',
        object: { type: 'passkey', id: removed.id, label: removed.name },
      });
      return reply.status(204).send(null);
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
      config: EVERY_ROLE,
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
