/** How the end-to-end run reaches its server. Override the ports to run several suites side by side. */
const port = Number(process.env.E2E_PORT ?? 5100);
export const E2E = {
  port,
  pgPort: Number(process.env.E2E_PG_PORT ?? port + 1000),
  baseUrl: `http://localhost:${port}`,
  accessCodes: ['E2E-PREVIEW', 'E2E-TESTER'],
  adminPassword: 'e2e admin password',
} as const;

/** The bucket of the MEDIA_STORAGE=s3 run (playwright.s3.config.ts). */
export const E2E_S3 = {
  port: Number(process.env.E2E_S3_PORT ?? port + 2),
  bucket: 'cliffhanger-e2e',
  endpoint: `http://127.0.0.1:${Number(process.env.E2E_S3_PORT ?? port + 2)}`,
  /** Short enough for a test to see a token expire: tokens live 12 to 18 s. */
  tokenMinutes: 0.2,
} as const;

/** The local Stripe stand-in of the payments run (playwright.payments.config.ts). */
export const E2E_STRIPE = {
  port: Number(process.env.E2E_STRIPE_PORT ?? port + 20_000),
  apiBase: `http://127.0.0.1:${Number(process.env.E2E_STRIPE_PORT ?? port + 20_000)}`,
  webhookSecret: 'whsec_e2e_stand_in_secret',
} as const;
