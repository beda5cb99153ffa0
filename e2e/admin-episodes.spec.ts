import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { makeClip } from './support/clips.ts';
import { test, expect } from './support/fixtures.ts';
import { adminApi, createSeriesViaApi, expectToast, getJson, openDashboard, type SeriesJson } from './support/admin.ts';

interface AdminEpisodeJson {
  id: number;
  seriesId: number;
  episodeNumber: number;
  title: string;
  videoUrl: string;
  thumbnailUrl: string;
  duration: number;
  media: {
    status: 'queued' | 'processing' | 'ready' | 'failed';
    percent: number;
    error: string | null;
    playable: boolean;
  };
}

const SHOTS = '/tmp/shots-episodes';
const TRANSCODE_TIMEOUT = 120_000;

let api: APIRequestContext;
let workDir: string;
let video: string;
let corrupt: string;
let series: SeriesJson;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-episodes-'));
  fs.mkdirSync(SHOTS, { recursive: true });
  video = path.join(workDir, 'ep01.mp4');
  makeClip(video, 4);
  // Bytes that only look like a video by name.
  corrupt = path.join(workDir, 'ep02.mp4');
  fs.writeFileSync(corrupt, Buffer.concat([Buffer.from('not a video at all\n'), Buffer.alloc(64 * 1024, 7)]));

  api = await adminApi();
  series = await createSeriesViaApi(api, `Episodes E2E ${Date.now()}`);
});

