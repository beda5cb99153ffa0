import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO_TRANSLATIONS } from '#server/demo/catalogue-translations.ts';
import { openDashboard, type SeriesJson } from './support/admin.ts';
import { expect, test } from './support/fixtures.ts';

const HEIRESS = 'The Heiress Who Came Back';
const RONIN = 'Paper Lantern Ronin';
const spanish = (title: string) => DEMO_TRANSLATIONS[title]!.es!;

function inLanguage(page: Page, language: string) {
  return page.addInitScript((chosen) => localStorage.setItem('cliffhanger.language', chosen), language);
}

async function seriesId(page: Page, title: string): Promise<number> {
  const all = (await (await page.request.get('/api/series')).json()) as SeriesJson[];
  const found = all.find((s) => s.title === title);
  expect(found, title).toBeDefined();
  return found!.id;
}

test('with the UI in Spanish, a translated series shows its Spanish title on home, its page and search', async ({
  gatedPage: page,
}) => {
  await inLanguage(page, 'spanish');
  const id = await seriesId(page, HEIRESS);

  const heroTitle = page.getByTestId('hero-carousel').getByRole('heading', { name: spanish(HEIRESS).title });
  await page.goto('/');
  // The first hero slide, the New Release shelf, the trending strip.
  await expect(heroTitle).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`^${spanish(HEIRESS).title}`) }).first()).toBeVisible();
  await expect(page.getByText(spanish('Contract Bride of the Jade Tower').title).first()).toBeVisible();
  await expect(page.getByText(HEIRESS)).toHaveCount(0);

  // The app told the server its language: a reload carries the Spanish catalogue in the page itself.
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/carousel') asked.push(request.url());
  });
  await page.reload();
  await expect(heroTitle).toBeVisible();
  expect(asked).toEqual([]);

  await page.goto(`/series/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(spanish(HEIRESS).title);
  await expect(page.getByText(spanish(HEIRESS).description)).toBeVisible();

  // Search finds it by its Spanish title, typed without the accent, and shows it in Spanish.
  await page.goto('/discover?q=heredera%20que%20volvio');
  const result = page.getByTestId('series-card').filter({ hasText: spanish(HEIRESS).title });
  await expect(result).toHaveCount(1);
  await expect(result).toHaveAttribute('href', `/series/${id}`);
});

test('choosing another language in the picker shows the catalogue in it at once', async ({ gatedPage: page }) => {
  await page.goto('/');
  const hero = page.getByTestId('hero-carousel');
  await expect(hero.getByRole('heading', { name: HEIRESS })).toBeVisible();
  await page.getByTestId('language-picker').click();
  await page.getByRole('menuitemradio', { name: '日本語', exact: true }).click();
  await expect(hero.getByRole('heading', { name: DEMO_TRANSLATIONS[HEIRESS]!.ja!.title })).toBeVisible();
  await expect(page.getByText(DEMO_TRANSLATIONS['The Seventh Witness']!.ja!.title).first()).toBeVisible();
});

test('an operator edits a translation in the dashboard and viewers of that language see it', async ({ page }) => {
  await openDashboard(page);
  const id = await seriesId(page, RONIN);
  const original = spanish(RONIN);

  await page.getByRole('button', { name: `Translations of ${RONIN}` }).click();
  const dialog = page.getByRole('dialog', { name: `Translations: ${RONIN}` });
  await expect(dialog.getByTestId('translation-list').locator('li')).toHaveCount(4);

  // Choosing a language that has a translation opens it for editing.
  await dialog.getByLabel('Language', { exact: true }).selectOption('es');
  await expect(dialog.getByLabel('Title')).toHaveValue(original.title);
  // Another language starts empty, so the Spanish text is not saved as Korean by mistake.
  await dialog.getByLabel('Language', { exact: true }).selectOption('ko');
  await expect(dialog.getByLabel('Title')).toHaveValue('');
  await dialog.getByLabel('Language', { exact: true }).selectOption('es');
  await dialog.getByLabel('Title').fill('La ronin de la linterna');
  await dialog.getByRole('button', { name: 'Save translation' }).click();
  await expect(page.getByText('Translation saved', { exact: true })).toBeVisible();

  // A language it did not have, through the picker's list.
  await dialog.getByLabel('Language', { exact: true }).selectOption('ko');
  await expect(dialog.getByLabel('Title')).toHaveValue('');
  await dialog.getByLabel('Title').fill('종이 등불 낭인');
  await dialog.getByRole('button', { name: 'Save translation' }).click();
  await expect(dialog.locator('li[data-language="ko"]')).toContainText('종이 등불 낭인');
  await page.keyboard.press('Escape');
  await expect(
    page.getByTestId('series-card').filter({ hasText: RONIN }).getByRole('list', { name: 'Translated into' }),
  ).toContainText('ko');

  const viewer = await page.context().newPage();
  await inLanguage(viewer, 'spanish');
  await viewer.goto(`/series/${id}`);
  await expect(viewer.getByRole('heading', { level: 1 })).toHaveText('La ronin de la linterna');
  // The Spanish description was kept.
  await expect(viewer.getByText(original.description)).toBeVisible();

  const korean = await page.context().newPage();
  await inLanguage(korean, 'korean');
  await korean.goto(`/series/${id}`);
  await expect(korean.getByRole('heading', { level: 1 })).toHaveText('종이 등불 낭인');

  // Removed: Korean viewers read the original again.
  await page.getByRole('button', { name: `Translations of ${RONIN}` }).click();
  await dialog.getByRole('button', { name: /Remove the Korean translation/ }).click();
  await expect(page.getByText('Translation removed', { exact: true })).toBeVisible();
  await korean.reload();
  await expect(korean.getByRole('heading', { level: 1 })).toHaveText(RONIN);

  // Leave the demo as it was for the specs after this one.
  const restored = await page.request.put(`/api/series/${id}/translations/es`, { data: original });
  expect(restored.status()).toBe(200);
});

test('a translation without a title is refused with the server’s reason, and nothing changes', async ({ page }) => {
  await openDashboard(page);
  await page.getByRole('button', { name: `Translations of ${RONIN}` }).click();
  const dialog = page.getByRole('dialog', { name: `Translations: ${RONIN}` });
  await dialog.getByLabel('Language', { exact: true }).selectOption('other');
  await dialog.getByLabel('Language tag (BCP 47)').fill('pt-BR');
  await dialog.getByRole('button', { name: 'Save translation' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByTestId('translation-list').locator('li')).toHaveCount(4);
});

test('the translations dialog is accessible, in English and right to left in Arabic', async ({ page }) => {
  await openDashboard(page);
  for (const language of ['english', 'arabic']) {
    if (language === 'arabic') {
      await inLanguage(page, 'arabic');
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    }
    const tag = language === 'arabic' ? 'ar' : 'en';
    const texts = JSON.parse(fs.readFileSync(`src/web/locales/${tag}/admin.json`, 'utf8')) as {
      translations: { open: string };
    };
    await page.getByRole('button', { name: texts.translations.open.replace('{{title}}', HEIRESS) }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('translation-list').locator('li')).toHaveCount(4);
    // Each title is marked with its language, so screen readers pronounce it right.
    await expect(dialog.locator('li[data-language="ja"] [lang="ja"]').first()).toHaveText(
      DEMO_TRANSLATIONS[HEIRESS]!.ja!.title,
    );
    const result = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    const blocking = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(blocking.map((v) => `${language}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual(
      [],
    );
    await page.keyboard.press('Escape');
  }
});
