import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { request, type APIRequestContext } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';
import { openDashboard, type SeriesJson } from './support/admin.ts';
import { E2E } from './support/env.ts';

// A second server beside the suite's, started the same way but with an ffmpeg that does not run: the
// dashboard must say why uploads are off before an operator tries, and refuse one with that reason.
const port = E2E.port + 2;
const base = `http://localhost:${port}`;
const PROBLEM = 'The ffmpeg at /nonexistent/ffmpeg (from FFMPEG_PATH) does not run, so videos cannot be processed.';

let server: ChildProcess;
let dataDir: string;
let api: APIRequestContext;
let series: SeriesJson;

test.use({ baseURL: base });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-e2e-no-ffmpeg-'));
  fs.chmodSync(dataDir, 0o755);
  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      PG_PORT: String(E2E.pgPort + 2),
      DATA_DIR: dataDir,
      ACCESS_CODES: E2E.accessCodes.join(','),
      ADMIN_PASSWORD: E2E.adminPassword,
      SEED: 'none',
      LOG_LEVEL: 'error',
      CLIENT_DIR: process.env.E2E_CLIENT_DIR ?? 'dist/client',
      FFMPEG_PATH: '/nonexistent/ffmpeg',
    },
  });
  api = await request.newContext({ baseURL: base });
  await expect
    .poll(async () => (await api.get('/api/health').catch(() => null))?.status(), { timeout: 90_000 })
    .toBe(200);
  expect((await api.post('/api/access', { data: { code: E2E.accessCodes[0] } })).status()).toBe(200);
  expect((await api.post('/api/admin/login', { data: { password: E2E.adminPassword } })).status()).toBe(200);
  const created = await api.post('/api/series', {
    data: {
      title: 'Without ffmpeg',
      description: 'A series on a server that cannot process videos.',
      genre: 'Drama',
      thumbnailUrl: '/media/art/e2e-wide.jpg',
      verticalThumbnailUrl: null,
      totalEpisodes: 3,
      rating: 70,
      likes: 0,
      isNew: false,
      isFree: true,
      episodeCost: 0,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  series = (await created.json()) as SeriesJson;
});

test.afterAll(async () => {
  await api?.dispose();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test('the Episodes view says uploads are off and why, and an upload is refused with that reason', async ({ page }) => {
  await openDashboard(page);
  await page.goto(`/admin/series/${series.id}/episodes`);
  await expect(page.getByRole('heading', { level: 1, name: 'Episodes' })).toBeVisible();
  const notice = page.getByTestId('video-processing-off');
  await expect(notice).toContainText('Uploads are off: this server cannot process videos.');
  await expect(notice).toContainText(PROBLEM);

  await page.getByLabel('Choose video files to upload').setInputFiles({
    name: 'ep01.mp4',
    mimeType: 'video/mp4',
    buffer: Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(4096)]),
  });
  await page.getByRole('button', { name: 'Upload 1 video' }).click();
  const staged = page.getByTestId('staged-upload');
  await expect(staged).toHaveAttribute('data-phase', 'failed');
  await expect(staged.getByRole('alert')).toContainText(PROBLEM);
  expect(await (await api.get(`/api/series/${series.id}/episodes/admin`)).json()).toEqual([]);
});
