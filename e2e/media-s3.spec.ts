import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { makeClip } from './support/clips.ts';
import { openS3Storage } from '#server/media/s3-storage.ts';
import { adminApi, createSeriesViaApi, getJson, type SeriesJson } from './support/admin.ts';
import { E2E_S3 } from './support/env.ts';
import { expect, test } from './support/fixtures.ts';

/** With MEDIA_STORAGE=s3 (run by playwright.s3.config.ts): uploads land in the bucket and play from it. */

interface AdminEpisodeJson {
  id: number;
  episodeNumber: number;
  videoUrl: string;
  media: { status: string };
}

const bucket = () =>
  openS3Storage({
    endpoint: E2E_S3.endpoint,
    region: 'us-east-1',
    bucket: E2E_S3.bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });

let api: APIRequestContext;
let workDir: string;
let series: SeriesJson;
/** Episode 11 (to be unlocked) and 12 (whose token is tried on 11), both past the free ones. */
const episodes: Record<number, AdminEpisodeJson> = {};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-media-s3-'));
  const video = path.join(workDir, 'clip.mp4');
  makeClip(video, 6);
  api = await adminApi();
  series = await createSeriesViaApi(api, `Bucket E2E ${Date.now()}`);
  for (const number of [11, 12]) {
    const upload = await api.post(`/api/series/${series.id}/episodes`, {
      multipart: {
        episodeNumber: String(number),
        video: { name: `ep${number}.mp4`, mimeType: 'video/mp4', buffer: fs.readFileSync(video) },
      },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    episodes[number] = (await upload.json()) as AdminEpisodeJson;
  }
  for (const number of [11, 12]) {
    await expect
      .poll(
        async () => (await getJson<AdminEpisodeJson>(api, `/api/episodes/${episodes[number]!.id}/admin`)).media.status,
        {
          timeout: 180_000,
        },
      )
      .toBe('ready');
    episodes[number] = await getJson<AdminEpisodeJson>(api, `/api/episodes/${episodes[number]!.id}/admin`);
  }
});

