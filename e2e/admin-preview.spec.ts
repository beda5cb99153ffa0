import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { request, type APIRequestContext, type Page } from '@playwright/test';
import { makeClip } from './support/clips.ts';
import { test, expect } from './support/fixtures.ts';
import { E2E } from './support/env.ts';
import { adminApi, createSeriesViaApi, getJson, openDashboard, type SeriesJson } from './support/admin.ts';

interface AdminEpisodeJson {
  id: number;
  episodeNumber: number;
  videoUrl: string;
  media: { status: string; playable: boolean };
}

const SHOTS = '/tmp/shots-preview';
const TRANSCODE_TIMEOUT = 180_000;
const CUE = 'Bonjour, aperçu';

let api: APIRequestContext;
let workDir: string;
let video: string;
let series: SeriesJson;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-preview-'));
  fs.mkdirSync(SHOTS, { recursive: true });
  // Named so the upload panel numbers it 11: past the free episodes, locked until a viewer unlocks it.
  video = path.join(workDir, 'ep11.mp4');
  makeClip(video, 20);
  api = await adminApi();
  series = await createSeriesViaApi(api, `Preview E2E ${Date.now()}`, { isFree: false, totalEpisodes: 20 });
});

test.afterAll(async () => {
  if (series) await api.delete(`/api/series/${series.id}`);
  await api?.dispose();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

const item = (page: Page, number: number) =>
  page.locator(`[data-testid="episode-item"][data-episode-number="${number}"]`);

/** The preview's <video>: whether it plays, where it is, and the text tracks it shows with their active cues. */
const previewState = (page: Page) =>
  page
    .getByTestId('episode-preview')
    .locator('video')
    .evaluate((element: HTMLVideoElement) => ({
      currentTime: element.currentTime,
      paused: element.paused,
      showing: [...element.textTracks]
        .filter((track) => track.mode === 'showing')
        .map((track) => ({
          language: track.language,
          cues: track.cues?.length ?? 0,
          active: [...(track.activeCues ?? [])].map((cue) => (cue as VTTCue).text),
        })),
    }));

test('an operator previews a locked episode they uploaded, with its ladder and subtitles; viewers stay locked out', async ({
  page,
}) => {
  test.setTimeout(TRANSCODE_TIMEOUT + 90_000);
  await openDashboard(page);
  await page.goto(`/admin/series/${series.id}/episodes`);
  await expect(page.getByRole('heading', { level: 1, name: 'Episodes' })).toBeVisible();

  await page.getByLabel('Choose video files to upload').setInputFiles(video);
  await expect(page.getByLabel('Episode number for ep11.mp4')).toHaveValue('11');
  await page.getByRole('button', { name: 'Upload 1 video' }).click();
  const row = item(page, 11);
  await expect(row.getByTestId('episode-status')).toHaveAttribute('data-status', 'ready', {
    timeout: TRANSCODE_TIMEOUT,
  });

  const form = row.getByRole('form', { name: 'Add subtitles to episode 11' });
  await form.getByLabel('Language').fill('fr');
  await form.getByLabel('Subtitle file (.srt or .vtt)').setInputFiles({
    name: '11.fr.srt',
    mimeType: 'application/x-subrip',
    buffer: Buffer.from(`1\n00:00:00,200 --> 00:00:19,800\n${CUE}\n`),
  });
  await form.getByRole('button', { name: 'Upload' }).click();
  await expect(row.locator('[data-testid="subtitle-track"][data-language="fr"]')).toContainText('Français (fr)');

  const [episode] = (await getJson<AdminEpisodeJson[]>(api, `/api/series/${series.id}/episodes/admin`)).filter(
    (e) => e.episodeNumber === 11,
  );
  expect(episode?.videoUrl).toMatch(/\/master\.m3u8$/);
  const folder = episode!.videoUrl.replace(/master\.m3u8$/, '');

  // A viewer who has not unlocked it is refused, before and after the operator's preview.
  const viewer = await request.newContext({ baseURL: E2E.baseUrl });
  expect((await viewer.post('/api/access', { data: { code: E2E.accessCodes[1] } })).status()).toBe(200);
  const viewerPlaylist = async () => {
    const res = await viewer.get(episode!.videoUrl);
    expect(res.status()).toBe(403);
    expect((await res.json()).message).toBe('Unlock this episode to watch it.');
  };
  await viewerPlaylist();

  // What the page asks the server from now on: its episode's media, and never a viewing event or a play.
  const media: { url: string; status: number; cacheControl: string | undefined }[] = [];
  const apiCalls: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith(folder)) {
      media.push({ url: url.pathname, status: response.status(), cacheControl: response.headers()['cache-control'] });
    }
  });
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/api/') && req.method() !== 'GET') apiCalls.push(`${req.method()} ${url.pathname}`);
  });

  const open = row.getByRole('button', { name: 'Preview episode 11' });
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  await open.click();
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  const preview = row.getByTestId('episode-preview');
  await expect(preview.locator('video')).toBeVisible();
  await expect(preview.locator('video')).toHaveAttribute('aria-label', 'Preview of episode 11');

  // It plays, with the French track offered and showing its cue at its time.
  await expect.poll(async () => (await previewState(page)).currentTime, { timeout: 20_000 }).toBeGreaterThan(1);
  const subtitles = preview.getByLabel('Subtitles');
  await expect(subtitles).toHaveValue('fr');
  await expect(subtitles.getByRole('option')).toHaveText(['Off', 'Français (fr)']);
  await expect
    .poll(async () => (await previewState(page)).showing, { timeout: 10_000 })
    .toEqual([{ language: 'fr', cues: 1, active: [CUE] }]);
  await page.screenshot({ path: `${SHOTS}/preview-playing.png` });

  // The ladder: the clip's one rendition, besides the adaptive choice; picked alone, it plays on.
  const quality = preview.getByLabel('Quality');
  await expect(quality.getByRole('option')).toHaveText(['Auto', /^360×640 · \d+ kbit\/s$/]);
  await quality.selectOption({ index: 1 });
  const before = (await previewState(page)).currentTime;
  await expect
    .poll(async () => (await previewState(page)).currentTime, { timeout: 20_000 })
    .toBeGreaterThan(before + 0.5);
  await expect
    .poll(async () => (await previewState(page)).showing)
    .toEqual([{ language: 'fr', cues: 1, active: [CUE] }]);

  // Subtitles off: no track shows.
  await subtitles.selectOption('');
  await expect.poll(async () => (await previewState(page)).showing).toEqual([]);

  const axe = await new AxeBuilder({ page })
    .include('[data-testid="episode-preview"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // The playlists, segments and subtitles came to the operator, kept by no cache; nothing was reported.
  expect(media.some((m) => m.url.endsWith('/master.m3u8'))).toBe(true);
  expect(media.some((m) => m.url.endsWith('.m4s'))).toBe(true);
  expect(media.some((m) => /\/subs-fr-[^/]+\/track\.vtt$/.test(m.url))).toBe(true);
  for (const m of media.filter((m) => !m.url.endsWith('.jpg'))) {
    expect([200, 206], m.url).toContain(m.status);
    expect(m.cacheControl, m.url).toBe('private, no-store');
  }
  await page.waitForTimeout(5500); // the viewer's player would have flushed its events by now
  expect(apiCalls).toEqual([]);

  await viewerPlaylist();
  await viewer.dispose();
});

