import { test, expect } from './support/fixtures.ts';

test('an unknown path shows the not-found screen with both texts', async ({ gatedPage: page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});
