import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { localeTexts } from './scripts/locale-texts.ts';

export default defineConfig({
  plugins: [localeTexts(path.resolve(import.meta.dirname, 'src/web/locales'))],
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    globalSetup: ['src/server/testing/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files run in parallel, each on its own database of the run's one PostgreSQL cluster.
    pool: 'forks',
  },
});
