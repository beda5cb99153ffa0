import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';
import { E2E, E2E_STRIPE } from './e2e/support/env.ts';

/**
 * Purchases paid through Stripe Checkout (and operators refunding them), against a local stand-in for Stripe (started here):
 *   npx playwright test -c playwright.payments.config.ts
 */
export default defineConfig({
  ...base,
  testMatch: ['payments.spec.ts', 'payments-admin.spec.ts', 'payments-vip.spec.ts'],
  testIgnore: [],
  webServer: [
    {
      command: 'node --import tsx e2e/support/stripe-server.ts',
      url: `${E2E_STRIPE.apiBase}/receipts/ready`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      ...(base.webServer as Exclude<typeof base.webServer, unknown[] | undefined>),
      env: {
        ...(base.webServer as { env: Record<string, string> }).env,
        STRIPE_SECRET_KEY: 'sk_test_e2e_stand_in',
        STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
        STRIPE_API_BASE: E2E_STRIPE.apiBase,
        PUBLIC_URL: E2E.baseUrl,
      },
    },
  ],
});
