import fs from 'node:fs';
import path from 'node:path';
import type { Page, Response } from '@playwright/test';
import { LANGUAGES, type Language } from '#contract/constants.ts';
import { expect, passAccessGate, signInAsAdmin, test } from './support/fixtures.ts';

// The expected texts are read from the locale files, so this spec checks the running app against the
// translations as they are, and fails while a language still shows English.
const TAGS: Record<Language, string> = {
  english: 'en',
  spanish: 'es',
  french: 'fr',
  german: 'de',
  portuguese: 'pt',
  'chinese-simplified': 'zh-CN',
  'chinese-traditional': 'zh-TW',
  japanese: 'ja',
  korean: 'ko',
  arabic: 'ar',
  russian: 'ru',
  italian: 'it',
  dutch: 'nl',
  hindi: 'hi',
  thai: 'th',
};
const NATIVE_NAMES: Record<Language, string> = {
  english: 'English',
  spanish: 'Español',
  french: 'Français',
  german: 'Deutsch',
  portuguese: 'Português',
  'chinese-simplified': '简体中文',
  'chinese-traditional': '繁體中文',
  japanese: '日本語',
  korean: '한국어',
  arabic: 'العربية',
  russian: 'Русский',
  italian: 'Italiano',
  dutch: 'Nederlands',
  hindi: 'हिन्दी',
  thai: 'ไทย',
};

const LOCALES = path.join(import.meta.dirname, '..', 'src', 'web', 'locales');

function text(tag: string, namespace: string, key: string): string {
  const file = path.join(LOCALES, tag, `${namespace}.json`);
  let value: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  if (typeof value !== 'string') throw new Error(`${tag}/${namespace}.json has no text at ${key}`);
  return value;
}

/** A translated text, which must differ from the English one (else the language still shows English). */
function translated(tag: string, namespace: string, key: string): string {
  const value = text(tag, namespace, key);
  if (tag !== 'en') expect(value, `${tag}/${namespace}.json ${key} is translated`).not.toBe(text('en', namespace, key));
  return value;
}

async function chooseLanguage(page: Page, language: Language) {
  await page.getByTestId('language-picker').click();
  await page.getByRole('menuitemradio', { name: NATIVE_NAMES[language], exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', TAGS[language]);
}

async function firstSeriesId(page: Page): Promise<number> {
  const res = await page.request.get('/api/series');
  expect(res.status()).toBe(200);
  const list = (await res.json()) as { id: number }[];
  return list[0]!.id;
}

test.describe('every language of the picker is real', () => {
  for (const language of LANGUAGES.filter((l) => l !== 'english')) {
    const tag = TAGS[language];
    test(`${language}: home, series and rewards are translated`, async ({ gatedPage: page }) => {
      const seriesId = await firstSeriesId(page);
      await page.goto('/');
      await expect(page.getByRole('heading', { name: text('en', 'home', 'newRelease') })).toBeVisible();

      await chooseLanguage(page, language);
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'arabic' ? 'rtl' : 'ltr');
      await expect(
        page.getByRole('heading', { name: translated(tag, 'home', 'newRelease'), exact: true }),
      ).toBeVisible();
      await expect(
        page.getByTestId('bottom-nav').getByRole('link', { name: translated(tag, 'common', 'nav.rewards') }),
      ).toBeVisible();

      await page.goto(`/series/${seriesId}`);
      await expect(
        page.getByRole('heading', { name: translated(tag, 'series', 'episodes.title'), exact: true }),
      ).toBeVisible();

      await page.goto('/rewards');
      await expect(
        page.getByRole('heading', { name: translated(tag, 'rewards', 'tasks.title'), exact: true }),
      ).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', tag);
    });
  }
});

test('a viewer downloads only the language they chose', async ({ gatedPage: page }) => {
  const bodies: string[] = [];
  const reading: Promise<void>[] = [];
  page.on('response', (response: Response) => {
    if (/\.(js|json)$/.test(response.url()))
      reading.push(
        response
          .text()
          .then((body) => void bodies.push(body))
          .catch(() => undefined),
      );
  });
  await page.addInitScript(() => localStorage.setItem('cliffhanger.language', 'japanese'));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: text('ja', 'home', 'newRelease') })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await Promise.all(reading);

  const mine = text('ja', 'common', 'footer.tagline');
  expect(bodies.length, 'texts and code were downloaded').toBeGreaterThan(0);
  expect(
    bodies.some((body) => body.includes(mine)),
    'the Japanese texts were downloaded',
  ).toBe(true);
  for (const other of Object.values(TAGS).filter((t) => t !== 'ja')) {
    const theirs = text(other, 'common', 'footer.tagline');
    if (mine.includes(theirs)) continue;
    expect(
      bodies.some((body) => body.includes(theirs)),
      `${other} texts were not downloaded`,
    ).toBe(false);
  }
});

