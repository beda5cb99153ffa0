import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';

/** Skip the simulated 1.5 s login where a test is about something else. */
async function loggedInAs(page: Page, provider: 'google' | 'apple' | 'slush', username: string) {
  await page.addInitScript(
    ([p, u]) => {
      localStorage.setItem('cliffhanger.login', 'loggedIn');
      localStorage.setItem(
        'cliffhanger.loginUser',
        JSON.stringify({ username: u, email: `${u}@example`, provider: p }),
      );
    },
    [provider, username] as const,
  );
}

async function openAccountMenu(page: Page) {
  await page.getByTestId('account-button').click();
  const menu = page.getByTestId('account-menu');
  await expect(menu).toBeVisible();
  return menu;
}

async function menuBalance(page: Page) {
  const menu = await openAccountMenu(page);
  const coins = Number(await menu.getByTestId('account-coins').getAttribute('data-value'));
  const bonuses = Number(await menu.getByTestId('account-bonuses').getAttribute('data-value'));
  return coins + bonuses;
}

test('log in with a provider, see the account menu, then log out', async ({ gatedPage: page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Log in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Login to Cliffhanger' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('By continuing, I agree to the Service Agreement and Privacy Policy')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Service Agreement' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Privacy Policy' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Connect With Apple' }).click();
  for (const name of ['Connect With Slush', 'Connect With Google', 'Connect With Apple']) {
    await expect(dialog.getByRole('button', { name })).toBeDisabled();
  }

  const welcome = page.getByRole('status').filter({ hasText: 'Welcome!' });
  await expect(welcome).toBeVisible();
  await expect(welcome).toContainText('Apple');
  await expect(dialog).toBeHidden();

  const menu = await openAccountMenu(page);
  await expect(menu).toContainText('AppleUser');
  // The UID is the last 8 characters of this browser's own viewer id, which the server gave it.
  const { id } = (await (await page.request.get('/api/user')).json()) as { id: string };
  expect(id).not.toBe('user-1');
  await expect(menu.getByTestId('account-uid')).toHaveText(`UID: ${id.slice(-8)}`);
  await expect(page.getByTestId('account-button')).toHaveText('A');
  await expect(menu.getByRole('menuitem', { name: 'View Full Dashboard' })).toHaveAttribute('href', '/dashboard');

  // The login is remembered across a reload.
  await page.reload();
  await expect(page.getByTestId('account-button')).toBeVisible();

  await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Logged out' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('cliffhanger.login'))).toBeNull();
});

test('the account menu opens on hover and hides after the pointer leaves', async ({ gatedPage: page }) => {
  await loggedInAs(page, 'slush', 'SlushUser');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await page.getByTestId('account-button').hover();
  const menu = page.getByTestId('account-menu');
  await expect(menu).toBeVisible();
  // Moving from the button into the menu keeps it open.
  await menu.getByText('SlushUser').hover();
  await page.waitForTimeout(500);
  await expect(menu).toBeVisible();

  await page.mouse.move(300, 600);
  await expect(menu).toBeHidden();
});

test('top up: choose a package, buy it, and the balance grows by coins plus bonus', async ({ gatedPage: page }) => {
  await loggedInAs(page, 'google', 'GoogleUser');
  await page.goto('/');
  const before = await menuBalance(page);

  await page.getByTestId('account-menu').getByRole('menuitem', { name: 'Top Up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Top Up Coins' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('[data-package-id]')).toHaveCount(6);
  await expect(dialog.getByText('Most Popular')).toBeVisible();
  await expect(dialog.getByText('New User Special')).toBeVisible();
  await expect(dialog.locator('[data-package-id="package-2"]')).toContainText('+150 bonus (15%)');
  await expect(dialog.locator('[data-package-id="package-2"]')).toContainText('Total 1,150 coins');

  const purchase = dialog.getByRole('button', { name: 'Select a Package' });
  await expect(purchase).toBeDisabled();

  const pkg = dialog.locator('[data-package-id="package-2"]');
  await pkg.click();
  await expect(pkg).toHaveAttribute('aria-pressed', 'true');
  await expect(dialog.locator('[data-package-id="package-1"]')).toHaveAttribute('aria-pressed', 'false');
  await dialog.getByRole('button', { name: 'Purchase' }).click();

  const toast = page.getByRole('status').filter({ hasText: 'Purchase Successful!' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Added 1,150 coins to your account');
  await expect(dialog).toBeHidden();

  expect(await menuBalance(page)).toBe(before + 1150);
});

test('a failed purchase keeps the dialog open and shows the destructive toast', async ({ gatedPage: page }) => {
  await loggedInAs(page, 'google', 'GoogleUser');
  await page.goto('/');
  const before = await menuBalance(page);
  await page.getByTestId('account-menu').getByRole('menuitem', { name: 'Top Up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Top Up Coins' });

  // The connection drops: the request never reaches the server.
  await page.route('**/api/user/*/purchase-tokens', (route) => route.abort('internetdisconnected'));
  await dialog.locator('[data-package-id="package-1"]').click();
  await dialog.getByRole('button', { name: 'Purchase' }).click();

  const toast = page.getByRole('alert').filter({ hasText: 'Purchase Failed' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Please try again or contact support');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Purchase' })).toBeEnabled();

  await page.unroute('**/api/user/*/purchase-tokens');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await menuBalance(page)).toBe(before);
});

test('the account menu opens from the keyboard too', async ({ gatedPage: page }) => {
  await loggedInAs(page, 'apple', 'AppleUser');
  await page.goto('/');
  await page.getByTestId('account-button').focus();
  await page.keyboard.press('Enter');
  const menu = page.getByTestId('account-menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByTestId('account-button')).toBeFocused();
});
