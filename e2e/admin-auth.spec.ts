import { test, expect, signInAsAdmin } from './support/fixtures.ts';
import { E2E } from './support/env.ts';
import { adminApi, createSeriesViaApi, expectToast, openDashboard } from './support/admin.ts';

const ADMIN_FLAG = 'cliffhanger.admin';

test.describe('admin sign-in', () => {
  test('a wrong password is refused and clears the field; the right one opens the dashboard', async ({
    gatedPage: page,
  }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Access Portal' })).toBeVisible();
    const password = page.getByLabel('Admin password');
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toHaveAttribute('required', '');
    await expect(page.getByRole('link', { name: 'Return to platform' })).toHaveAttribute('href', '/');

    await password.fill('not the password');
    await page.getByRole('button', { name: 'Access Dashboard' }).click();
    await expectToast(page, 'Access Denied', 'Invalid password. Please try again.');
    await expect(password).toHaveValue('');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), ADMIN_FLAG)).toBeNull();

    await password.fill(E2E.adminPassword);
    await page.getByRole('button', { name: 'Access Dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByText('Content Management Dashboard')).toBeVisible();
    await expectToast(page, 'Welcome');
    expect(await page.evaluate((key) => localStorage.getItem(key), ADMIN_FLAG)).toBe('authenticated');
    const session = await page.request.get('/api/admin/session');
    expect(await session.json()).toEqual({ authenticated: true });
  });

  test('the session survives a reload; logout ends it on the server', async ({ gatedPage: page }) => {
    await openDashboard(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Admin Access Portal' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expectToast(page, 'Logged Out');
    await expect(page.getByRole('heading', { name: 'Admin Access Portal' })).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), ADMIN_FLAG)).toBeNull();
    expect(await (await page.request.get('/api/admin/session')).json()).toEqual({ authenticated: false });

    // The local flag alone does not open the dashboard: the server decides.
    await page.evaluate((key) => localStorage.setItem(key, 'authenticated'), ADMIN_FLAG);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Admin Access Portal' })).toBeVisible();
  });

  test('the login screen links back to the platform', async ({ gatedPage: page }) => {
    await page.goto('/admin');
    await page.getByRole('link', { name: 'Return to platform' }).click();
    await expect(page).toHaveURL(`${E2E.baseUrl}/`);
  });

  test('a change after the server session ended returns to the login screen with a readable message', async ({
    gatedPage: page,
  }) => {
    const api = await adminApi();
    const series = await createSeriesViaApi(api, `E2E Expiring ${Date.now()}`);
    try {
      await openDashboard(page);
      await page.getByLabel('Search series').fill(series.title);
      await page.getByRole('button', { name: `Edit ${series.title}` }).click();
      await page.getByLabel('Title', { exact: true }).fill(`${series.title} changed`);

      // The session ends on the server (another tab logged out, or it expired).
      expect((await page.request.post('/api/admin/logout')).status()).toBe(200);

      await page.getByRole('button', { name: `Save changes to ${series.title}` }).click();
      await expect(page.getByRole('heading', { name: 'Admin Access Portal' })).toBeVisible();
      await expect(
        page.getByRole('alert').filter({ hasText: 'Your admin session has ended. Please sign in again.' }),
      ).toBeVisible();
      expect(await page.evaluate((key) => localStorage.getItem(key), ADMIN_FLAG)).toBeNull();

      const unchanged = await api.get(`/api/series/${series.id}`);
      expect((await unchanged.json()).title).toBe(series.title);

      // Signing in again brings the dashboard back and drops the message.
      await page.getByLabel('Admin password').fill(E2E.adminPassword);
      await page.getByRole('button', { name: 'Access Dashboard' }).click();
      await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    } finally {
      await api.delete(`/api/series/${series.id}`);
      await api.dispose();
    }
  });

  test('a session that ended while the page was closed shows the login screen on the next visit', async ({
    gatedPage: page,
  }) => {
    await signInAsAdmin(page);
    expect((await page.request.post('/api/admin/logout')).status()).toBe(200);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Access Portal' })).toBeVisible();
  });
});
