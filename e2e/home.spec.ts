import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';

const GENRE_COUNT = 14;

const currentSlide = async (page: Page) =>
  Number(await page.getByTestId('hero-carousel').getAttribute('data-current-slide'));

test.describe('home', () => {
  test('shows the carousel, New Release, the featured genre, Trending Now and the footer', async ({
    gatedPage: page,
  }) => {
    const newSeries = (await (await page.request.get('/api/series/new')).json()) as unknown[];
    expect(newSeries.length).toBeGreaterThan(0);
    await page.goto('/');

    await expect(page.getByTestId('hero-carousel')).toBeVisible();

    const newRelease = page.getByTestId('new-release-shelf');
    await expect(newRelease.getByRole('heading', { name: 'New Release' })).toBeVisible();
    await expect(newRelease.getByTestId('series-card')).toHaveCount(Math.min(7, newSeries.length));
    await expect(newRelease.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/shelf/new-release');

    const shelves = page.getByTestId('genre-shelf');
    await expect(shelves).toHaveCount(1);
    const action = shelves.first();
    await expect(action.getByRole('link', { name: 'Action & Adventure', exact: true })).toHaveAttribute(
      'href',
      '/discover?genre=Action%20%26%20Adventure',
    );
    // Real cards first, then Coming Soon placeholders: always seven in all.
    const realCards = await action.getByTestId('series-card').count();
    expect(realCards).toBeGreaterThan(0);
    await expect(action.getByTestId('coming-soon-card')).toHaveCount(Math.max(0, 7 - realCards));
    if (realCards < 7) await expect(action.getByTestId('coming-soon-card').first()).toContainText('Coming Soon');

    const trending = page.getByTestId('trending-strip');
    await expect(trending.getByRole('heading', { name: 'Trending Now' })).toBeVisible();
    await expect(trending.getByTestId('trending-item')).toHaveCount(7);
    await expect(trending.getByTestId('trending-rank')).toHaveText([
      'Rank 1',
      'Rank 2',
      'Rank 3',
      'Rank 4',
      'Rank 5',
      'Rank 6',
      'Rank 7',
    ]);
    const first = trending.getByTestId('trending-item').first();
    await expect(first).toContainText(/\d+% match/);
    await expect(first).toHaveAttribute('href', /^\/series\/\d+$/);
    await expect(trending.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/trending');

    const footer = page.getByTestId('site-footer');
    await expect(footer.getByTestId('app-version')).toContainText('1.0.0');
    await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    await expect(footer.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', /^mailto:/);
  });

  test('More Movies reveals every other genre shelf and Show Less hides them', async ({ gatedPage: page }) => {
    await page.goto('/');
    const shelves = page.getByTestId('genre-shelf');
    await expect(shelves).toHaveCount(1);

    const toggle = page.getByRole('button', { name: 'More Movies' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(shelves).toHaveCount(GENRE_COUNT);
    for (const genre of ['Anime', 'Romance', 'TV Shows']) {
      await expect(page.getByRole('link', { name: genre, exact: true })).toHaveAttribute(
        'href',
        `/discover?genre=${encodeURIComponent(genre)}`,
      );
    }
    for (const shelf of await shelves.all()) await expect(shelf.getByRole('listitem')).toHaveCount(7);

    await page.getByRole('button', { name: 'Show Less' }).click();
    await expect(shelves).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'More Movies' })).toBeVisible();
  });

  test('carousel dots and arrows change the slide; slides link to their series', async ({ gatedPage: page }) => {
    await page.goto('/');
    const carousel = page.getByTestId('hero-carousel');
    await expect(carousel).toBeVisible();
    const dots = carousel.getByRole('button', { name: /^Go to slide/ });
    const count = await dots.count();
    expect(count).toBeGreaterThan(2);

    await carousel.getByRole('button', { name: /^Go to slide 3:/ }).click();
    await expect(carousel).toHaveAttribute('data-current-slide', '2');
    await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true');

    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expect(carousel).toHaveAttribute('data-current-slide', '3');
    await carousel.getByRole('button', { name: 'Previous slide' }).click();
    await carousel.getByRole('button', { name: 'Previous slide' }).click();
    await expect(carousel).toHaveAttribute('data-current-slide', '1');

    // Wraps in both directions.
    await carousel.getByRole('button', { name: /^Go to slide 1:/ }).click();
    await carousel.getByRole('button', { name: 'Previous slide' }).click();
    await expect(carousel).toHaveAttribute('data-current-slide', String(count - 1));
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expect(carousel).toHaveAttribute('data-current-slide', '0');

    const visibleSlide = carousel.locator('[aria-roledescription="slide"]:not([aria-hidden="true"])');
    await expect(visibleSlide).toHaveCount(1);
    await expect(visibleSlide.getByRole('link')).toHaveAttribute('href', /^\/series\/\d+$/);
  });

  test('the carousel swipes by more than 50 px and ignores shorter moves', async ({ gatedPage: page }) => {
    await page.goto('/');
    const carousel = page.getByTestId('hero-carousel');
    await expect(carousel).toBeVisible();
    await carousel.getByRole('button', { name: 'Pause automatic slide show' }).click();
    const swipe = (dx: number) =>
      carousel.evaluate((el, distance) => {
        const box = el.getBoundingClientRect();
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        const touch = (clientX: number) => new Touch({ identifier: 1, target: el, clientX, clientY: y });
        el.dispatchEvent(
          new TouchEvent('touchstart', { bubbles: true, touches: [touch(x)], changedTouches: [touch(x)] }),
        );
        el.dispatchEvent(
          new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(x + distance)] }),
        );
      }, dx);

    const start = await currentSlide(page);
    await swipe(-30);
    await expect(carousel).toHaveAttribute('data-current-slide', String(start));
    await swipe(-80);
    await expect(carousel).toHaveAttribute('data-current-slide', String(start + 1));
    await swipe(80);
    await expect(carousel).toHaveAttribute('data-current-slide', String(start));
  });

  test('the carousel advances on its own every 5 s, but not with reduced motion or when paused', async ({
    gatedPage: page,
  }) => {
    await page.goto('/');
    const carousel = page.getByTestId('hero-carousel');
    await expect(carousel).toHaveAttribute('data-current-slide', '0');
    await expect(carousel).toHaveAttribute('data-current-slide', '1', { timeout: 7000 });

    await carousel.getByRole('button', { name: 'Pause automatic slide show' }).click();
    await page.mouse.move(0, 0);
    await page.locator('body').focus();
    await page.waitForTimeout(5600);
    await expect(carousel).toHaveAttribute('data-current-slide', '1');

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await expect(carousel).toHaveAttribute('data-current-slide', '0');
    await page.waitForTimeout(5600);
    await expect(carousel).toHaveAttribute('data-current-slide', '0');
  });

  test('/trending lists every ranked item and /shelf/new-release every new series, a page at a time', async ({
    gatedPage: page,
  }) => {
    const newSeries = (await (await page.request.get('/api/series/new')).json()) as { title: string }[];
    await page.goto('/trending');
    await expect(page.getByRole('heading', { name: 'Trending Now', level: 1 })).toBeVisible();
    await expect(page.getByTestId('trending-item')).toHaveCount(7);

    await page.goto('/shelf/new-release');
    await expect(page.getByRole('heading', { name: 'New Release', level: 1 })).toBeVisible();
    const cards = page.getByTestId('series-card');
    await expect(cards).toHaveCount(Math.min(24, newSeries.length));
    await expect(page.getByRole('img', { name: newSeries[0]!.title, exact: true }).first()).toBeVisible();
    if (newSeries.length > 24) {
      await cards.last().scrollIntoViewIfNeeded();
      await expect(cards).toHaveCount(Math.min(48, newSeries.length));
    }
  });
});