test('Arabic lays the page out right to left', async ({ gatedPage: page }) => {
  await page.goto('/');
  await chooseLanguage(page, 'arabic');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const nav = page.getByTestId('bottom-nav');
  const home = await nav.getByRole('link', { name: text('ar', 'common', 'nav.home') }).boundingBox();
  const profile = await nav.getByRole('link', { name: text('ar', 'common', 'nav.profile') }).boundingBox();
  expect(home!.x, 'Home is the first tab, on the right').toBeGreaterThan(profile!.x);
  const logo = await page.getByRole('banner').getByTestId('logo').boundingBox();
  expect(logo!.x, 'the logo starts the header on the right').toBeGreaterThan(390 / 2);

  // Radix menus follow the direction too: the picker's menu opens with its items right-aligned.
  await page.getByTestId('language-picker').click();
  await expect(page.getByRole('menu')).toHaveAttribute('dir', 'rtl');
  await page.keyboard.press('Escape');

  await page.goto('/rewards');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});

test('the choice survives a reload, and English comes back', async ({ gatedPage: page }) => {
  await page.goto('/');
  await chooseLanguage(page, 'korean');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
  await expect(page.getByRole('heading', { name: text('ko', 'home', 'newRelease'), exact: true })).toBeVisible();

  await chooseLanguage(page, 'english');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { name: text('en', 'home', 'newRelease'), exact: true })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test.describe('a first visit follows the browser language', () => {
  test.use({ locale: 'zh-HK' });
  test('zh-HK reads Traditional Chinese', async ({ gatedPage: page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
    await expect(page.getByRole('heading', { name: text('zh-TW', 'home', 'newRelease'), exact: true })).toBeVisible();
  });
});

test.describe('numbers follow the language', () => {
  test.use({ locale: 'de-DE' });
  test('German groups thousands with a dot in the Top Up dialog', async ({ gatedPage: page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.goto('/rewards');
    // 10000-coin package of the rewards page: "10.000" in German.
    await expect(page.getByText('10.000', { exact: true }).first()).toBeVisible();
  });
});

test('the dashboard speaks German', async ({ page }) => {
  await passAccessGate(page);
  await signInAsAdmin(page);
  await page.goto('/');
  await chooseLanguage(page, 'german');
  await page.goto('/admin');
  await expect(
    page.getByRole('heading', { name: translated('de', 'admin', 'header.title'), exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('tab', { name: translated('de', 'admin', 'tabs.carousel') })).toBeVisible();
  await expect(page.getByText(translated('de', 'admin', 'stats.totalSeries'), { exact: true })).toBeVisible();
  // Genre names too (the content tab's filter).
  const genreFilter = page.getByRole('combobox', { name: translated('de', 'admin', 'content.genreFilterLabel') });
  await expect(
    genreFilter.locator('option', { hasText: translated('de', 'common', 'genres.Children & Family') }),
  ).toHaveCount(1);
  await page.getByRole('tab', { name: translated('de', 'admin', 'tabs.trending') }).click();
  await expect(page.getByRole('heading', { name: translated('de', 'admin', 'trending.title') }).first()).toBeVisible();
});
