import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';

async function loggedIn(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('cliffhanger.login', 'loggedIn');
    localStorage.setItem(
      'cliffhanger.loginUser',
      JSON.stringify({ username: 'GoogleUser', email: '', provider: 'google' }),
    );
  });
}

test('brand: colour palettes, gradients, typography, buttons, cards, forms, grid and breakpoints; a colour click copies its hex', async ({
  gatedPage: page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/brand');
  for (const heading of [
    'Colour palettes',
    'Gradients',
    'Typography',
    'Buttons',
    'Cards',
    'Form elements',
    'Grid',
    'Responsive breakpoints',
  ]) {
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }
  const breakpoints = page.getByRole('table');
  await expect(breakpoints.getByRole('row', { name: /Mobile/ })).toContainText('Under 768 px');
  await expect(breakpoints.getByRole('row', { name: /Tablet/ })).toContainText('768 to 1024 px');
  await expect(breakpoints.getByRole('row', { name: /Desktop/ })).toContainText('Over 1024 px');

  const swatch = page.getByRole('button', { name: 'Copy Rose 600 #E11D48' });
  await expect(swatch.getByTestId('copied-check')).toHaveCount(0);
  await swatch.click();
  await expect(swatch.getByTestId('copied-check')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('#E11D48');
  // The check mark goes away after 2 s.
  await page.waitForTimeout(1500);
  await expect(swatch.getByTestId('copied-check')).toBeVisible();
  await expect(swatch.getByTestId('copied-check')).toHaveCount(0, { timeout: 1500 });
});

for (const [path, title] of [
  ['/terms', 'Terms of Service'],
  ['/privacy', 'Privacy Policy'],
] as const) {
  test(`${path} shows the legal text, dated January 24, 2025, and Back to Home goes to /`, async ({
    gatedPage: page,
  }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Last updated: January 24, 2025')).toBeVisible();
    expect(await page.getByRole('main').getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(8);
    await expect(page.getByRole('main')).toContainText('13');
    await expect(page.getByRole('main')).toContainText('16');
    await expect(page.getByRole('main')).toContainText('EU/EEA');
    await expect(page.getByRole('main')).toContainText('guardian');
    await expect(page.getByRole('main').getByRole('link', { name: 'support@cliffhanger.example' })).toHaveAttribute(
      'href',
      'mailto:support@cliffhanger.example',
    );
    if (path === '/terms') await expect(page.getByRole('main')).toContainText('non-refundable');
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
}

test('profile as a guest: a login prompt opening the login dialog, the balance, stats from the API and the menu', async ({
  gatedPage: page,
}) => {
  const liked = (await (await page.request.get('/api/user/user-1/liked')).json()) as number[];
  const saved = (await (await page.request.get('/api/user/user-1/bookmarked')).json()) as number[];
  const unlocked = (await (await page.request.get('/api/user/user-1/unlocked-episodes')).json()) as unknown[];
  const user = (await (await page.request.get('/api/user/user-1')).json()) as { coins: number; bonuses: number };

  await page.goto('/profile');
  await expect(page.getByTestId('profile-username')).toHaveText('Guest');
  await expect(page.getByTestId('profile-balance')).toHaveText(
    new Intl.NumberFormat('en').format(user.coins + user.bonuses),
  );
  await expect(page.getByTestId('stat-liked')).toHaveText(String(liked.length));
  await expect(page.getByTestId('stat-saved')).toHaveText(String(saved.length));
  await expect(page.getByTestId('stat-unlocked')).toHaveText(String(unlocked.length));

  const menu = page.getByRole('navigation', { name: 'Account' });
  await expect(menu.getByRole('link', { name: 'View Full Dashboard' })).toHaveAttribute('href', '/dashboard');
  await expect(menu.getByRole('link', { name: 'My Library' })).toHaveAttribute('href', '/library');
  await expect(menu.getByRole('link', { name: 'Rewards' })).toHaveAttribute('href', '/rewards');
  await expect(menu.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  await expect(menu.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  await expect(menu.getByRole('button', { name: 'Log out' })).toHaveCount(0);

  await page.getByRole('main').getByRole('button', { name: 'Log in' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Login to Cliffhanger' })).toBeVisible();
});

test('profile when logged in: username, email and a working log out', async ({ gatedPage: page }) => {
  await loggedIn(page);
  await page.goto('/profile');
  await expect(page.getByTestId('profile-username')).toHaveText('GoogleUser');
  await expect(page.getByTestId('profile-email')).toContainText('@');
  await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByTestId('toast')).toContainText('Logged out');
  await expect(page.getByTestId('profile-username')).toHaveText('Guest');
});

test('the account page (/dashboard): tabs, the ledger, shortcuts that redirect, and log out', async ({
  gatedPage: page,
}) => {
  await loggedIn(page);
  const ledger = (await (await page.request.get('/api/user/user-1/transactions')).json()) as { kind: string }[];
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Transaction History' })).toHaveAttribute('aria-selected', 'true');
  if (ledger.length === 0) await expect(page.getByText('No transactions yet')).toBeVisible();
  else await expect(page.getByTestId('transaction')).toHaveCount(ledger.length);
  await page.getByRole('tab', { name: 'Episodes Unlocked' }).click();
  await expect(page.getByRole('tab', { name: 'Episodes Unlocked' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toBeVisible();

  const shortcuts = page.getByRole('navigation', { name: 'Shortcuts' });
  await shortcuts.getByRole('link', { name: 'Wallet' }).click();
  await expect(page).toHaveURL(/\/rewards$/);
  await page.goto('/dashboard');
  await shortcuts.getByRole('link', { name: 'My List' }).click();
  await expect(page).toHaveURL(/\/library\?tab=saved$/);
  await expect(page.getByRole('tab', { name: 'Saved' })).toHaveAttribute('aria-selected', 'true');
  await page.goto('/dashboard');
  await shortcuts.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/library\?tab=continue$/);

  await page.goto('/dashboard');
  await page.getByRole('main').getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByTestId('toast')).toContainText('Logged out');
  await expect(page.getByRole('main').getByRole('button', { name: 'Log in' }).first()).toBeVisible();
});