test.afterAll(async () => {
  if (series) await api.delete(`/api/series/${series.id}`);
  await api?.dispose();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

const episodesOf = (seriesId: number) => getJson<AdminEpisodeJson[]>(api, `/api/series/${seriesId}/episodes/admin`);
const episodesPath = () => `/admin/series/${series.id}/episodes`;
const item = (page: Page, number: number) =>
  page.locator(`[data-testid="episode-item"][data-episode-number="${number}"]`);

/** Records every value each progress bar shows, from now on, by its accessible name. */
async function recordProgressBars(page: Page) {
  await page.evaluate(() => {
    const seen: { label: string; value: number }[] = [];
    (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
    const read = () => {
      for (const bar of document.querySelectorAll('[role="progressbar"]')) {
        const entry = { label: bar.getAttribute('aria-label') ?? '', value: Number(bar.getAttribute('aria-valuenow')) };
        const last = seen.findLast((s) => s.label === entry.label);
        if (!last || last.value !== entry.value) seen.push(entry);
      }
    };
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
    read();
  });
}

const progressSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { progressSeen: { label: string; value: number }[] }).progressSeen);

async function expectNoAxeViolations(page: Page, where: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const found = result.violations.map(
    (v) =>
      `${where}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  );
  expect(found).toEqual([]);
}

async function openEpisodesFromContentTab(page: Page) {
  await openDashboard(page);
  await page.getByLabel('Search series').fill(series.title);
  await page.getByRole('link', { name: `Manage episodes of ${series.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`${episodesPath()}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Episodes' })).toBeVisible();
}

test.describe('at 1280x800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('upload a video: upload progress, then transcode progress, until it is ready', async ({ gatedPage: page }) => {
    test.setTimeout(TRANSCODE_TIMEOUT + 60_000);
    await openEpisodesFromContentTab(page);
    await expect(page.getByText('No episodes yet. Upload videos above to add the first one.')).toBeVisible();
    await expect(page.getByTestId('series-total-episodes')).toHaveText('12 episodes');

    // The view lives in the URL: a reload comes back to it, and Back returns to the dashboard.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Episodes' })).toBeVisible();
    await expect(page.getByText(series.title).first()).toBeVisible();

    await page.getByLabel('Choose video files to upload').setInputFiles(video);
    const staged = page.getByTestId('staged-upload');
    await expect(staged).toHaveCount(1);
    await expect(staged).toContainText('ep01.mp4');
    // The number comes from the file name.
    await expect(page.getByLabel('Episode number for ep01.mp4')).toHaveValue('1');
    await page.screenshot({ path: `${SHOTS}/1280-staged.png` });
    await expectNoAxeViolations(page, 'staged upload');

    // Slow the upload down so its progress can be seen (about 3 s for the clip).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 150 * 1024,
    });
    await recordProgressBars(page);
    await page.getByRole('button', { name: 'Upload 1 video' }).click();
    const uploadBar = page.getByRole('progressbar', { name: 'Upload of ep01.mp4' });
    await expect(uploadBar).toBeVisible();
    await expect(staged).toContainText(/Uploading \d+% \(/);
    await page.screenshot({ path: `${SHOTS}/1280-uploading.png` });

    await expect(staged).toHaveCount(0, { timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expectToast(page, 'Upload complete', 'Episode 1 is uploaded and being processed.');
    // The Upload button went away with the list: focus moves to the episodes, where the new one is.
    await expect(page.getByRole('heading', { name: 'Episodes (1)' })).toBeFocused();

    const row = item(page, 1);
    await expect(row).toBeVisible();
    await expect(row).toContainText('Episode 1');
    await expect(row).toContainText('0:04');
    const transcodeBar = row.getByRole('progressbar', { name: 'Processing of episode 1' });
    await expect(transcodeBar).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/1280-transcoding.png` });

    await expect(row.getByTestId('episode-status')).toHaveAttribute('data-status', 'ready', {
      timeout: TRANSCODE_TIMEOUT,
    });
    await expect(transcodeBar).toHaveCount(0);
    await expectToast(page, 'Episode ready', 'Episode 1 has been processed and can be watched.');
    await expect(row.getByRole('img', { name: 'Poster of episode 1: Episode 1' })).toHaveAttribute(
      'src',
      /\/media\/.+\.jpg$/,
    );
    await expect(page.getByTestId('series-total-episodes')).toHaveText('1 episode');
    await page.screenshot({ path: `${SHOTS}/1280-ready.png` });
    await expectNoAxeViolations(page, 'ready episode');

    const seen = await progressSeen(page);
    const uploadValues = seen.filter((s) => s.label === 'Upload of ep01.mp4').map((s) => s.value);
    const transcodeValues = seen.filter((s) => s.label === 'Processing of episode 1').map((s) => s.value);
    // The upload bar moved through values between the ends, and the transcode bar showed after it.
    expect(
      uploadValues.some((v) => v > 0 && v < 100),
      `upload values ${uploadValues.join(',')}`,
    ).toBe(true);
    expect(transcodeValues.length).toBeGreaterThan(0);
    test.info().annotations.push({
      type: 'progress',
      description: `upload ${uploadValues.join(',')}; transcode ${transcodeValues.join(',')}`,
    });

    // Polling stops once no transcode is waiting or running.
    let polls = 0;
    page.on('request', (request) => {
      if (request.url().endsWith(`/api/series/${series.id}/episodes/admin`)) polls++;
    });
    await page.waitForTimeout(4000);
    expect(polls).toBe(0);

    const [episode] = await episodesOf(series.id);
    expect(episode).toMatchObject({ episodeNumber: 1, title: 'Episode 1', media: { status: 'ready', playable: true } });
    expect(episode!.videoUrl).toMatch(/\/master\.m3u8$/);

    await page.goBack();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Series Management' })).toBeVisible();
  });

  test('a viewer plays the uploaded episode', async ({ gatedPage: page }) => {
    const [episode] = await episodesOf(series.id);
    expect(episode?.media.status).toBe('ready');

    const playlist = await page.request.get(episode!.videoUrl);
    expect(playlist.status()).toBe(200);
    expect(await playlist.text()).toMatch(/^#EXTM3U/);

    await page.goto(`/watch/${episode!.id}`);
    // The player may keep neighbouring episodes in their own video elements: one of them plays this one.
    await expect(page.locator('video').first()).toBeAttached();
    await page.waitForFunction(
      () => [...document.querySelectorAll('video')].some((v) => v.currentTime > 1),
      undefined,
      {
        timeout: 20_000,
      },
    );
    await page.screenshot({ path: `${SHOTS}/1280-watch.png` });
  });

  test('a corrupt file is refused with a readable reason next to it, and nothing changes', async ({
    gatedPage: page,
  }) => {
    const before = await episodesOf(series.id);
    await openDashboard(page);
    await page.goto(episodesPath());
    await expect(item(page, 1)).toBeVisible();

    await page.getByLabel('Choose video files to upload').setInputFiles(corrupt);
    await expect(page.getByLabel('Episode number for ep02.mp4')).toHaveValue('2');
    await page.getByRole('button', { name: 'Upload 1 video' }).click();

    const staged = page.getByTestId('staged-upload');
    await expect(staged).toHaveAttribute('data-phase', 'failed');
    await expect(staged.getByRole('alert')).toContainText('The file is not a playable video');
    await expectToast(page, 'Upload failed', '1 of 1 files could not be uploaded.');
    await page.screenshot({ path: `${SHOTS}/1280-corrupt.png` });
    await expectNoAxeViolations(page, 'refused upload');

    await expect(page.getByTestId('episode-item')).toHaveCount(1);
    expect(await episodesOf(series.id)).toEqual(before);
    expect((await getJson<SeriesJson>(api, `/api/series/${series.id}`)).totalEpisodes).toBe(1);

    // The refused file can be taken off the list.
    await page.getByRole('button', { name: 'Remove ep02.mp4 from the list' }).click();
    await expect(staged).toHaveCount(0);

    // Files dropped on the drop zone join the list the same way.
    const dropped = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['x'], 'S01E09.mp4', { type: 'video/mp4' }));
      return transfer;
    });
    await page.getByTestId('episode-dropzone').dispatchEvent('drop', { dataTransfer: dropped });
    await expect(page.getByLabel('Episode number for S01E09.mp4')).toHaveValue('9');
    await page.getByRole('button', { name: 'Clear list' }).click();
    await expect(staged).toHaveCount(0);
  });

  test('edit an episode title inline', async ({ gatedPage: page }) => {
    await openDashboard(page);
    await page.goto(episodesPath());
    const row = item(page, 1);
    const edit = row.getByRole('button', { name: 'Edit episode 1' });
    await edit.click();
    const title = row.getByLabel('Title', { exact: true });
    await expect(title).toBeFocused();
    await title.fill('The Night Shift Begins');
    await page.screenshot({ path: `${SHOTS}/1280-editing.png` });
    await expectNoAxeViolations(page, 'editing');
    await title.press('Enter');

    await expectToast(page, 'Episode updated', 'Episode 1 “The Night Shift Begins” has been saved.');
    await expect(row.getByTestId('episode-title')).toHaveText('The Night Shift Begins');
    await expect(edit).toBeFocused();
    const [episode] = await episodesOf(series.id);
    expect(episode?.title).toBe('The Night Shift Begins');

    // Escape leaves without saving.
    await edit.click();
    await row.getByLabel('Title', { exact: true }).fill('Not saved');
    await row.getByLabel('Title', { exact: true }).press('Escape');
    await expect(row.getByTestId('episode-title')).toHaveText('The Night Shift Begins');
  });
});

