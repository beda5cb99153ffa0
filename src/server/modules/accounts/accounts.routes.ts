import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  account,
  accountData,
  device,
  deviceIdParams,
  errorReply,
  passkeyAnswerBody,
  passkeyIdParams,
  passkeyOptions,
  providerAnswer,
  providerParams,
  providerStartQuery,
  signInReply,
} from '#contract/index.ts';
import { viewerRoute } from '../../plugins/guards.ts';
import { hitSharedCounter, tooManyRequests } from '../../plugins/rate-limits.ts';
import { DomainError } from '../../errors.ts';
import { endSessions, sessionsOf } from '../viewers/viewers.service.ts';
import {
  accountOf,
  accountOfIdentity,
  bringGuestInto,
  dataOf,
  deleteAccount,
  devicesOf,
  removePasskey,
  sweepUnfinishedSignIns,
  welcomeInvited,
} from './accounts.service.ts';
import { invitationCookies } from '../invitations/invitations.service.ts';
import { expiredSignIn, openIdClients } from './openid.ts';
import { accountOfPasskey, registerPasskey, registrationOptions, signInOptions } from './passkeys.ts';
import { relyingPartyOf as relyingPartyFor } from '../../auth-kit/passkeys.ts';
import { browserOf } from '../../auth-kit/user-agent.ts';
import { forgetAlerts } from '../alerts/alerts.service.ts';

/** Sign-in attempts: past the gate, counted per address across instances like access codes. */
const signInRoute = { guard: 'viewer', rateBucket: 'attempts' } as const;

const SIGN_IN_FIRST = { statusCode: 401, error: 'Unauthorized', message: 'Sign in first.' };

