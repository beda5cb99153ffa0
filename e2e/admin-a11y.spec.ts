import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import { openDashboard } from './support/admin.ts';

async function expectNoAxeViolations(page: Page, where: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const found = result.violations.map(
    (v) => `${where}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`,
  );
  expect(found).toEqual([]);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('the login screen and every dashboard tab pass axe (WCAG 2.1 A/AA)', async ({ gatedPage: page }) => {
      await page.goto('/admin');
      await expect(page.getByRole('heading', { name: 'Admin Access Portal' })).toBeVisible();
      await expectNoAxeViolations(page, 'login');

      await openDashboard(page);
      await expect(page.getByTestId('stat-total-series')).toBeVisible();
      await expectNoAxeViolations(page, 'content');
      await page.getByRole('button', { name: /^Edit / }).first().click();
      await expectNoAxeViolations(page, 'content edit');
      await page.getByRole('button', { name: /^Cancel editing/ }).click();

      await page.getByRole('button', { name: 'Add Series' }).click();
      await expect(page.getByRole('dialog', { name: 'Add New Series' })).toBeVisible();
      await expectNoAxeViolations(page, 'add series');
      await page.keyboard.press('Escape');

      await page.getByRole('tab', { name: 'Hero Carousel' }).click();
      await expect(page.getByTestId('carousel-item').first()).toBeVisible();
      await expectNoAxeViolations(page, 'carousel');

      await page.getByRole('tab', { name: 'Trending Now' }).click();
      await expect(page.getByTestId('trending-item').first()).toBeVisible();
      await expectNoAxeViolations(page, 'trending');
    });
  });
}
