import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReply, invitation, invitationLinkParams } from '#contract/index.ts';
import { publicRoute, viewerRoute } from '../../plugins/guards.ts';
import { invitationCookies } from './invitation-cookie.ts';
import { invitationOf, inviterOf } from './invitations.service.ts';

const TOO_MANY_VIEWERS = {
  statusCode: 429,
  error: 'Too Many Requests',
  message: 'Too many new visitors from your address. Please try again in a minute.',
};

export const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const cookies = invitationCookies(app.accessGate.signingKey);

  app.get(
    '/api/invitation',
    {
      // The first ask makes the code: no HEAD twin that would do so unseen.
      exposeHeadRoute: false,
      config: { ...viewerRoute, viewer: 'self' },
      schema: {
        summary: 'This viewer’s invitation link, with the friends it brought and the bonuses it earned',
        operationId: 'getInvitation',
        tags: ['Invitations'],
        response: { 200: invitation, 429: errorReply },
      },
    },
    async (request, reply) => {
      if (request.viewerId === '') return reply.status(429).header('Cache-Control', 'no-store').send(TOO_MANY_VIEWERS);
      return reply
        .header('Cache-Control', 'private, no-store')
        .send(await invitationOf(app.db, request.viewerId, app.viewers.start));
    },
  );

  app.get(
    '/i/:code',
    {
      // Opening a link remembers it: no HEAD twin that would do so unseen.
      exposeHeadRoute: false,
      // Open before the access gate: an invited visitor has not entered a code yet.
      config: publicRoute,
      schema: {
        summary:
          'An invitation link: a new visitor is remembered as invited by it, then sent home (an unknown code just goes home)',
        operationId: 'openInvitation',
        tags: ['Invitations'],
        params: invitationLinkParams,
        response: { 303: z.null() },
      },
    },
    async (request, reply) => {
      const inviterId = await inviterOf(app.db, request.params.code);
      // Only a new visitor is invited: not a signed-in browser, and not the inviter's own.
      if (inviterId !== null && !(await app.viewers.sessionOf(request))) {
        if ((await app.viewers.idOf(request)) !== inviterId) cookies.remember(request, reply, request.params.code);
      }
      return reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer').redirect('/', 303);
    },
  );
};
