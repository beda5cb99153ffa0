import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * The viewer specs that read the catalogue, against 10,000 series / 500,000 episodes (issue 10):
 *   npx playwright test -c playwright.scale.config.ts
 * Loading the catalogue takes about a minute before the server starts.
 */
export default defineConfig({
  ...base,
  testMatch: ['discover.spec.ts', 'search.spec.ts', 'home.spec.ts'],
  webServer: {
    ...base.webServer!,
    command: 'node --import tsx e2e/support/scale-server.ts',
    timeout: 600_000,
  },
});
