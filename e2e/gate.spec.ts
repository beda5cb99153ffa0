import { test, expect, passAccessGate } from './support/fixtures.ts';
import { expectToast, openDashboard } from './support/admin.ts';
import { E2E } from './support/env.ts';

test.describe('access gate', () => {
  test('a wrong code shows the destructive toast and keeps the gate', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Cliffhanger MVP' })).toBeVisible();
    await expect(page.getByText('Investor & Tester Access')).toBeVisible();
    await expect(page.getByRole('link', { name: 'support@cliffhanger.example' })).toHaveAttribute(
      'href',
      'mailto:support@cliffhanger.example',
    );

    await page.getByPlaceholder('Enter access code').fill('NOT-A-CODE');
    await page.getByRole('button', { name: 'Enter MVP' }).click();
    await expect(page.getByRole('button', { name: 'Verifying...' })).toBeDisabled();

    const toast = page.getByRole('alert').filter({ hasText: 'Invalid Access Code' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('Please enter a valid access code');
    await expect(page.getByRole('button', { name: 'Enter MVP' })).toBeEnabled();
    await expect(page.getByPlaceholder('Enter access code')).toBeEnabled();
    expect(await page.evaluate(() => localStorage.getItem('cliffhanger.access'))).toBeNull();
  });

  test('the right code, typed into the form, opens the app and survives a reload', async ({ page }) => {
    await page.goto('/');
    const input = page.getByPlaceholder('Enter access code');
    // The server trims and upper-cases, so a sloppily typed code still counts.
    await input.fill(`  ${E2E.accessCodes[1].toLowerCase()} `);
    await page.getByRole('button', { name: 'Enter MVP' }).click();

    await expect(page.getByRole('button', { name: 'Verifying...' })).toBeVisible();
    await expect(input).toBeDisabled();

    await expect(page.getByRole('status').filter({ hasText: 'Access Granted' })).toBeVisible();
    await expect(page.getByTestId('hero-carousel')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Cliffhanger MVP' })).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('cliffhanger.access'))).toBe('granted');

    await page.reload();
    await expect(page.getByTestId('hero-carousel')).toBeVisible();
    await expect(page.getByPlaceholder('Enter access code')).toHaveCount(0);
  });

  test('when the server no longer knows the access cookie, the gate comes back', async ({ page, context }) => {
    // The stored flag says "granted", but the browser has no access cookie (expired or cleared).
    await page.addInitScript(() => localStorage.setItem('cliffhanger.access', 'granted'));
    await context.clearCookies();
    await page.goto('/');
    await expect(page.getByPlaceholder('Enter access code')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('cliffhanger.access'))).toBeNull();
  });
});

test.describe('leaving and revoking access', () => {
  test('a viewer leaves the preview from the profile: the gate comes back and the old cookie opens nothing', async ({
    gatedPage: page,
  }) => {
    await page.goto('/profile');
    const cookie = (await page.context().cookies()).find((c) => c.name === 'cliffhanger_access')!;
    await page.getByRole('button', { name: 'Leave preview' }).click();
    await expect(page.getByPlaceholder('Enter access code')).toBeVisible();
    expect((await page.context().cookies()).find((c) => c.name === 'cliffhanger_access')).toBeUndefined();
    const replay = await page.request.get('/api/user', { headers: { cookie: `${cookie.name}=${cookie.value}` } });
    expect(replay.status()).toBe(401);
  });

  test('an operator revokes all viewer access from the dashboard: a viewer meets the gate again', async ({
    browser,
  }) => {
    const viewer = await browser.newPage();
    await passAccessGate(viewer);
    await viewer.goto('/');
    await expect(viewer.getByTestId('hero-carousel')).toBeVisible();

    const operator = await browser.newPage();
    await openDashboard(operator);
    await operator.getByRole('button', { name: 'Revoke viewer access' }).click();
    const dialog = operator.getByRole('alertdialog', { name: 'Revoke all viewer access?' });
    await expect(dialog).toContainText('Everyone who entered an access code will have to enter one again.');
    await dialog.getByRole('button', { name: 'Revoke access' }).click();
    await expectToast(operator, 'Viewer access revoked', /Sessions ended: \d+/);
    // The dashboard still reads the catalogue with the operator's session alone.
    await operator.reload();
    await expect(operator.getByRole('button', { name: 'Revoke viewer access' })).toBeVisible();

    await viewer.goto('/discover');
    await expect(viewer.getByPlaceholder('Enter access code')).toBeVisible();
    await viewer.close();
    await operator.close();
  });
});

test('an unknown path shows the not-found texts inside the app shell', async ({ gatedPage: page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByTestId('bottom-nav')).toBeVisible();
});
