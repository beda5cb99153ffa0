import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { adminApi, getJson, openDashboard } from './support/admin.ts';
import { expect, test } from './support/fixtures.ts';

interface SeriesJson {
  id: number;
  title: string;
}
interface EpisodeJson {
  id: number;
  episodeNumber: number;
  videoUrl: string;
  subtitles: { language: string; label: string; kind: string; url: string; fileUrl: string }[];
}

// Demo series that no other spec touches.
const UPLOAD_TITLE = 'Paper Lantern Ronin';
const DEMO_TITLE = 'Office Plants Have Feelings';

let api: APIRequestContext;
test.beforeAll(async () => {
  api = await adminApi();
});
test.afterAll(async () => {
  await api.dispose();
});

async function demoEpisode(title: string, number: number): Promise<EpisodeJson> {
  const series = (await getJson<SeriesJson[]>(api, '/api/series')).find((s) => s.title === title);
  expect(series, `demo series "${title}"`).toBeDefined();
  const find = async () =>
    (await getJson<EpisodeJson[]>(api, `/api/series/${series!.id}/episodes`)).find((e) => e.episodeNumber === number)!;
  // Demo episodes move to HLS (with their caption tracks) in the background after the server starts.
  await expect.poll(async () => (await find()).subtitles.length, { timeout: 120_000 }).toBe(5);
  return find();
}

/** The text of the cues on screen, as the player draws them. */
const overlay = (page: Page) => page.getByTestId('subtitle-overlay');

/** The languages and active cue texts of the video's showing-or-hidden text tracks. */
const activeCues = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelector('video')!.textTracks]
      .filter((track) => track.mode !== 'disabled')
      .map((track) => ({
        language: track.language,
        cues: [...(track.activeCues ?? [])].map((cue) => (cue as VTTCue).text),
      })),
  );

async function showControls(page: Page) {
  await page.mouse.move(150 + Math.random() * 50, 300 + Math.random() * 50);
  await expect(page.getByTestId('player')).toHaveAttribute('data-controls', 'visible');
}

test('an operator uploads an SRT in the dashboard; a viewer picks it, sees its cue at its time, c toggles it', async ({
  page,
}) => {
  const episode = await demoEpisode(UPLOAD_TITLE, 2);
  const seriesId = Number(/series\/(\d+)\//.exec(episode.videoUrl)![1]);
  await openDashboard(page);
  await page.goto(`/admin/series/${seriesId}/episodes`);
  const item = page.locator(`[data-testid="episode-item"][data-episode-id="${episode.id}"]`);
  const form = item.getByRole('form', { name: 'Add subtitles to episode 2' });
  await form.getByLabel('Language').fill('fr');

  // A bad file: its line is named, and nothing is saved.
  await form.getByLabel('Subtitle file (.srt or .vtt)').setInputFiles({
    name: '2.fr.srt',
    mimeType: 'application/x-subrip',
    buffer: Buffer.from('1\n00:00:01,000 --> 00:00:70,000\nBonjour\n'),
  });
  await form.getByRole('button', { name: 'Upload' }).click();
  await expect(form.getByRole('alert')).toHaveText('line 2: 00:00:70,000 is not a valid time');
  await expect(item.locator('[data-testid="subtitle-track"][data-language="fr"]')).toHaveCount(0);

  await form.getByLabel('Subtitle file (.srt or .vtt)').setInputFiles({
    name: '2.fr.srt',
    mimeType: 'application/x-subrip',
    buffer: Buffer.from('\uFEFF1\r\n00:00:01,000 --> 00:00:40,000\r\nBonjour <b>le monde</b>\r\nsur deux lignes\r\n'),
  });
  await form.getByRole('button', { name: 'Upload' }).click();
  const track = item.locator('[data-testid="subtitle-track"][data-language="fr"]');
  await expect(track).toContainText('Français (fr)');
  await track.getByRole('button', { name: 'Preview Français (fr)' }).click();
  await expect(track.getByTestId('subtitle-preview')).toContainText('Bonjour le monde');

  // The viewer (UI in English: no English default after choosing French below).
  await page.goto(`/watch/${episode.id}`);
  await expect(page.getByTestId('player')).toBeVisible();
  await showControls(page);
  await page.getByRole('button', { name: 'Subtitles' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitemradio', { name: 'Français' })).toBeVisible();

  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const blocking = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(blocking.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await menu.getByRole('menuitemradio', { name: 'Français' }).click();
  await expect(overlay(page)).toContainText('Bonjour le monde');
  await expect(overlay(page)).toHaveAttribute('lang', 'fr');
  // Shown at its time (1 s to 40 s), with its line break kept.
  expect(await page.evaluate(() => document.querySelector('video')!.currentTime)).toBeGreaterThanOrEqual(1);
  expect(await activeCues(page)).toEqual([{ language: 'fr', cues: ['Bonjour <b>le monde</b>\nsur deux lignes'] }]);
  expect(await overlay(page).locator('p').first().innerText()).toBe('Bonjour le monde\nsur deux lignes');

  await page.keyboard.press('c');
  await expect(overlay(page)).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText('Subtitles off');
  await page.keyboard.press('c');
  await expect(overlay(page)).toContainText('Bonjour le monde');

  // The choice lasts across visits.
  await page.reload();
  await expect(overlay(page)).toContainText('Bonjour le monde', { timeout: 20_000 });
});

test('with the UI in Spanish the Spanish track is on by default, and an Arabic cue reads right to left', async ({
  gatedPage: page,
}) => {
  const episode = await demoEpisode(DEMO_TITLE, 1);
  await page.addInitScript(() => localStorage.setItem('cliffhanger.language', 'spanish'));
  await page.goto(`/watch/${episode.id}`);
  await expect(overlay(page)).toContainText('[Subtítulos de demostración]', { timeout: 20_000 });
  await expect(overlay(page)).toHaveAttribute('lang', 'es');

  await showControls(page);
  await page.getByRole('button', { name: 'Subtítulos' }).click();
  await page.getByRole('menuitemradio', { name: 'العربية' }).click();
  const cue = overlay(page).locator('p').first();
  await expect(cue).toContainText('[ترجمة تجريبية]');
  await expect(cue).toHaveAttribute('dir', 'rtl');
  expect(await cue.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
  expect((await activeCues(page))[0]!.language).toBe('ar');
});
