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

/**
 * A server-rendered page shows its buttons before React has taken them over; a tap on a button then is
 * replayed once it has (e2e/taps.spec.ts), but typing, or a link the app would have handled, is the
 * browser's alone. Tests act once the app has started on the markup.
 */
export async function appStarted(page: Page) {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !root?.hasChildNodes() || Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });
}

function startingTheApp(page: Page) {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await appStarted(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await appStarted(page);
    return response;
  };
}

/** `page`'s navigations return once the app has started; `gatedPage` is also past the access gate. */
export const test = base.extend<{ gatedPage: Page }>({
  page: async ({ page }, use) => {
    startingTheApp(page);
    await use(page);
  },
  gatedPage: async ({ page }, use) => {
    await passAccessGate(page);
    await use(page);
  },
});

export { expect };
