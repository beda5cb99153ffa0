import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReply, paymentsInfo, purchaseIdParams, purchaseStatus } from '#contract/index.ts';
import { publicRoute, viewerRoute } from '../../plugins/guards.ts';
import { BadPaymentEvent } from '../../payments/payments.ts';
import { invalid } from '../../errors.ts';
import { handlePaymentEvent, purchaseStatusOf } from './payments.service.ts';

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
};
