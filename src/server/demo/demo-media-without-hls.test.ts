import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_EPISODES } from '#contract/index.ts';
import { createTestContext, type TestContext } from '../testing/harness.ts';
import { demoClipsState, prepareDemoClips } from './demo-clip-generator.ts';
import { DEMO_CLIPS, demoClipFile } from './demo-clips.ts';
import { episodes, series } from '../db/schema.ts';
import { seedDemoCatalogue } from './seed.ts';
import { prepareDemoMedia, type DemoMediaResult } from './demo-media.ts';

// An ffmpeg that cannot run: HLS cannot be made, whatever the machine has installed.
process.env.FFMPEG_PATH = '/nonexistent/ffmpeg';

let t: TestContext;
let result: DemoMediaResult;
let cacheDir: string;
const logs: string[] = [];
const log = { info: (m: string) => logs.push(m), warn: (m: string) => logs.push(`WARN ${m}`) };
const OWN_MP4 = /^\/media\/series\/(\d+)\/episodes\/(\d+)\/demo-(\d+)-mp4\/video\.mp4$/;
const fileOf = (url: string) => path.join(t.mediaDir, url.replace(/^\/media\//, ''));

beforeAll(async () => {
  t = await createTestContext();
  cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-no-hls-cache-'));
  await seedDemoCatalogue(t.db, { mediaDir: t.mediaDir, log: () => {} });
  // The MP4 clips are there (as a data directory keeps them); each one's bytes say which clip it is.
  for (const clip of DEMO_CLIPS) {
    const file = path.join(t.mediaDir, demoClipFile(clip));
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `clip ${clip.number}`);
  }
  result = await prepareDemoMedia(t.db, t.mediaDir, { log, cacheDir, retireClipsAfterMs: 0 });
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(cacheDir, { recursive: true, force: true });
});

async function episodeOf(isFree: boolean, episodeNumber: number) {
  const [row] = await t.db
    .select({ id: episodes.id, videoUrl: episodes.videoUrl })
    .from(episodes)
    .innerJoin(series, eq(series.id, episodes.seriesId))
    .where(and(eq(series.isFree, isFree), eq(episodes.episodeNumber, episodeNumber)))
    .orderBy(asc(series.id))
    .limit(1);
  return row!;
}

describe('demo media when HLS cannot be made', () => {
  it('says so once and gives every demo episode an MP4 of its own, hard-linked to its clip', async () => {
    expect(logs.filter((l) => l.startsWith('WARN demo media: HLS could not be made'))).toHaveLength(1);
    const rows = await t.db
      .select({ id: episodes.id, seriesId: episodes.seriesId, videoUrl: episodes.videoUrl })
      .from(episodes);
    expect(result.ownMp4).toBe(rows.length);
    expect(new Set(rows.map((r) => r.videoUrl)).size).toBe(rows.length);
    for (const row of rows) {
      const match = OWN_MP4.exec(row.videoUrl);
      expect(match, row.videoUrl).not.toBeNull();
      expect(Number(match![1])).toBe(row.seriesId);
      expect(Number(match![2])).toBe(row.id);
      const own = fs.statSync(fileOf(row.videoUrl));
      expect(fs.readFileSync(fileOf(row.videoUrl), 'utf8')).toBe(`clip ${match![3]}`);
      expect(own.nlink).toBeGreaterThan(1);
    }
  });

  it('no longer serves the shared clips, so a locked episode cannot be played through a free one', async () => {
    for (const clip of DEMO_CLIPS) {
      expect(fs.existsSync(path.join(t.mediaDir, demoClipFile(clip)))).toBe(false);
    }
    const locked = await episodeOf(false, FREE_EPISODES + 1);
    const free = await episodeOf(false, 1);
    expect(locked.videoUrl).not.toBe(free.videoUrl);
    expect((await t.viewer({ method: 'GET', url: locked.videoUrl })).statusCode).toBe(403);
    expect((await t.viewer({ method: 'GET', url: free.videoUrl })).statusCode).toBe(200);
  });

  it('with no clips to link either, says once that the demo cannot play, and does not fail', async () => {
    const warnings: string[] = [];
    const mediaDir = path.join(cacheDir, 'elsewhere', 'media');
    const result = await prepareDemoClips(mediaDir, {
      cacheDir,
      log: { info: () => {}, warn: (m) => warnings.push(m) },
    });
    expect(result).toEqual({ reused: 0, encoded: 0, present: 0 });
    expect(demoClipsState()).toBe('unavailable');
    expect(warnings).toEqual(['demo clips: no usable ffmpeg, so the demo episodes cannot play until one is installed']);
  });
});
