import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';
import { E2E_S3 } from './e2e/support/env.ts';

/**
 * Media in an S3-compatible bucket (s3rver, started here) instead of DATA_DIR/media:
 *   npx playwright test -c playwright.s3.config.ts
 */
export default defineConfig({
  ...base,
  testMatch: ['media-s3.spec.ts'],
  testIgnore: [],
  webServer: [
    {
      command: 'node --import tsx e2e/support/s3-server.ts',
      url: `${E2E_S3.endpoint}/`,
      timeout: 30_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      ...(base.webServer as Exclude<typeof base.webServer, unknown[] | undefined>),
      env: {
        ...(base.webServer as { env: Record<string, string> }).env,
        SEED: 'none',
        MEDIA_STORAGE: 's3',
        S3_ENDPOINT: E2E_S3.endpoint,
        S3_BUCKET: E2E_S3.bucket,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
        MEDIA_TOKEN_MINUTES: String(E2E_S3.tokenMinutes),
      },
    },
  ],
});
