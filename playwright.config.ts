import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E } from './e2e/support/env.ts';

const chromium = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p) => p && fs.existsSync(p),
);
// A fresh data directory (database and media) for every run.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-e2e-'));
// As root, PostgreSQL runs as its own system user, which must be able to reach the cluster directory.
fs.chmodSync(dataDir, 0o755);

export default defineConfig({
  testDir: 'e2e',
  // Need their own bucket or Stripe stand-in: playwright.s3.config.ts and playwright.payments.config.ts run them.
  testIgnore: ['media-s3.spec.ts', 'payments.spec.ts', 'payments-admin.spec.ts', 'payments-vip.spec.ts'],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  use: {
    baseURL: E2E.baseUrl,
    trace: 'retain-on-failure',
    // A service worker would answer some of a spec's requests where page.route and the network log do not
    // see them; e2e/pwa.spec.ts allows it and tests it (docs/decisions/058).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
  projects: [
    { name: 'phone', use: { ...devices['Desktop Chrome'], viewport: { width: 390, height: 844 }, hasTouch: true } },
  ],
  webServer: {
    command: 'node --import tsx src/server/main.ts',
    url: `${E2E.baseUrl}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E.port),
      PG_PORT: String(E2E.pgPort),
      DATA_DIR: dataDir,
      ACCESS_CODES: E2E.accessCodes.join(','),
      ADMIN_PASSWORD: E2E.adminPassword,
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      CLIENT_DIR: process.env.E2E_CLIENT_DIR ?? 'dist/client',
      AUTH_RATE_LIMIT: '1000',
      API_RATE_LIMIT: '100000',
      // Every browser of the run is a new viewer from one address, far faster than people arrive.
      VIEWER_CREATION_RATE_LIMIT: '100000',
    },
  },
});
