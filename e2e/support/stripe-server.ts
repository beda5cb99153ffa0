import { startStripeStandIn } from '../../src/server/testing/stripe-server.ts';
import { E2E, E2E_STRIPE } from './env.ts';

/** The Stripe stand-in of the payments run: its payment page, and events sent to the app's webhook. */
await startStripeStandIn({
  port: E2E_STRIPE.port,
  webhookSecret: E2E_STRIPE.webhookSecret,
  deliverTo: `${E2E.baseUrl}/api/payments/stripe/webhook`,
});
const stop = () => process.exit(0);
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
