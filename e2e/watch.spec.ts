import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './support/fixtures.ts';

interface SeriesJson {
  id: number;
  title: string;
  isFree: boolean;
  totalEpisodes: number;
}
interface EpisodeJson {
  id: number;
  episodeNumber: number;
  title: string;
}
interface ProgressJson {
  seriesId: number;
  episodeId: number;
  episodeNumber: number;
  progress: number;
  positionSeconds: number;
}

// Demo series that no other spec touches.
const PLAYER_TITLE = 'Night Shift City';
const PROGRESS_TITLE = 'Maple & Main';
const LOCKED_TITLE = 'Fourth Quarter Comeback';

async function seriesByTitle(api: APIRequestContext, title: string) {
  const all = (await (await api.get('/api/series')).json()) as SeriesJson[];
  const found = all.find((s) => s.title === title);
  expect(found, `demo series "${title}"`).toBeDefined();
  return found!;
}

async function episode(api: APIRequestContext, seriesId: number, number: number) {
  const list = (await (await api.get(`/api/series/${seriesId}/episodes`)).json()) as EpisodeJson[];
  return list.find((e) => e.episodeNumber === number)!;
}

/** Waits until the video has really played past `seconds` (demo clips may still be generated at first). */
async function playedPast(page: Page, seconds: number) {
  await page.waitForFunction((s) => (document.querySelector('video')?.currentTime ?? 0) > s, seconds, {
    timeout: 60_000,
  });
}

/** A mouse move brings the auto-hidden controls back (as a viewer would). */
async function showControls(page: Page) {
  await page.mouse.move(150 + Math.random() * 50, 300 + Math.random() * 50);
  await expect(page.getByTestId('player')).toHaveAttribute('data-controls', 'visible');
}

type VideoProperty = 'currentSrc' | 'muted' | 'volume' | 'paused' | 'currentTime';
const video = <K extends VideoProperty>(page: Page, property: K) =>
  page.evaluate((name) => document.querySelector('video')![name], property) as Promise<HTMLVideoElement[K]>;