test.afterAll(async () => {
  if (series) await api.delete(`/api/series/${series.id}`);
  await api?.dispose();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

const folderOf = (videoUrl: string) => videoUrl.replace(/^\/media\//, '').replace(/\/[^/]*$/, '');

/** The first segment's address of the first rendition below `master` (as the player would ask for it). */
async function firstSegment(request: APIRequestContext, master: string) {
  const base = master.replace(/[^/]*$/, '');
  const variant = (await (await request.get(master)).text()).split('\n').find((l) => l && !l.startsWith('#'))!;
  const playlist = await (await request.get(base + variant)).text();
  return base + variant.replace(/[^/]*$/, '') + playlist.split('\n').find((l) => l.endsWith('.m4s'))!;
}

test("the transcoded episode's HLS folder is in the bucket", async () => {
  const folder = folderOf(episodes[11]!.videoUrl);
  const keys = (await (await bucket()).list(folder)).map((f) => f.key);
  expect(keys).toContain(`${folder}/master.m3u8`);
  expect(keys.filter((k) => k.endsWith('.m4s')).length).toBeGreaterThan(1);
});

test('before the unlock its segments are refused, even with a token of another episode or an expired one', async ({
  gatedPage: page,
}) => {
  test.setTimeout(60_000);
  const locked = episodes[11]!;
  const viewer = page.request;
  const plain = await firstSegment(api, locked.videoUrl);
  expect((await viewer.get(plain)).status()).toBe(403);
  expect((await viewer.get(`/api/episodes/${locked.id}/playback`)).status()).toBe(403);

  // A genuine token of episode 12 (the operator's preview gets one) does not open episode 11's files.
  const other = (await getJson<{ videoUrl: string }>(api, `/api/episodes/${episodes[12]!.id}/playback`)).videoUrl;
  const otherToken = /^\/media\/~t\/([^/]+)\//.exec(other)![1]!;
  const borrowed = await viewer.get(plain.replace(/^\/media\//, `/media/~t/${otherToken}/`));
  expect(borrowed.status()).toBe(403);
  expect((await borrowed.json()).message).toBe('This media link does not open this file. Open the episode again.');

  // A token of episode 11 itself, once expired.
  const { videoUrl, expiresAt } = await getJson<{ videoUrl: string; expiresAt: string }>(
    api,
    `/api/episodes/${locked.id}/playback`,
  );
  const segment = await firstSegment(api, videoUrl);
  expect((await viewer.get(segment)).status()).toBe(200);
  await page.waitForTimeout(Math.max(0, Date.parse(expiresAt) - Date.now()) + 1000);
  const late = await viewer.get(segment);
  expect(late.status()).toBe(403);
  expect((await late.json()).message).toBe('This media link has expired. Open the episode again.');
});

async function unlock(page: Page, seriesId: number, episodeNumber: number) {
  const packages = (await (await page.request.get('/api/packages')).json()) as { id: string }[];
  const bought = await page.request.post('/api/user/user-1/purchase-tokens', {
    data: { packageId: packages.at(-1)!.id },
    headers: { 'idempotency-key': `e2e-s3-buy-${Date.now()}` },
  });
  expect(bought.status(), await bought.text()).toBeLessThan(300);
  const unlocked = await page.request.post('/api/user/user-1/unlock-episode', {
    data: { seriesId, episodeNumber },
    headers: { 'idempotency-key': `e2e-s3-unlock-${Date.now()}` },
  });
  expect(unlocked.status(), await unlocked.text()).toBe(201);
}

test('a viewer unlocks it and plays it from the bucket through its token, with its subtitles', async ({
  gatedPage: page,
}) => {
  test.setTimeout(90_000);
  const episode = episodes[11]!;
  const subtitles = await api.put(`/api/episodes/${episode.id}/subtitles/en`, {
    multipart: {
      file: {
        name: '11.en.srt',
        mimeType: 'application/x-subrip',
        buffer: Buffer.from('1\n00:00:00,300 --> 00:00:05,500\nHello from the bucket\n'),
      },
    },
  });
  expect(subtitles.status(), await subtitles.text()).toBeLessThan(300);
  await unlock(page, series.id, 11);

  const media: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/media/')) media.push(url.pathname);
  });
  await page.goto(`/watch/${episode.id}`);
  await page.waitForFunction(() => [...document.querySelectorAll('video')].some((v) => v.currentTime > 1), undefined, {
    timeout: 30_000,
  });
  await expect(page.getByTestId('subtitle-overlay')).toContainText('Hello from the bucket');
  // Its playlists and segments came through the token: no per-segment lock check.
  const folder = folderOf(episode.videoUrl);
  const segments = media.filter((p) => p.endsWith('.m4s') && p.includes(folder));
  expect(segments.length).toBeGreaterThan(0);
  expect(segments.every((p) => p.startsWith('/media/~t/'))).toBe(true);
});

const videoTime = (page: Page) =>
  page.evaluate(() => Math.max(...[...document.querySelectorAll('video')].map((v) => v.currentTime)));

test('a player paused past its token renews it and plays on from where it was, with no error shown', async ({
  gatedPage: page,
}) => {
  test.setTimeout(120_000);
  const episode = episodes[11]!;
  await unlock(page, series.id, 11);
  const playbacks: string[] = [];
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname === `/api/episodes/${episode.id}/playback` && response.ok()) {
      playbacks.push(((await response.json()) as { videoUrl: string }).videoUrl);
    }
  });
  await page.goto(`/watch/${episode.id}`);
  await page.waitForFunction(() => [...document.querySelectorAll('video')].some((v) => v.currentTime > 0.5));
  await page.evaluate(() => document.querySelectorAll('video').forEach((v) => v.pause()));
  const pausedAt = await videoTime(page);
  // Past the token's whole life (MEDIA_TOKEN_MINUTES is 0.2 here: at most 18 s).
  await page.waitForTimeout(E2E_S3.tokenMinutes * 60_000 * 1.5 + 2000);
  expect(playbacks.length).toBeGreaterThan(1);
  expect(new Set(playbacks).size).toBeGreaterThan(1);
  expect(Math.abs((await videoTime(page)) - pausedAt)).toBeLessThan(0.5);
  await page.evaluate(() =>
    document.querySelectorAll<HTMLVideoElement>('video[data-active="true"]').forEach((v) => void v.play()),
  );
  await page.waitForFunction(
    (from) => [...document.querySelectorAll('video')].some((v) => v.currentTime > from + 1),
    pausedAt,
    {
      timeout: 20_000,
    },
  );
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a segment refused for an expired token gets a new token without an error shown', async ({ gatedPage: page }) => {
  test.setTimeout(120_000);
  const episode = episodes[11]!;
  await unlock(page, series.id, 11);
  const stale = await getJson<{ videoUrl: string; expiresAt: string }>(api, `/api/episodes/${episode.id}/playback`);
  await page.waitForTimeout(Math.max(0, Date.parse(stale.expiresAt) - Date.now()) + 1000);
  // The page's first playback answer is that expired address, said to last an hour (so only the 403 can renew it).
  let served = false;
  await page.route(`**/api/episodes/${episode.id}/playback`, async (route) => {
    if (served) return route.continue();
    served = true;
    await route.fulfill({
      json: { videoUrl: stale.videoUrl, expiresAt: new Date(Date.now() + 3600_000).toISOString() },
    });
  });
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403 && new URL(response.url()).pathname.startsWith('/media/~t/'))
      refused.push(response.url());
  });
  await page.goto(`/watch/${episode.id}`);
  await page.waitForFunction(() => [...document.querySelectorAll('video')].some((v) => v.currentTime > 1), undefined, {
    timeout: 30_000,
  });
  expect(served).toBe(true);
  expect(refused.length).toBeGreaterThan(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
