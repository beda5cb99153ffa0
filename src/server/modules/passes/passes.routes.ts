import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReply, userIdParams, vipPassReply } from '#contract/index.ts';
import { viewerRoute } from '../../plugins/guards.ts';
import { cancelPreviewPass, startPreviewPass, vipPassOf } from './passes.service.ts';

export const passesRoutes: FastifyPluginAsyncZod = async (app) => {
  const offer = app.config.vip;

  /** Signed in to the account the path names (a guest's pass would be lost with the browser's cookie). */
  const signedIn = async (request: Parameters<typeof app.viewers.sessionOf>[0], accountId: string) =>
    (await app.viewers.sessionOf(request))?.viewerId === accountId;

  app.get(
    '/api/user/:userId/vip-pass',
    {
      config: viewerRoute,
      schema: {
        summary: "The viewer's VIP pass while it plays, and what one costs",
        operationId: 'getVipPass',
        tags: ['VIP pass'],
        params: userIdParams,
        response: { 200: vipPassReply, 404: errorReply },
      },
    },
    (request) => vipPassOf(app.db, request.params.userId, offer),
  );

  app.post(
    '/api/user/:userId/vip-pass',
    {
      config: viewerRoute,
      schema: {
        summary: "Get the VIP pass (the preview's free 7-day pass); signed-in accounts only",
        operationId: 'startVipPass',
        tags: ['VIP pass'],
        params: userIdParams,
        response: { 201: vipPassReply, 401: errorReply, 404: errorReply, 409: errorReply },
      },
    },
    async (request, reply) => {
      const accountId = request.params.userId;
      const answer = await startPreviewPass(app.db, accountId, await signedIn(request, accountId), offer);
      return reply.status(201).send(answer);
    },
  );

  app.post(
    '/api/user/:userId/vip-pass/cancel',
    {
      config: viewerRoute,
      schema: {
        summary: "Cancel the preview's free VIP pass: it ends at once",
        operationId: 'cancelVipPass',
        tags: ['VIP pass'],
        params: userIdParams,
        response: { 200: vipPassReply, 404: errorReply, 409: errorReply },
      },
    },
    (request) => cancelPreviewPass(app.db, request.params.userId, offer),
  );
};