/** Holds the `state` of a provider sign-in this browser started, so only this browser can finish it. */
const SIGN_IN_FLOW_COOKIE = 'cliffhanger_sign_in';
const FLOW_COOKIE_PATH = '/api/auth/';

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.housekeeping.add('unfinishedSignIns', (now) => sweepUnfinishedSignIns(app.db, now));

  const invitations = invitationCookies(app.accessGate.signingKey);
  const openId = openIdClients(app.config.signInProviders);
  const providers = openId.configured();

  /** The origin browsers reach the app at: PUBLIC_URL when it is set, else the host this request came to. */
  const originOf = (request: FastifyRequest) => app.config.publicOrigin ?? `${request.protocol}://${request.host}`;
  const relyingPartyOf = (request: FastifyRequest) =>
    relyingPartyFor(app.config.publicOrigin, request, app.config.appName);

  /** How this browser signed in, or null for a guest (and for a session that ended). */
  const methodOf = async (request: FastifyRequest): Promise<string | null> => {
    const session = await app.viewers.sessionOf(request);
    if (!session) return null;
    const sessions = await sessionsOf(app.db, session.viewerId, session.token);
    return sessions.find((s) => s.current)?.method ?? null;
  };

  const signedInOrRefuse = async (request: FastifyRequest, reply: FastifyReply) => {
    const session = await app.viewers.sessionOf(request);
    if (!session) void reply.status(401).header('Cache-Control', 'no-store').send(SIGN_IN_FIRST);
    return session;
  };

  /** A few attempts a minute per account, whatever the address, so nobody can try an account's passkey at speed. */
  const admitAccountAttempt = async (accountId: string, reply: FastifyReply): Promise<boolean> => {
    const count = await hitSharedCounter(app.db, 'sign-in account', accountId);
    if (count.hits <= app.config.authRateLimit) return true;
    tooManyRequests(reply, count);
    return false;
  };

  app.get(
    '/api/account',
    {
      config: { ...viewerRoute, viewer: 'self' },
      schema: {
        summary: 'The account this browser is signed in to, or its guest',
        operationId: 'getAccount',
        tags: ['Accounts'],
        response: { 200: account },
      },
    },
    async (request) => accountOf(app.db, request.viewerId, await methodOf(request), providers),
  );

  app.post(
    '/api/account/passkeys/options',
    {
      config: { ...viewerRoute, viewer: 'self' },
      schema: {
        summary: 'A challenge for saving this account with a new passkey',
        operationId: 'passkeyRegistrationOptions',
        tags: ['Accounts'],
        response: { 200: passkeyOptions, 429: errorReply },
      },
    },
    (request) =>
      registrationOptions(app.db, relyingPartyOf(request), {
        id: request.viewerId,
        name: `${app.config.appName} ${request.viewerId.slice(-8)}`,
      }),
  );

  app.post(
    '/api/account/passkeys',
    {
      config: { ...viewerRoute, viewer: 'self' },
      schema: {
        summary: 'Saves this account with a new passkey (a guest becomes an account, signed in)',
        operationId: 'addPasskey',
        tags: ['Accounts'],
        body: passkeyAnswerBody,
        response: { 201: account, 400: errorReply, 401: errorReply, 409: errorReply },
      },
    },
    async (request, reply) => {
      const rp = relyingPartyOf(request);
      const name = browserOf(request.headers['user-agent'] ?? '');
      await registerPasskey(
        app.db,
        rp,
        request.viewerId,
        request.body.answer as unknown as RegistrationResponseJSON,
        name,
        app.viewers.start,
        welcomeInvited(invitations.codeOf(request), request.viewerId),
      );
      invitations.forget(reply);
      let method = await methodOf(request);
      if (method === null) {
        await app.viewers.signIn(request, reply, request.viewerId, 'passkey');
        method = 'passkey';
      }
      return reply.status(201).send(await accountOf(app.db, request.viewerId, method, providers));
    },
  );

  app.delete(
    '/api/account/passkeys/:id',
    {
      config: viewerRoute,
      schema: {
        summary: 'Removes one of this account’s passkeys',
        operationId: 'removePasskey',
        tags: ['Accounts'],
        params: passkeyIdParams,
        response: { 204: z.null(), 401: errorReply, 404: errorReply },
      },
    },
    async (request, reply) => {
      const session = await signedInOrRefuse(request, reply);
      if (!session) return reply;
      await removePasskey(app.db, session.viewerId, request.params.id);
      return reply.status(204).header('Cache-Control', 'private, no-store').send(null);
    },
  );

  app.post(
    '/api/sign-in/passkey/options',
    {
      config: signInRoute,
      schema: {
        summary: 'A challenge for signing in with a passkey',
        operationId: 'passkeySignInOptions',
        tags: ['Accounts'],
        response: { 200: passkeyOptions, 429: errorReply },
      },
    },
    async (request, reply) =>
      reply.header('Cache-Control', 'no-store').send(await signInOptions(app.db, relyingPartyOf(request))),
  );

  app.post(
    '/api/sign-in/passkey',
    {
      config: { ...signInRoute, viewer: 'self' },
      schema: {
        summary: 'Signs this browser in with a passkey; its guest’s coins, unlocks and library come along',
        operationId: 'signInWithPasskey',
        tags: ['Accounts'],
        body: passkeyAnswerBody,
        response: { 200: signInReply, 400: errorReply, 401: errorReply, 429: errorReply },
      },
    },
    async (request, reply) => {
      const accountId = await accountOfPasskey(
        app.db,
        relyingPartyOf(request),
        request.body.answer as unknown as AuthenticationResponseJSON,
        (id) => admitAccountAttempt(id, reply),
      );
      if (accountId === null) return reply;
      const broughtAlong = await bringGuestInto(app.db, request.viewerId, accountId);
      // An account that already existed: an invitation link this browser arrived by earns nothing.
      invitations.forget(reply);
      await app.viewers.signIn(request, reply, accountId, 'passkey');
      return { ...(await accountOf(app.db, accountId, 'passkey', providers)), broughtAlong };
    },
  );

  app.get(
    '/api/auth/:provider/start',
    {
      // Every call starts a sign-in: no HEAD twin that would do so unseen.
      exposeHeadRoute: false,
      config: signInRoute,
      schema: {
        summary: 'Sends the browser to a provider to sign in (OpenID Connect, authorization code with PKCE)',
        operationId: 'startProviderSignIn',
        tags: ['Accounts'],
        params: providerParams,
        querystring: providerStartQuery,
        response: { 303: z.null(), 400: errorReply, 404: errorReply, 429: errorReply, 503: errorReply },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const redirectUri = `${originOf(request)}/api/auth/${provider}/callback`;
      const { url, state } = await openId.start(app.db, provider, redirectUri, request.query.returnTo);
      void reply.setCookie(SIGN_IN_FLOW_COOKIE, state, {
        path: FLOW_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        maxAge: 600,
      });
      return reply.header('Cache-Control', 'no-store').redirect(url, 303);
    },
  );

  // Apple posts its answer from its own site, which carries none of this browser's cookies (they are SameSite):
  // the answer is passed on to the same callback as a top-level GET, which does.
  await app.register(async (formPost) => {
    // The one route that reads a form: registered apart, so no other route takes one.
    formPost.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16_384 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    formPost.withTypeProvider<ZodTypeProvider>().post(
      '/api/auth/:provider/callback',
      {
        config: { guard: 'public', rateBucket: 'attempts', postedFromOtherSites: true },
        schema: {
          summary: 'A provider’s answer posted as a form: passed on to the callback with this browser’s cookies',
          operationId: 'providerSignInFormPost',
          tags: ['Accounts'],
          params: providerParams,
          body: providerAnswer,
          response: { 303: z.null(), 400: errorReply },
        },
      },
      async (request, reply) => {
        const query = new URLSearchParams(request.body as Record<string, string>).toString();
        return reply
          .header('Cache-Control', 'no-store')
          .redirect(`/api/auth/${request.params.provider}/callback?${query}`, 303);
      },
    );
  });

  app.get(
    '/api/auth/:provider/callback',
    {
      // Finishing a sign-in uses it up: no HEAD twin that would do so unseen.
      exposeHeadRoute: false,
      config: { ...signInRoute, viewer: 'self' },
      schema: {
        summary:
          'Where a provider sends the browser back: signs it in; its guest’s coins, unlocks and library come along',
        operationId: 'finishProviderSignIn',
        tags: ['Accounts'],
        params: providerParams,
        querystring: providerAnswer,
        response: {
          303: z.null(),
          400: errorReply,
          401: errorReply,
          404: errorReply,
          429: errorReply,
          503: errorReply,
        },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const answer = request.query as Record<string, string>;
      // Only the browser that started this sign-in holds its state.
      const started = request.cookies[SIGN_IN_FLOW_COOKIE];
      if (!started || started !== answer.state) throw expiredSignIn();
      void reply.clearCookie(SIGN_IN_FLOW_COOKIE, { path: FLOW_COOKIE_PATH });
      const { identity, returnTo } = await openId.finish(app.db, provider, answer);
      const accountId = await accountOfIdentity(
        app.db,
        identity,
        request.viewerId,
        app.viewers.start,
        welcomeInvited(invitations.codeOf(request), request.viewerId),
      );
      invitations.forget(reply);
      if (!(await admitAccountAttempt(accountId, reply))) return reply;
      await bringGuestInto(app.db, request.viewerId, accountId);
      await app.viewers.signIn(request, reply, accountId, provider);
      const back = new URL(returnTo, 'http://app.invalid');
      back.searchParams.set('signedIn', provider);
      return reply.header('Cache-Control', 'no-store').redirect(`${back.pathname}${back.search}${back.hash}`, 303);
    },
  );

  app.get(
    '/api/account/data',
    {
      config: { ...viewerRoute, viewer: 'self' },
      schema: {
        summary: 'Download my data: profile, ledger, unlocks, likes, saves and progress, as one JSON file',
        operationId: 'downloadMyData',
        tags: ['Accounts'],
        response: { 200: accountData },
      },
    },
    async (request, reply) =>
      reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `attachment; filename="${app.config.appName.toLowerCase()}-my-data.json"`)
        .send(await dataOf(app.db, request.viewerId, app.viewers.start)),
  );

  app.delete(
    '/api/account',
    {
      config: viewerRoute,
      schema: {
        summary: 'Deletes this account: sign-in methods, sessions everywhere and personal data; the ledger stays',
        operationId: 'deleteAccount',
        tags: ['Accounts'],
        response: { 200: account, 401: errorReply },
      },
    },
    async (request, reply) => {
      const session = await signedInOrRefuse(request, reply);
      if (!session) return reply;
      await deleteAccount(app.db, session.viewerId);
      app.viewers.forgetSessionsOf(session.viewerId);
      await app.viewers.signOut(request, reply);
      return reply.header('Cache-Control', 'private, no-store').send(await accountOf(app.db, '', null, providers));
    },
  );

  app.post(
    '/api/sign-out',
    {
      config: viewerRoute,
      schema: {
        summary: 'Signs this browser out: it is a new, empty guest',
        operationId: 'signOut',
        tags: ['Accounts'],
        response: { 200: account },
      },
    },
    async (request, reply) => {
      // Alerts name what this viewer saved: a browser signed out is told nothing more (nor are their others).
      const viewerId = await app.viewers.idOf(request);
      if (viewerId) await forgetAlerts(app.db, viewerId);
      await app.viewers.signOut(request, reply);
      return reply.header('Cache-Control', 'private, no-store').send(await accountOf(app.db, '', null, providers));
    },
  );

  app.get(
    '/api/account/devices',
    {
      config: viewerRoute,
      schema: {
        summary: 'The browsers signed in to this account',
        operationId: 'listDevices',
        tags: ['Accounts'],
        response: { 200: z.array(device), 401: errorReply },
      },
    },
    async (request, reply) => {
      const session = await signedInOrRefuse(request, reply);
      if (!session) return reply;
      return reply
        .header('Cache-Control', 'private, no-store')
        .send(await devicesOf(app.db, session.viewerId, session.token));
    },
  );

  app.delete(
    '/api/account/devices/:id',
    {
      config: viewerRoute,
      schema: {
        summary: 'Signs one browser out of this account',
        operationId: 'signOutDevice',
        tags: ['Accounts'],
        params: deviceIdParams,
        response: { 204: z.null(), 401: errorReply, 404: errorReply },
      },
    },
    async (request, reply) => {
      const session = await signedInOrRefuse(request, reply);
      if (!session) return reply;
      const current = (await sessionsOf(app.db, session.viewerId, session.token)).find((s) => s.current);
      if ((await endSessions(app.db, session.viewerId, { ids: [request.params.id] })) === 0) {
        throw new DomainError('not_found', 'No such device');
      }
      app.viewers.forgetSessionsOf(session.viewerId);
      if (current?.id === request.params.id) await app.viewers.signOut(request, reply);
      return reply.status(204).header('Cache-Control', 'private, no-store').send(null);
    },
  );

  app.post(
    '/api/account/sign-out-everywhere',
    {
      config: viewerRoute,
      schema: {
        summary: 'Signs every browser out of this account, this one included',
        operationId: 'signOutEverywhere',
        tags: ['Accounts'],
        response: { 200: account, 401: errorReply },
      },
    },
    async (request, reply) => {
      const session = await signedInOrRefuse(request, reply);
      if (!session) return reply;
      await endSessions(app.db, session.viewerId);
      app.viewers.forgetSessionsOf(session.viewerId);
      await app.viewers.signOut(request, reply);
      return reply.header('Cache-Control', 'private, no-store').send(await accountOf(app.db, '', null, providers));
    },
  );
};