test('without native HLS the preview plays through hls.js, as the player does', async ({ page }) => {
  const hlsScripts: string[] = [];
  page.on('request', (req) => {
    if (/\/assets\/hls[^/]*\.js$/.test(req.url())) hlsScripts.push(req.url());
  });
  await page.addInitScript(() => {
    const canPlayType = HTMLMediaElement.prototype.canPlayType;
    HTMLMediaElement.prototype.canPlayType = function (type: string) {
      return /mpegurl/i.test(type) ? '' : canPlayType.call(this, type);
    };
  });
  await openDashboard(page);
  await page.goto(`/admin/series/${series.id}/episodes`);
  const row = item(page, 11);
  await expect(row.getByTestId('episode-status')).toHaveAttribute('data-status', 'ready');
  expect(hlsScripts).toEqual([]);

  await row.getByRole('button', { name: 'Preview episode 11' }).click();
  await expect.poll(async () => (await previewState(page)).currentTime, { timeout: 20_000 }).toBeGreaterThan(1);
  await expect
    .poll(async () => (await previewState(page)).showing)
    .toEqual([{ language: 'fr', cues: 1, active: [CUE] }]);
  expect(hlsScripts.length).toBe(1);
  // hls.js plays from a MediaSource, not from the playlist's address.
  expect(await row.locator('video').evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/^blob:/);
});
