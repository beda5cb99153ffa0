import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPurchase,
  adminPurchasesQuery,
  errorReply,
  paymentsInfo,
  purchaseIdParams,
  purchaseStatus,
  refundBody,
  refundReply,
  revenueQuery,
  revenueReply,
} from '#contract/index.ts';
import { operatorRoute, publicRoute, viewerRoute } from '../../plugins/guards.ts';
import { BadPaymentEvent } from '../../payments/payments.ts';
import { invalid } from '../../errors.ts';
import {
  handlePaymentEvent,
  listPurchasesForOperators,
  purchaseStatusOf,
  requestRefund,
  revenue,
} from './payments.service.ts';

/** Stripe's events are small; a body this large is nobody's event. */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024;

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = app.payments;
  const provider = payments.kind === 'preview' ? null : payments;

  app.get(
    '/api/payments',
    {
      config: viewerRoute,
      schema: {
        summary: 'How purchases are paid here (preview: nothing is charged)',
        operationId: 'getPaymentsInfo',
        tags: ['Wallet'],
        response: { 200: paymentsInfo },
      },
    },
    () => ({ provider: payments.kind, currency: payments.currency }),
  );

  app.get(
    '/api/purchases/:purchaseId',
    {
      config: { ...viewerRoute, viewer: 'self' },
      schema: {
        summary: "One of the viewer's purchases and whether it is paid (asks the payment provider while it waits)",
        operationId: 'getPurchase',
        tags: ['Wallet'],
        params: purchaseIdParams,
        response: { 200: purchaseStatus, 400: errorReply, 404: errorReply },
      },
    },
    (request) => purchaseStatusOf(app.db, provider, request.viewerId, request.params.purchaseId),
  );

  // Stripe's webhook: its signature is checked on the exact bytes sent, so this scope keeps the body raw.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post(
      '/api/payments/stripe/webhook',
      {
        config: { ...publicRoute, rateBucket: 'none', signedWebhook: true },
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          summary: "Stripe's events (signed): payments made, expired, refunded, disputed",
          operationId: 'stripeWebhook',
          tags: ['Payments'],
          response: { 200: z.object({ received: z.literal(true) }), 400: errorReply, 413: errorReply },
        },
      },
      async (request) => {
        if (!provider) throw invalid('No payment provider is configured here.');
        const signature = request.headers['stripe-signature'];
        let event;
        try {
          event = provider.readEvent(request.body as Buffer, typeof signature === 'string' ? signature : undefined);
        } catch (error) {
          if (error instanceof BadPaymentEvent) throw invalid(`The event was refused: ${error.message}`);
          throw error;
        }
        await handlePaymentEvent(app.db, provider, event);
        return { received: true as const };
      },
    );
  });

  app.get(
    '/api/admin/purchases',
    {
      config: operatorRoute('owner', 'support', 'analyst'),
      schema: {
        summary: 'Purchases paid through the payment provider, newest first, by status',
        operationId: 'listPurchases',
        tags: ['Payments'],
        querystring: adminPurchasesQuery,
        response: { 200: z.array(adminPurchase), 400: errorReply },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return listPurchasesForOperators(app.db, request.query);
    },
  );

  app.post(
    '/api/admin/purchases/:purchaseId/refund',
    {
      config: operatorRoute('owner', 'support'),
      schema: {
        summary:
          'Ask the payment provider to refund a paid purchase (all of it, or an amount); coins follow its confirmation',
        operationId: 'refundPurchase',
        tags: ['Payments'],
        params: purchaseIdParams,
        body: refundBody,
        response: { 202: refundReply, 400: errorReply, 404: errorReply, 409: errorReply, 503: errorReply },
      },
    },
    async (request, reply) => {
      const { purchase, refund } = await requestRefund(
        app.db,
        provider,
        request.params.purchaseId,
        request.body.amount,
      );
      await app.audit(request, {
        action: 'purchase.refund_requested',
        object: { type: 'purchase', id: purchase.id, label: `${purchase.packageId} · ${purchase.viewerUid}` },
        after: {
          amount: request.body.amount ?? purchase.amount - purchase.refundedAmount,
          currency: purchase.currency,
        },
      });
      return reply.status(202).send(refund);
    },
  );

  app.get(
    '/api/admin/insights/revenue',
    {
      config: operatorRoute('owner', 'analyst', 'support'),
      schema: {
        summary: 'Money taken per day and currency (paid minus refunded); preview purchases apart',
        operationId: 'getRevenue',
        tags: ['Insights'],
        querystring: revenueQuery,
        response: { 200: revenueReply, 400: errorReply },
      },
    },
    (request) => revenue(app.db, request.query.from, request.query.to),
  );
};
