import type { APIRequestContext } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';

interface UserJson {
  coins: number;
  bonuses: number;
}

async function wallet(api: APIRequestContext): Promise<UserJson> {
  const res = await api.get('/api/user/user-1');
  expect(res.ok()).toBe(true);
  return (await res.json()) as UserJson;
}

test('the rewards page shows the balance, the three tasks, four packages and an earning guide', async ({
  gatedPage: page,
}) => {
  const user = await wallet(page.request);
  await page.goto('/rewards');
  await expect(page.getByRole('heading', { name: 'Rewards', level: 1 })).toBeVisible();
  await expect(page.getByTestId('rewards-balance')).toHaveText(
    new Intl.NumberFormat('en').format(user.coins + user.bonuses),
  );
  await expect(page.getByTestId('rewards-coins')).toHaveText(new Intl.NumberFormat('en').format(user.coins));
  await expect(page.getByTestId('rewards-bonuses')).toHaveText(new Intl.NumberFormat('en').format(user.bonuses));

  await expect(page.getByText('Daily check-in', { exact: true })).toBeVisible();
  await expect(page.getByText('+10 bonuses')).toBeVisible();
  await expect(page.getByText('Watch an ad', { exact: true })).toBeVisible();
  await expect(page.getByText('+5-30 bonuses')).toBeVisible();
  await expect(page.getByText('Invite a friend', { exact: true })).toBeVisible();
  await expect(page.getByText('+50 bonuses')).toBeVisible();
  // The ad is not wired to any call: no fake credit. The invitation is (e2e/invitations.spec.ts).
  const comingSoon = page.getByRole('button', { name: 'Coming soon' });
  await expect(comingSoon).toHaveCount(1);
  await expect(comingSoon).toBeDisabled();
  await expect(page.getByTestId('invite-task').getByRole('button', { name: 'Copy' })).toBeEnabled();

  const packages = page.getByRole('group', { name: 'Coin packages' }).getByRole('button');
  await expect(packages).toHaveCount(4);
  await expect(packages.nth(0)).toContainText('1,000');
  await expect(packages.nth(0)).toContainText('$10.00');
  await expect(packages.nth(1)).toContainText('5,000');
  await expect(packages.nth(1)).toContainText('+500 bonus (10%)');
  await expect(packages.nth(1)).toContainText('$45.00');
  await expect(packages.nth(2)).toContainText('$80.00');
  await expect(packages.nth(3)).toContainText('25,000');
  await expect(packages.nth(3)).toContainText('$180.00');
  await expect(page.getByRole('button', { name: 'Select a Package' })).toBeDisabled();

  await expect(page.getByRole('heading', { name: 'How to earn' })).toBeVisible();
});

test('daily check-in: the first one credits 10 bonuses (unless done today already), the second says Already Checked In', async ({
  gatedPage: page,
}) => {
  const before = await wallet(page.request);
  await page.goto('/rewards');
  const checkIn = page.getByRole('button', { name: 'Check In' });
  await checkIn.click();

  const toast = page.getByTestId('toast');
  await expect(toast).toContainText(/Daily Check-in Complete!|Already Checked In/);
  const first = (await toast.textContent()) ?? '';
  const after = await wallet(page.request);
  if (first.includes('Daily Check-in Complete!')) {
    await expect(toast).toContainText('You earned 10 bonuses!');
    await expect(toast).toHaveAttribute('role', 'status');
    expect(after.bonuses).toBe(before.bonuses + 10);
    expect(after.coins).toBe(before.coins);
    // The page's balance refreshed without a reload.
    await expect(page.getByTestId('rewards-bonuses')).toHaveText(new Intl.NumberFormat('en').format(after.bonuses));
  } else {
    expect(after).toEqual(before);
  }

  await page.getByRole('button', { name: /Check In|Checked in/ }).click();
  const already = page.getByRole('alert').filter({ hasText: 'Already Checked In' });
  await expect(already).toBeVisible();
  await expect(already).toContainText('Come back tomorrow for more bonuses!');
  expect(await wallet(page.request)).toEqual(after);
});

test('buying a rewards package credits it and the purchase appears in the dashboard history', async ({
  gatedPage: page,
}) => {
  const before = await wallet(page.request);
  await page.goto('/rewards');
  await page.getByRole('group', { name: 'Coin packages' }).getByRole('button').nth(1).click();
  const purchase = page.getByRole('button', { name: 'Purchase' });
  await expect(purchase).toBeEnabled();
  await purchase.click();

  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Purchase Successful!');
  await expect(toast).toContainText(`Added ${new Intl.NumberFormat('en').format(5500)} coins to your account`);
  const after = await wallet(page.request);
  expect(after.coins + after.bonuses).toBe(before.coins + before.bonuses + 5500);
  await expect(page.getByTestId('rewards-balance')).toHaveText(
    new Intl.NumberFormat('en').format(after.coins + after.bonuses),
  );

  await page.goto('/dashboard');
  await expect(page.getByRole('tab', { name: 'Transaction History' })).toHaveAttribute('aria-selected', 'true');
  const newest = page.getByTestId('transaction').first();
  await expect(newest).toHaveAttribute('data-kind', 'purchase');
  await expect(newest).toContainText('Purchase');
  await expect(newest).toContainText('$45.00');
  await expect(newest).toContainText('+5,000 coins');
  await expect(newest).toContainText('+500 bonuses');
});
