import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoClipsCacheKey,
  demoFontFile,
  demoClipsState,
  encodeDemoClip,
  prepareDemoClips,
} from './demo-clip-generator.ts';
import { DEMO_CLIPS, demoClipFile } from './demo-clips.ts';
import { findFfmpeg, findFfprobe, findFontFile, parseFfmpegInfo, probeMedia } from '../media/ffmpeg.ts';

const ffmpeg = findFfmpeg();
let dir: string;
let clip: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-test-clips-'));
  clip = path.join(dir, 'short.mp4');
  if (ffmpeg) await encodeDemoClip(ffmpeg, DEMO_CLIPS[0]!, clip, { fontFile: findFontFile(), seconds: 2.5 });
}, 60_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('demo clip generation', () => {
  it('finds an ffmpeg (PATH or the npm build)', () => {
    expect(ffmpeg).toBeTruthy();
  });

  it('makes a 9:16 MP4 with H.264 video and AAC audio of the asked length', async () => {
    const info = await probeMedia(clip);
    expect(info.format).toMatch(/mp4/);
    expect(info.video).toMatchObject({ codec: 'h264', width: 720, height: 1280 });
    expect(info.audio).toMatchObject({ codec: 'aac' });
    expect(info.durationSeconds).toBeGreaterThan(2.3);
    expect(info.durationSeconds).toBeLessThan(2.8);
  });

  it('reads the same from `ffmpeg -i` when there is no ffprobe', async () => {
    const info = await probeMedia(clip, { ffprobe: undefined, ffmpeg });
    expect(info.video).toMatchObject({ codec: 'h264', width: 720, height: 1280 });
    expect(info.audio).toMatchObject({ codec: 'aac' });
    expect(info.durationSeconds).toBeGreaterThan(2.3);
  });

  it('puts the index first (faststart), so playback starts before the download ends', () => {
    const bytes = fs.readFileSync(clip);
    const moov = bytes.indexOf('moov');
    const mdat = bytes.indexOf('mdat');
    expect(moov).toBeGreaterThan(0);
    expect(moov).toBeLessThan(mdat);
  });

  it('leaves no temporary file behind', () => {
    expect(fs.readdirSync(dir)).toEqual(['short.mp4']);
  });

  it('works with the static ffmpeg of @ffmpeg-installer too', async () => {
    const npmBuild = path.resolve('node_modules/@ffmpeg-installer/linux-x64/ffmpeg');
    if (!fs.existsSync(npmBuild) || npmBuild === ffmpeg) return;
    const output = path.join(dir, 'static.mp4');
    await encodeDemoClip(npmBuild, DEMO_CLIPS[1]!, output, { fontFile: findFontFile(), seconds: 2 });
    const info = await probeMedia(output, { ffprobe: findFfprobe(), ffmpeg: npmBuild });
    expect(info.video).toMatchObject({ codec: 'h264', width: 720, height: 1280 });
    expect(info.audio).toMatchObject({ codec: 'aac' });
    fs.rmSync(output);
  });
});

describe('parseFfmpegInfo', () => {
  it('reads format, duration and streams from the summary ffmpeg prints', () => {
    const info = parseFfmpegInfo(
      [
        "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'x.mp4':",
        '  Duration: 00:01:02.50, start: 0.000000, bitrate: 63 kb/s',
        '    Stream #0:0(und): Video: h264 (Main) (avc1 / 0x31637661), yuv420p, 360x640 [SAR 1:1 DAR 9:16], 40 kb/s, 24 fps',
        '    Stream #0:1(und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, stereo, fltp, 16 kb/s (default)',
      ].join('\n'),
    );
    expect(info).toEqual({
      format: 'mov,mp4,m4a,3gp,3g2,mj2',
      durationSeconds: 62.5,
      video: { codec: 'h264', width: 360, height: 640 },
      audio: { codec: 'aac' },
    });
  });
});

describe('prepareDemoClips', () => {
  it('links clips from the shared cache into a new data directory without encoding', async () => {
    const cacheDir = path.join(dir, 'cache');
    // The server probes its ffmpeg at start, before any demo media is prepared.
    const keyDir = path.join(cacheDir, demoClipsCacheKey(await demoFontFile()));
    fs.mkdirSync(keyDir, { recursive: true });
    for (const c of DEMO_CLIPS) fs.copyFileSync(clip, path.join(keyDir, path.basename(demoClipFile(c))));

    const mediaDir = path.join(dir, 'data-a', 'media');
    const started = Date.now();
    const result = await prepareDemoClips(mediaDir, { cacheDir, log: { info: () => {}, warn: () => {} } });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(result).toEqual({ reused: DEMO_CLIPS.length, encoded: 0, present: 0 });
    expect(demoClipsState()).toBe('ready');
    for (const c of DEMO_CLIPS) {
      const target = path.join(mediaDir, demoClipFile(c));
      const cached = path.join(keyDir, path.basename(target));
      expect(fs.readFileSync(target).equals(fs.readFileSync(cached))).toBe(true);
      // Same filesystem here, so a hard link: no second copy on disk.
      expect(fs.statSync(target).ino).toBe(fs.statSync(cached).ino);
    }

    const again = await prepareDemoClips(mediaDir, { cacheDir, log: { info: () => {}, warn: () => {} } });
    expect(again).toEqual({ reused: 0, encoded: 0, present: DEMO_CLIPS.length });
  });

  it('keys the cache by the recipe, so text and no-text clips never mix', () => {
    expect(demoClipsCacheKey('/some/font.ttf')).toBe(demoClipsCacheKey('/other/font.ttf'));
    expect(demoClipsCacheKey('/some/font.ttf')).not.toBe(demoClipsCacheKey(undefined));
    expect(demoClipsCacheKey(undefined)).toMatch(/^demo-clips-\d+-[0-9a-f]{12}$/);
  });
});
