import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from './support/fixtures.ts';
import { E2E } from './support/env.ts';

// The client that the e2e server serves (playwright.config.ts passes the same folder as CLIENT_DIR).
const clientDir = path.resolve(process.env.E2E_CLIENT_DIR ?? 'dist/client');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

test('the admin password and the access codes appear nowhere in the built client', () => {
  const files = filesUnder(clientDir);
  expect(
    files.some((f) => f.endsWith('.js')),
    `no built client in ${clientDir}: build it first`,
  ).toBe(true);
  const secrets = [E2E.adminPassword, ...E2E.accessCodes];
  const leaks: string[] = [];
  for (const file of files) {
    const text = fs.readFileSync(file).toString('latin1').toLowerCase();
    for (const secret of secrets) {
      if (text.includes(secret.toLowerCase())) leaks.push(`${path.relative(clientDir, file)} contains "${secret}"`);
    }
  }
  expect(leaks).toEqual([]);
});

test('viewer pages never download the dashboard code', async ({ gatedPage: page }) => {
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script' || response.url().endsWith('.js')) {
      scripts.push(await response.text().catch(() => ''));
    }
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await page.goto('/discover');
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  // Strings only the dashboard's components and texts contain.
  for (const marker of ['series-edit-row', 'Content Management Dashboard', 'carousel-candidate']) {
    expect(
      scripts.filter((s) => s.includes(marker)),
      marker,
    ).toEqual([]);
  }

  // And the dashboard does bring them, so the markers are real.
  const adminScripts: string[] = [];
  page.on('response', async (response) => {
    if (response.url().endsWith('.js')) adminScripts.push(await response.text().catch(() => ''));
  });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Access Portal' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(adminScripts.some((s) => s.includes('series-edit-row'))).toBe(true);
});
