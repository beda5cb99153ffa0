import type { Config } from '../config.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { startStripeStandIn, type StripeStandIn } from './stripe-server.ts';

export const TEST_PUBLIC_URL = 'http://localhost:5700';

/** An app taking payments through the local Stripe stand-in, whose events reach the app's webhook (by inject). */
export async function createStripeTestContext(
  options: {
    sharingDatabaseOf?: TestContext;
    standIn?: StripeStandIn;
    config?: Partial<Config>;
    env?: Record<string, string>;
  } = {},
): Promise<{ t: TestContext; stripe: StripeStandIn }> {
  const target: { app?: TestContext['app'] } = {};
  const stripe =
    options.standIn ??
    (await startStripeStandIn({
      deliverTo: async (event) => {
        const response = await target.app!.inject({
          method: 'POST',
          url: '/api/payments/stripe/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
          payload: event.body,
        });
        return response.statusCode;
      },
    }));
  const t = await createTestContext(
    {
      STRIPE_SECRET_KEY: 'sk_test_stand_in',
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_BASE: stripe.apiBase,
      PUBLIC_URL: TEST_PUBLIC_URL,
      ...options.env,
    },
    { sharingDatabaseOf: options.sharingDatabaseOf, config: options.config },
  );
  target.app = t.app;
  return { t, stripe };
}