test('the player really plays; play/pause, mute (restoring the volume) and full screen are real buttons', async ({
  gatedPage: page,
}) => {
  const series = await seriesByTitle(page.request, PLAYER_TITLE);
  const first = await episode(page.request, series.id, 1);
  await page.goto(`/watch/${first.id}`);

  await expect(page.getByText(series.title, { exact: true })).toBeVisible();
  await expect(page.getByText(`Episode 1 of ${series.totalEpisodes}`)).toBeVisible();
  await playedPast(page, 1);
  expect(await video(page, 'currentSrc')).toContain('/media/');
  // No header or bottom bar around the player.
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

  await showControls(page);
  if (await video(page, 'muted')) await page.getByRole('button', { name: 'Unmute' }).click();
  await page.evaluate(() => {
    document.querySelector('video')!.volume = 0.35;
  });
  await page.getByRole('button', { name: 'Mute' }).click();
  expect(await video(page, 'muted')).toBe(true);
  await expect(page.getByRole('button', { name: 'Unmute' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Unmute' }).click();
  expect(await video(page, 'muted')).toBe(false);
  expect(await video(page, 'volume')).toBeCloseTo(0.35, 5);

  await page.getByRole('button', { name: 'Pause' }).click();
  expect(await video(page, 'paused')).toBe(true);
  const pausedAt = await video(page, 'currentTime');
  await page.waitForTimeout(600);
  expect(await video(page, 'currentTime')).toBe(pausedAt);
  await page.getByRole('button', { name: 'Play' }).click();
  await playedPast(page, pausedAt + 0.3);

  await showControls(page);
  await page.getByRole('button', { name: 'Full screen' }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
  await page.getByRole('button', { name: 'Exit full screen' }).click();
  await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);

  await showControls(page);
  await page.getByRole('link', { name: `Back to ${series.title}` }).click();
  await expect(page).toHaveURL(`/series/${series.id}`);
});

test('controls hide 3 s after playback starts and come back on a mouse move or a tap', async ({ gatedPage: page }) => {
  const series = await seriesByTitle(page.request, PLAYER_TITLE);
  const second = await episode(page.request, series.id, 2);
  await page.goto(`/watch/${second.id}`);
  await playedPast(page, 0.2);
  const player = page.getByTestId('player');
  const pause = page.getByRole('button', { name: 'Pause' });

  // Restart the 3 s timer with a mouse move, then check it still shows before 3 s and hides after.
  await page.mouse.move(100, 300);
  await page.mouse.move(120, 320);
  // 1.5 s leaves room for a busy machine while still well inside the 3 s.
  await page.waitForTimeout(1500);
  await expect(player).toHaveAttribute('data-controls', 'visible');
  await expect(pause).toBeVisible();
  await expect(player).toHaveAttribute('data-controls', 'hidden', { timeout: 3000 });
  await expect(pause).toBeHidden();
  await expect(page.getByRole('button', { name: 'Mute' })).toBeHidden();

  await page.mouse.move(200, 400);
  await expect(player).toHaveAttribute('data-controls', 'visible');
  await expect(pause).toBeVisible();
  await expect(player).toHaveAttribute('data-controls', 'hidden', { timeout: 4000 });

  await page.getByTestId('player-surface').tap({ position: { x: 50, y: 200 } });
  await expect(player).toHaveAttribute('data-controls', 'visible');
  await expect(pause).toBeVisible();
});

test('a first visit straight to an episode is one viewer, even when the player writes twice at once', async ({
  gatedPage: page,
}) => {
  const series = await seriesByTitle(page.request, PLAYER_TITLE);
  const first = await episode(page.request, series.id, 1);
  const isViewerCookie = (header: { name: string; value: string }) =>
    header.name.toLowerCase() === 'set-cookie' && header.value.startsWith('cliffhanger_viewer=');
  const viewersGiven: string[] = [];
  page.on('response', async (response) => {
    const given = (await response.headersArray()).filter(isViewerCookie);
    viewersGiven.push(...given.map((header) => header.value.split(';')[0]!));
  });
  // The first progress report, the browser's first write, is held on its way: a second one made meanwhile (on the
  // next pause) must wait for its answer and the viewer it gives, or it would leave without one and make another.
  let releaseFirst!: () => void;
  const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
  const reports: string[] = [];
  await page.route('**/api/progress', async (route) => {
    reports.push(route.request().method());
    if (reports.length === 1) await firstHeld;
    await route.continue();
  });

  const served = await page.goto(`/watch/${first.id}`);
  expect((await served!.headersArray()).filter(isViewerCookie)).toEqual([]);
  await playedPast(page, 0.5);
  await showControls(page);
  await page.getByRole('button', { name: 'Pause' }).click();
  await expect.poll(() => reports.length).toBe(1);
  await page.getByRole('button', { name: 'Play' }).click();
  await playedPast(page, 1.5);
  await showControls(page);
  await page.getByRole('button', { name: 'Pause' }).click();
  // The second report waits in the browser while the first is held.
  await page.waitForTimeout(1000);
  expect(reports).toHaveLength(1);
  releaseFirst();
  await expect.poll(() => reports.length).toBe(2);
  await expect.poll(() => viewersGiven.length).toBe(1);
  const progress = (await (await page.request.get('/api/user/user-1/progress')).json()) as ProgressJson[];
  expect(progress.find((p) => p.seriesId === series.id)).toMatchObject({ episodeId: first.id });
  await page.waitForTimeout(500);
  expect(new Set(viewersGiven).size).toBe(1);
});

test('progress is reported every few seconds (not on every time update), on pause, and when leaving', async ({
  gatedPage: page,
}) => {
  const series = await seriesByTitle(page.request, PROGRESS_TITLE);
  const ep2 = await episode(page.request, series.id, 2);
  const ep3 = await episode(page.request, series.id, 3);
  const reports: { episodeId: number; progress: number; positionSeconds: number }[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/progress') && request.method() === 'POST') reports.push(request.postDataJSON());
  });

  await page.goto(`/watch/${ep2.id}`);
  await playedPast(page, 0.5);
  const startedReports = reports.length;
  await playedPast(page, 5.5);
  // About 20+ time updates happened in those 5 s; at most one periodic report (every 5 s) went out.
  expect(reports.length - startedReports).toBeLessThanOrEqual(2);

  const onPause = page.waitForRequest((r) => r.url().endsWith('/api/progress') && r.method() === 'POST');
  await showControls(page);
  await page.getByRole('button', { name: 'Pause' }).click();
  const paused = (await onPause).postDataJSON() as Record<string, unknown>;
  expect(paused).toMatchObject({ userId: 'user-1', seriesId: series.id, episodeId: ep2.id });
  expect(paused.positionSeconds as number).toBeGreaterThan(5);
  expect(paused.progress as number).toBeGreaterThan(0);

  // Leaving inside the app (the back button) records where the viewer stopped.
  await page.getByRole('button', { name: 'Play' }).click();
  await playedPast(page, 6.5);
  await showControls(page);
  await page.getByRole('link', { name: `Back to ${series.title}` }).click();
  await expect(page).toHaveURL(`/series/${series.id}`);
  const progressOfSeries = async () => {
    const all = (await (await page.request.get('/api/user/user-1/progress')).json()) as ProgressJson[];
    return all.find((p) => p.seriesId === series.id);
  };
  // The report made on leaving is the one past 6.5 s (the pause report was at about 5.5 s).
  await expect.poll(async () => (await progressOfSeries())?.positionSeconds ?? 0).toBeGreaterThan(6);
  const saved = (await progressOfSeries())!;
  expect(saved).toMatchObject({ episodeId: ep2.id, episodeNumber: 2 });

  // The series page now offers to continue that episode, and the library shows the series in progress.
  await expect(page.getByRole('link', { name: 'Continue Episode 2' }).first()).toBeVisible();
  await page.goto('/library?tab=continue');
  const item = page.getByTestId('continue-item').filter({ hasText: series.title });
  await expect(item).toHaveAttribute('href', `/watch/${ep2.id}`);
  await expect(item.getByRole('progressbar')).toBeVisible();
  await expect(item).toContainText(/\d+% complete/);

  // Opening it resumes where the viewer stopped, not from the start.
  await item.click();
  await expect(page).toHaveURL(`/watch/${ep2.id}`);
  await page.waitForFunction(
    (at) => (document.querySelector('video')?.currentTime ?? 0) >= at,
    saved.positionSeconds - 1,
    {
      timeout: 4000,
    },
  );

  // Leaving the page altogether (pagehide) still delivers the last position.
  await page.goto(`/watch/${ep3.id}`);
  await playedPast(page, 2);
  await page.goto('about:blank');
  await expect
    .poll(async () => {
      const all = (await (await page.request.get('/api/user/user-1/progress')).json()) as ProgressJson[];
      return all.find((p) => p.seriesId === series.id)?.episodeId;
    })
    .toBe(ep3.id);
});

test('a locked episode shows the unlock prompt instead of playing', async ({ gatedPage: page }) => {
  const series = await seriesByTitle(page.request, LOCKED_TITLE);
  expect(series.isFree).toBe(false);
  const locked = await episode(page.request, series.id, 30);
  await page.goto(`/watch/${locked.id}`);
  await expect(page.getByRole('heading', { name: 'Episode 30 is locked' })).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Unlock on the series page' })).toHaveAttribute(
    'href',
    `/series/${series.id}`,
  );
  await page.getByRole('link', { name: 'Unlock on the series page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: series.title })).toBeVisible();
});

test('an unknown episode says so', async ({ gatedPage: page }) => {
  await page.goto('/watch/987654');
  await expect(page.getByRole('heading', { name: 'Episode not found' })).toBeVisible();
});
