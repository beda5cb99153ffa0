import { test as base, expect, type Page } from '@playwright/test';
import { E2E } from './env.ts';

/** Pass the access gate through the server (cookie) and set the UI's stored flag, without the 1 s gate delay. */
export async function passAccessGate(page: Page) {
  const res = await page.request.post('/api/access', { data: { code: E2E.accessCodes[0] } });
  expect(res.status()).toBe(200);
  await page.addInitScript(() => localStorage.setItem('cliffhanger.access', 'granted'));
}

export async function signInAsAdmin(page: Page) {
  const res = await page.request.post('/api/admin/login', { data: { password: E2E.adminPassword } });
  expect(res.status()).toBe(200);
  await page.addInitScript(() => localStorage.setItem('cliffhanger.admin', 'authenticated'));
}

/** `page` already past the access gate. */
export const test = base.extend<{ gatedPage: Page }>({
  gatedPage: async ({ page }, use) => {
    await passAccessGate(page);
    await use(page);
  },
});

export { expect };
