import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';

async function balance(page: Page) {
  const user = (await (await page.request.get('/api/user/user-1')).json()) as { coins: number; bonuses: number };
  return user.coins + user.bonuses;
}

async function signedInLook(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('cliffhanger.login', 'loggedIn');
    localStorage.setItem(
      'cliffhanger.loginUser',
      JSON.stringify({ username: 'Buyer', email: 'buyer@example', provider: 'google' }),
    );
  });
}

test('Top Up → the payment page → back on /rewards with the coins, once, also after a reload', async ({
  gatedPage: page,
}) => {
  await signedInLook(page);
  await page.goto('/');
  const before = await balance(page);

  await page.getByTestId('account-button').click();
  await page.getByTestId('account-menu').getByRole('menuitem', { name: 'Top Up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Top Up Coins' });
  await expect(dialog.locator('[data-package-id]')).toHaveCount(6);
  // Real money here: the preview's note is not shown.
  await expect(dialog.getByTestId('preview-no-charge')).toHaveCount(0);
  await dialog.locator('[data-package-id="package-2"]').click();
  await dialog.getByRole('button', { name: 'Purchase' }).click();

  await page.waitForURL(/\/pay\/cs_test_/);
  await expect(page.getByTestId('amount')).toHaveText('9.99 USD');
  await page.getByRole('button', { name: /^Pay/ }).click();

  await page.waitForURL(/\/rewards\?purchase=/);
  const status = page.getByTestId('purchase-return');
  await expect(status).toHaveText('Payment received: 1,150 coins added');
  expect(await balance(page)).toBe(before + 1150);
  await expect(page.getByTestId('rewards-balance')).toHaveText(new Intl.NumberFormat('en').format(before + 1150));

  await page.reload();
  await expect(status).toHaveText('Payment received: 1,150 coins added');
  expect(await balance(page)).toBe(before + 1150);
});

test('cancelling on the payment page comes back saying nothing was charged', async ({ gatedPage: page }) => {
  await page.goto('/rewards');
  const before = await balance(page);
  const packages = page.getByRole('group', { name: 'Coin packages' });
  await packages.locator('[data-package-id="rewards-1"]').click();
  await page.getByRole('button', { name: 'Purchase' }).click();
  await page.waitForURL(/\/pay\/cs_test_/);
  await page.getByRole('link', { name: 'Cancel' }).click();
  await page.waitForURL(/cancelled=1/);
  await expect(page.getByTestId('purchase-return')).toHaveText('Payment cancelled: nothing was charged');
  expect(await balance(page)).toBe(before);
});
