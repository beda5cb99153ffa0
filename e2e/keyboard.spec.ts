import type { Page } from '@playwright/test';
import { E2E } from './support/env.ts';
import { expect, test } from './support/fixtures.ts';

// Keyboard only: no click, no tap, no hover. Every step moves the focus with Tab (or Shift+Tab) and acts
// with Enter or Space, the way someone who cannot use a pointer does.

interface Target {
  /** CSS selector the focused element must match. */
  selector: string;
  /** Its accessible name (aria-label, else text), when the selector alone is not enough. */
  name?: string | RegExp;
}

const noFocusRing: string[] = [];

/** Presses Tab until the focus lands on the target; checks on the way that every stop shows where the focus is. */
async function tabTo(page: Page, target: Target, { max = 250, backwards = false } = {}) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const focused = await page.evaluate(
      ({ selector }) => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const ring =
          (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) ||
          style.boxShadow !== 'none' ||
          // Text fields show focus by their border colour.
          el.matches('input, textarea, select');
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
        return { matches: el.matches(selector), name, ring, tag: el.tagName.toLowerCase() };
      },
      { selector: target.selector },
    );
    if (!focused) continue;
    if (!focused.ring) noFocusRing.push(`${focused.tag} "${focused.name.slice(0, 40)}"`);
    const nameOk =
      target.name === undefined ||
      (typeof target.name === 'string' ? focused.name === target.name : target.name.test(focused.name));
    if (focused.matches && nameOk) return focused.name;
  }
  throw new Error(`Tab never reached ${target.selector} ${target.name ?? ''}`);
}

test('from the access gate to playing a free episode and unlocking a locked one, by keyboard alone', async ({
  page,
}) => {
  test.setTimeout(120_000);

  // The gate: the code field has the focus; type the code and press Enter.
  await page.goto('/');
  await expect(page.getByTestId('access-gate')).toBeVisible();
  await expect(page.getByPlaceholder('Enter access code')).toBeFocused();
  await page.keyboard.type(E2E.accessCodes[0]);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'New Release' })).toBeVisible();

  // The skip link is the first stop and moves the focus to the main content.
  await tabTo(page, { selector: 'a[href="#main"]' }, { max: 1 });
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();

  // To a series of the New Release shelf.
  const seriesName = await tabTo(page, { selector: '[data-testid="new-release-shelf"] a[href^="/series/"]' });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/series\/\d+$/);
  const seriesUrl = page.url();
  const seriesId = Number(seriesUrl.split('/').pop());
  const series = (await (await page.request.get(`/api/series/${seriesId}`)).json()) as {
    title: string;
    episodeCost: number;
  };
  expect(seriesName).toContain(series.title);
  await expect(page.getByRole('heading', { level: 1, name: series.title })).toBeVisible();

  // A free episode plays.
  await tabTo(page, { selector: '[data-episode-number="1"][data-access="free"]' });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/watch\/\d+$/);
  await expect
    .poll(() => page.evaluate(() => document.querySelector('video')?.currentTime ?? 0), { timeout: 20_000 })
    .toBeGreaterThan(0);

  // Back to the series through the player's back link.
  await tabTo(page, { selector: `a[href="/series/${seriesId}"]` });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(seriesUrl);

  // Buy coins: the Top Up dialog, a package chosen with Space, Purchase with Enter.
  const before = (await (await page.request.get('/api/user/user-1')).json()) as { coins: number; bonuses: number };
  await tabTo(page, { selector: 'button', name: 'Top Up' });
  await page.keyboard.press('Enter');
  const topUp = page.getByRole('dialog', { name: 'Top Up Coins' });
  await expect(topUp).toBeVisible();
  await tabTo(page, { selector: '[data-package-id="package-1"]' });
  await page.keyboard.press('Space');
  await expect(topUp.locator('[data-package-id="package-1"]')).toHaveAttribute('aria-pressed', 'true');
  await tabTo(page, { selector: 'button', name: 'Purchase' });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('toast')).toContainText('Purchase Successful!');
  await expect(topUp).toBeHidden();
  // Closing the dialog gives the focus back to the button that opened it.
  await expect(page.getByRole('button', { name: 'Top Up', exact: true })).toBeFocused();
  const after = (await (await page.request.get('/api/user/user-1')).json()) as { coins: number; bonuses: number };
  expect(after.coins + after.bonuses).toBe(before.coins + before.bonuses + 500);

  // Unlock a locked episode.
  const locked = page.locator('[data-access="locked"]').first();
  const number = Number(await locked.getAttribute('data-episode-number'));
  await tabTo(page, { selector: `[data-episode-number="${number}"]` });
  await page.keyboard.press('Enter');
  const unlock = page.getByRole('dialog', { name: `Unlock Episode ${number}` });
  await expect(unlock).toBeVisible();
  // Escape closes it and the focus returns to the episode; open it again.
  await page.keyboard.press('Escape');
  await expect(unlock).toBeHidden();
  await expect(page.locator(`[data-episode-number="${number}"]`)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(unlock).toBeVisible();
  await tabTo(page, { selector: 'button', name: 'Unlock' });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('toast')).toContainText('Episode Unlocked!');
  await expect(page.locator(`[data-episode-number="${number}"]`)).toHaveAttribute('data-access', 'unlocked');

  // The unlocked episode opens and plays.
  await page.locator(`[data-episode-number="${number}"]`).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/watch\/\d+$/);
  await expect
    .poll(() => page.evaluate(() => document.querySelector('video')?.currentTime ?? 0), { timeout: 20_000 })
    .toBeGreaterThan(0);

  expect(noFocusRing, 'every focus stop shows a focus indicator').toEqual([]);
});

test('the language picker, the carousel pause and the library tabs work from the keyboard', async ({
  gatedPage: page,
}) => {
  await page.goto('/');
  // The language menu: open with Enter, move with the arrows, choose with Enter.
  await tabTo(page, { selector: '[data-testid="language-picker"]' });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  for (let i = 0; i < 20; i++) {
    const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
    if (focused.includes('Deutsch')) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByTestId('language-picker')).toBeFocused();

  // The hero carousel stops turning on request.
  await tabTo(page, { selector: '[data-testid="hero-carousel"] button[aria-pressed]' });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('hero-carousel').locator('button[aria-pressed]')).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Library tabs: arrows move between tabs and select them.
  await page.goto('/library');
  await tabTo(page, { selector: '[role="tab"][aria-selected="true"]' });
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('[role="tab"]').nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('[role="tab"]').nth(1)).toBeFocused();
});
