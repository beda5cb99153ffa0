import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { adminApi, expectToast } from './support/admin.ts';
import { expect, passAccessGate, test } from './support/fixtures.ts';
import { E2E } from './support/env.ts';

/** A viewer buys package-2 (9.99 USD) and pays on the stand-in's payment page, whose webhook credits it. */
async function paidPurchase(page: Page): Promise<string> {
  await page.goto('/rewards');
  const started = await page.request.post('/api/user/user-1/purchase-tokens', { data: { packageId: 'package-2' } });
  expect(started.status(), await started.text()).toBe(202);
  const { purchaseId, checkoutUrl } = (await started.json()) as { purchaseId: string; checkoutUrl: string };
  await page.goto(checkoutUrl);
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL(/\/rewards\?purchase=/);
  await expect(page.getByTestId('purchase-return')).toHaveText('Payment received: 1,150 coins added');
  return purchaseId;
}

/** A browser of its own, signed in to the dashboard as a new operator of this role (invited by the owner). */
async function operatorPage(browser: Browser, role: 'analyst' | 'support'): Promise<Page> {
  const api = await adminApi();
  const name = `${role} ${Date.now().toString(36)}`;
  const invited = await api.post('/api/admin/operators', { data: { name, role } });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = new URL(((await invited.json()) as { inviteUrl: string }).inviteUrl).pathname.split('/').pop()!;
  const password = `${name} has a long password`;
  const accepted = await api.post(`/api/admin/invites/${token}/accept`, { data: { password } });
  expect(accepted.status(), await accepted.text()).toBe(200);
  await api.dispose();
  const page = await (await browser.newContext({ baseURL: E2E.baseUrl })).newPage();
  await passAccessGate(page);
  expect((await page.request.post('/api/admin/login', { data: { name, password } })).status()).toBe(200);
  return page;
}

test('the owner sees a paid purchase, filters, refunds it, and finds the refund in the activity log; an analyst cannot refund', async ({
  gatedPage: viewer,
  browser,
}) => {
  const purchaseId = await paidPurchase(viewer);
  // The viewer's coin history links to Stripe's receipt of the payment.
  await viewer.goto('/dashboard');
  await expect(viewer.getByRole('link', { name: 'Receipt' }).first()).toHaveAttribute('href', /\/receipts\/ch_test_/);

  const owner = await (await browser.newContext({ baseURL: E2E.baseUrl })).newPage();
  await passAccessGate(owner);
  await owner.goto('/admin');
  await owner.getByLabel('Admin password').fill(E2E.adminPassword);
  await owner.getByRole('button', { name: 'Access Dashboard' }).click();
  await owner.getByRole('tab', { name: 'Purchases' }).click();
  await expect(owner).toHaveURL(/\?tab=purchases/);
  const row = owner.locator(`[data-testid="purchase-row"][data-purchase-id="${purchaseId}"]`);
  await expect(row).toContainText('package-2');
  await expect(row.getByTestId('purchase-amount')).toHaveText('$9.99');
  await expect(row.getByTestId('purchase-status')).toHaveText('Paid');
  await expect(row).toContainText(/pi_test_/);

  const axe = await new AxeBuilder({ page: owner })
    .include('[aria-labelledby="purchases-title"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // Filtered to refunded purchases it is not there; to paid ones it is.
  await owner.getByLabel('Status', { exact: true }).selectOption('refunded');
  await expect(row).toHaveCount(0);
  await owner.getByLabel('Status', { exact: true }).selectOption('paid');
  await expect(row).toBeVisible();

  // The viewer spends every coin (support takes them back here, as unlocks would): the refund cannot recover them.
  const coins = ((await (await viewer.request.get('/api/user/user-1')).json()) as { coins: number }).coins;
  const uid = (await row.locator('td').first().textContent())!.trim();
  const api = await adminApi();
  const spent = await api.post(`/api/admin/viewers/${uid}/coins`, { data: { coins: -coins, reason: 'Spent' } });
  expect(spent.status(), await spent.text()).toBe(200);

  // A partial refund more than what was paid is refused before it is sent; then a full refund.
  await row.getByRole('button', { name: 'Refund' }).click();
  const dialog = owner.getByRole('alertdialog', { name: 'Refund this purchase?' });
  await expect(dialog).toContainText('package-2');
  const amount = dialog.getByLabel('Amount to refund (USD)');
  await expect(amount).toHaveValue('9.99');
  await amount.fill('12');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await amount.fill('9.99');
  await dialog.getByRole('button', { name: 'Refund $9.99' }).click();
  await expectToast(owner, 'Refund requested');
  await expect(dialog).toHaveCount(0);

  // Once the stand-in's refund events arrive, the row says so (it left the "paid" filter).
  await owner.getByLabel('Status', { exact: true }).selectOption('refunded');
  await expect(row.getByTestId('purchase-status')).toHaveText('Refunded');
  await expect(row).toContainText('$9.99 refunded');
  await expect(row.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  const listed = (await (await api.get('/api/admin/purchases?status=refunded')).json()) as {
    id: string;
    coinsNotRecovered: number;
  }[];
  const notRecovered = listed.find((purchase) => purchase.id === purchaseId)!.coinsNotRecovered;
  expect(notRecovered).toBeGreaterThan(0);
  await expect(row.getByTestId('coins-not-recovered')).toHaveText(
    `Coins not recovered (already spent): ${new Intl.NumberFormat('en').format(notRecovered)}`,
  );
  await api.dispose();

  // The refund is in the Activity tab, under its own family.
  await owner.getByRole('tab', { name: 'Activity' }).click();
  await owner.getByLabel('Action').selectOption('purchase');
  const entry = owner.locator('[data-testid="audit-entry"][data-action="purchase.refund_requested"]').first();
  await expect(entry).toContainText('package-2');
  await expect(entry).toContainText('Owner');

  // An analyst reads the purchases and the revenue, and has no Refund.
  const analyst = await operatorPage(browser, 'analyst');
  await analyst.goto('/admin?tab=purchases');
  const analystRow = analyst.locator(`[data-testid="purchase-row"][data-purchase-id="${purchaseId}"]`);
  await expect(analystRow.getByTestId('purchase-status')).toHaveText('Refunded');
  await expect(analyst.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await expect(analyst.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  expect((await analyst.request.post(`/api/admin/purchases/${purchaseId}/refund`, { data: {} })).status()).toBe(403);
  await analyst.getByRole('tab', { name: 'Insights' }).click();
  const revenue = analyst.getByTestId('insights-revenue');
  await expect(revenue.getByRole('columnheader', { name: 'Net' })).toBeVisible();
  await expect(revenue.getByRole('row').filter({ hasText: '$9.99' }).first()).toBeVisible();
});
