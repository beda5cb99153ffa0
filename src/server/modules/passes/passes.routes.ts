import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReply, userIdParams, vipCheckoutReply, vipPassReply, vipPortalReply } from '#contract/index.ts';
import { viewerRoute } from '../../plugins/guards.ts';
import { conflict } from '../../errors.ts';
import { openVipPortal, startVipCheckout } from '../payments/payments.service.ts';
import { cancelPreviewPass, startPreviewPass, vipPassOf } from './passes.service.ts';

export const passesRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.payments.kind === 'preview' ? null : app.payments;
  const offer = { ...app.config.vip, preview: provider === null };

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
        summary:
          "Get the VIP pass, signed-in accounts only: the preview's free 7-day pass (201), or where to pay the weekly subscription (202)",
        operationId: 'startVipPass',
        tags: ['VIP pass'],
        params: userIdParams,
        response: {
          201: vipPassReply,
          202: vipCheckoutReply,
          401: errorReply,
          404: errorReply,
          409: errorReply,
          503: errorReply,
        },
      },
    },
    async (request, reply) => {
      const accountId = request.params.userId;
      const isSignedIn = await signedIn(request, accountId);
      if (provider) {
        const started = await startVipCheckout(app.db, provider, {
          accountId,
          signedIn: isSignedIn,
          // Set whenever a provider is: the configuration refuses Stripe without it.
          publicOrigin: app.config.publicOrigin!,
          price: offer.price,
          productName: `${app.config.appName} VIP pass`,
        });
        return reply.status(202).send(started);
      }
      const answer = await startPreviewPass(app.db, accountId, isSignedIn, offer);
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

  app.post(
    '/api/user/:userId/vip-pass/manage',
    {
      config: viewerRoute,
      schema: {
        summary: "Manage the paid VIP pass: the address of the payment provider's customer portal",
        operationId: 'manageVipPass',
        tags: ['VIP pass'],
        params: userIdParams,
        response: { 200: vipPortalReply, 401: errorReply, 404: errorReply, 409: errorReply, 503: errorReply },
      },
    },
    async (request) => {
      if (!provider) throw conflict('No payment provider is configured here: a preview pass is ended with "Cancel".');
      const accountId = request.params.userId;
      return openVipPortal(app.db, provider, {
        accountId,
        signedIn: await signedIn(request, accountId),
        publicOrigin: app.config.publicOrigin!,
      });
    },
  );
};