test.describe('at 390x844', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('upload several files at once, numbered from their names and order; replace a video; delete', async ({
    gatedPage: page,
  }) => {
    test.setTimeout(2 * TRANSCODE_TIMEOUT + 60_000);
    await openDashboard(page);
    await page.getByLabel('Search series').fill(series.title);
    await page.getByRole('link', { name: `Manage episodes of ${series.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`${episodesPath()}$`));
    await expect(item(page, 1)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/390-list.png`, fullPage: true });

    const named = path.join(workDir, 'Episode 7.mp4');
    const unnamed = path.join(workDir, 'finale.mp4');
    fs.copyFileSync(video, named);
    fs.copyFileSync(video, unnamed);
    await page.getByLabel('Choose video files to upload').setInputFiles([unnamed, named]);
    await expect(page.getByLabel('Episode number for Episode 7.mp4')).toHaveValue('7');
    await expect(page.getByLabel('Episode number for finale.mp4')).toHaveValue('8');
    // A number that is taken is caught before anything is sent.
    await page.getByLabel('Episode number for finale.mp4').fill('1');
    await expect(page.getByTestId('staged-upload').filter({ hasText: 'finale.mp4' })).toContainText(
      'Episode 1 already exists in this series.',
    );
    await expect(page.getByRole('button', { name: 'Upload 2 videos' })).toBeDisabled();
    await page.screenshot({ path: `${SHOTS}/390-staged.png`, fullPage: true });
    await expectNoAxeViolations(page, 'staged with a taken number');
    await page.getByLabel('Episode number for finale.mp4').fill('8');
    await page.getByRole('button', { name: 'Upload 2 videos' }).click();

    await expect(page.getByTestId('staged-upload')).toHaveCount(0, { timeout: 30_000 });
    await expectToast(page, 'Upload complete', '2 episodes are uploaded and being processed.');
    await expect(page.getByTestId('episode-item')).toHaveCount(3);
    await page.screenshot({ path: `${SHOTS}/390-transcoding.png`, fullPage: true });
    await expectNoAxeViolations(page, 'transcoding');
    for (const n of [7, 8]) {
      await expect(item(page, n).getByTestId('episode-status')).toHaveAttribute('data-status', 'ready', {
        timeout: TRANSCODE_TIMEOUT,
      });
    }
    expect((await getJson<SeriesJson>(api, `/api/series/${series.id}`)).totalEpisodes).toBe(3);

    // Replace the video of episode 7: a new transcode, then a new published video.
    const before = (await episodesOf(series.id)).find((e) => e.episodeNumber === 7)!;
    const chooser = page.waitForEvent('filechooser');
    await item(page, 7).getByRole('button', { name: 'Replace the video of episode 7' }).click();
    await (await chooser).setFiles(video);
    await expectToast(page, 'Video replaced');
    await expect(item(page, 7).getByTestId('episode-status')).toHaveAttribute('data-status', /queued|processing/);
    await expect(item(page, 7).getByTestId('episode-status')).toHaveAttribute('data-status', 'ready', {
      timeout: TRANSCODE_TIMEOUT,
    });
    const after = (await episodesOf(series.id)).find((e) => e.episodeNumber === 7)!;
    expect(after.videoUrl).not.toBe(before.videoUrl);
    await page.screenshot({ path: `${SHOTS}/390-ready.png`, fullPage: true });

    // Delete asks first, in an alert dialog whose focus starts on Cancel.
    await item(page, 8).getByRole('button', { name: 'Delete episode 8' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete episode?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.screenshot({ path: `${SHOTS}/390-delete-dialog.png` });
    await expectNoAxeViolations(page, 'delete dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(item(page, 8)).toBeVisible();

    const doomed = (await episodesOf(series.id)).find((e) => e.episodeNumber === 8)!;
    await item(page, 8).getByRole('button', { name: 'Delete episode 8' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Episode deleted', 'Episode 8 “Episode 8” has been removed.');
    await expect(item(page, 8)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Episodes (2)' })).toBeFocused();
    expect((await episodesOf(series.id)).map((e) => e.episodeNumber)).toEqual([1, 7]);
    expect((await getJson<SeriesJson>(api, `/api/series/${series.id}`)).totalEpisodes).toBe(2);
    expect((await api.get(doomed.videoUrl)).status()).toBe(404);
    await expect(page.getByTestId('series-total-episodes')).toHaveText('2 episodes');
  });
});