test.describe('header and navigation', () => {
  test('bottom bar: visible on a phone with the active tab, hidden on a desktop', async ({ gatedPage: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const bar = page.getByTestId('bottom-nav');
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link')).toHaveText(['Home', 'Discover', 'Library', 'Rewards', 'Profile']);
    await expect(bar.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');

    await bar.getByRole('link', { name: 'Rewards' }).click();
    await expect(page).toHaveURL(/\/rewards$/);
    await expect(bar.getByRole('link', { name: 'Rewards' })).toHaveAttribute('aria-current', 'page');
    await expect(bar.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current', 'page');

    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(bar).toBeHidden();
  });

  test('categories, search and language picker', async ({ gatedPage: page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');

    await page.getByRole('button', { name: 'Categories' }).click();
    await expect(page.getByRole('menuitem')).toHaveCount(14);
    await page.getByRole('menuitem', { name: 'Sci-Fi & Fantasy' }).click();
    await expect(page).toHaveURL(/\/discover\?genre=Sci-Fi%20%26%20Fantasy$/);

    const search = page.getByRole('banner').getByRole('searchbox', { name: 'Search' });
    await search.fill('ferry');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/discover\?q=ferry$/);

    await page.getByRole('button', { name: /^Language/ }).click();
    await expect(page.getByRole('menuitemradio')).toHaveCount(15);
    await expect(page.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('menuitemradio', { name: 'Español' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    // The picker's own label is translated now, so find it by its test id.
    await page.getByTestId('language-picker').click();
    await page.getByRole('menuitemradio', { name: 'العربية' }).click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByTestId('language-picker').click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });

  test('the phone search opens over the header and goes to discover', async ({ gatedPage: page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open search' }).click();
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search' });
    await expect(box).toBeFocused();
    await box.fill('moon');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/discover\?q=moon$/);
  });

  test('the skip link moves focus to the main content', async ({ gatedPage: page }) => {
    await page.goto('/');
    await expect(page.getByTestId('hero-carousel')).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main')).toBeFocused();
  });
});
