import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorReply, grantCoinsBody, viewerAccount, viewerLookupParams } from '#contract/index.ts';
import { operatorRoute } from '../../plugins/guards.ts';
import { grantCoins, lookUpViewer } from '../wallet/wallet.service.ts';

/** Support answers viewers: finds one by the UID their profile shows, and grants or takes back coins with a reason. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/viewers/:uid',
    {
      config: operatorRoute('owner', 'support'),
      schema: {
        summary: 'A viewer by UID: balance, ledger and unlocks',
        operationId: 'lookUpViewer',
        tags: ['Support'],
        params: viewerLookupParams,
        response: { 200: viewerAccount, 404: errorReply, 409: errorReply },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return lookUpViewer(app.db, request.params.uid);
    },
  );

  app.post(
    '/api/admin/viewers/:uid/coins',
    {
      config: operatorRoute('owner', 'support'),
      schema: {
        summary: 'Grant or take back coins, with a reason',
        operationId: 'grantViewerCoins',
        tags: ['Support'],
        params: viewerLookupParams,
        body: grantCoinsBody,
        response: { 200: viewerAccount, 400: errorReply, 404: errorReply, 409: errorReply },
      },
    },
    async (request) => {
      const { before, after } = await grantCoins(app.db, request.params.uid, request.body);
      await app.audit(request, {
        action: request.body.coins > 0 ? 'viewer.coins_granted' : 'viewer.coins_taken_back',
        object: { type: 'viewer', id: after.id, label: after.username },
        before: { coins: before.coins },
        after: { coins: after.coins },
        reason: request.body.reason,
      });
      return lookUpViewer(app.db, after.id);
    },
  );
};
