import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LADDER, NotAVideoError, planLadder, probeVideo, segmentDurations, transcodeToHls } from './hls-pipeline.ts';
import { containerOfBytes } from './video-container.ts';
import { makeSourceVideo } from '../testing/media-uploads.ts';

// Transcodes share two cores with everything else running: allow them time on a busy machine.
vi.setConfig({ testTimeout: 120_000 });

let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-hls-'));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('planLadder', () => {
  it('keeps only the 9:16 rungs that are not larger than the source', () => {
    expect(planLadder({ width: 1080, height: 1920 }).map((r) => [r.name, r.width, r.height])).toEqual([
      ['360p', 360, 640],
      ['540p', 540, 960],
      ['720p', 720, 1280],
    ]);
    expect(planLadder({ width: 540, height: 960 }).map((r) => r.name)).toEqual(['360p', '540p']);
    expect(planLadder({ width: 719, height: 1278 }).map((r) => r.name)).toEqual(['360p', '540p']);
  });

  it('fits a source of another shape inside each rung, never above its own size', () => {
    for (const rung of planLadder({ width: 1920, height: 1080 })) {
      expect(rung.width).toBeLessThanOrEqual(LADDER.find((l) => l.name === rung.name)!.width);
      expect(rung.width / rung.height).toBeCloseTo(16 / 9, 1);
      expect((rung.width % 2) + (rung.height % 2)).toBe(0);
    }
  });

  it('gives a source smaller than every rung one rendition at its own size', () => {
    expect(planLadder({ width: 180, height: 320 })).toEqual([
      expect.objectContaining({ name: '320p', width: 180, height: 320 }),
    ]);
  });
});

describe('transcodeToHls', () => {
  it('makes fMP4 HLS with 2 s segments, the rungs up to the source size, a poster and the duration', async () => {
    const source = await makeSourceVideo(dir, { width: 540, height: 960, seconds: 5, fps: 24 });
    const probe = await probeVideo(source);
    expect(probe).toMatchObject({ width: 540, height: 960, hasAudio: true });
    expect(probe.durationSeconds).toBeCloseTo(5, 0);

    const outDir = path.join(dir, 'out-540');
    const progress: number[] = [];
    const result = await transcodeToHls({ source, outDir, probe, onProgress: (p) => progress.push(p) });

    expect(result.renditions.map((r) => r.name)).toEqual(['360p', '540p']);
    expect(result.durationSeconds).toBeCloseTo(5, 0);
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((p, i) => p >= 0 && p <= 99 && (i === 0 || p >= progress[i - 1]!))).toBe(true);

    const master = fs.readFileSync(path.join(outDir, 'master.m3u8'), 'utf8');
    const variants = [...master.matchAll(/RESOLUTION=(\d+)x(\d+).*\n(.+)/g)].map((m) => ({
      width: Number(m[1]),
      height: Number(m[2]),
      uri: m[3]!.trim(),
    }));
    // Smallest first: players start on the first rendition of the master playlist.
    expect(variants).toEqual([
      { width: 360, height: 640, uri: '360p/index.m3u8' },
      { width: 540, height: 960, uri: '540p/index.m3u8' },
    ]);
    expect(master).toMatch(/CODECS="avc1\.[0-9a-f]+,mp4a\.40\.2"/);

    for (const variant of variants) {
      const playlist = fs.readFileSync(path.join(outDir, variant.uri), 'utf8');
      expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(playlist).toContain('#EXT-X-TARGETDURATION:2');
      const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)?.[1];
      expect(init).toMatch(/\.mp4$/);
      expect(fs.existsSync(path.join(outDir, path.dirname(variant.uri), init!))).toBe(true);
      const durations = segmentDurations(playlist);
      expect(durations.length).toBe(3);
      for (const d of durations.slice(0, -1)) expect(d).toBeCloseTo(2, 1);
      expect(durations.reduce((a, b) => a + b, 0)).toBeCloseTo(5, 0);
      const segments = [...playlist.matchAll(/^(seg_\d+\.m4s)$/gm)].map((m) => m[1]!);
      expect(segments.length).toBe(durations.length);
      for (const segment of segments) {
        expect(fs.statSync(path.join(outDir, path.dirname(variant.uri), segment)).size).toBeGreaterThan(0);
      }
      // The rendition really is H.264 + AAC at the advertised size.
      const joined = path.join(dir, `joined-${path.dirname(variant.uri)}.mp4`);
      fs.writeFileSync(
        joined,
        Buffer.concat([
          fs.readFileSync(path.join(outDir, path.dirname(variant.uri), init!)),
          fs.readFileSync(path.join(outDir, path.dirname(variant.uri), segments[0]!)),
        ]),
      );
      const rendition = await probeVideo(joined);
      expect(rendition).toMatchObject({ width: variant.width, height: variant.height, hasAudio: true });
    }

    const poster = fs.readFileSync(path.join(outDir, 'poster.jpg'));
    expect(poster.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('gives a silent source a sound track and a small one a single rendition of its own size', async () => {
    const source = await makeSourceVideo(dir, { width: 180, height: 320, seconds: 3, audio: false });
    const probe = await probeVideo(source);
    expect(probe.hasAudio).toBe(false);
    const outDir = path.join(dir, 'out-180');
    const result = await transcodeToHls({ source, outDir, probe });
    expect(result.renditions).toEqual([expect.objectContaining({ name: '320p', width: 180, height: 320 })]);
    const master = fs.readFileSync(path.join(outDir, 'master.m3u8'), 'utf8');
    expect(master).toContain('RESOLUTION=180x320');
    expect(master).toContain('mp4a.40.2');
  });

  it('stops ffmpeg at once when aborted', async () => {
    const source = await makeSourceVideo(dir, { width: 360, height: 640, seconds: 12 });
    const probe = await probeVideo(source);
    const controller = new AbortController();
    let pid = 0;
    const run = transcodeToHls({
      source,
      outDir: path.join(dir, 'out-aborted'),
      probe,
      signal: controller.signal,
      onSpawn: (p) => (pid = p),
      onProgress: () => controller.abort(new Error('stop')),
    });
    await expect(run).rejects.toThrow('stop');
    expect(pid).toBeGreaterThan(0);
    expect(() => process.kill(pid, 0)).toThrow();
  });
});

describe('probeVideo', () => {
  it('reads the size a phone video is shown at, rotation applied', async () => {
    const source = await makeSourceVideo(dir, { width: 640, height: 360, seconds: 1, rotate: 90 });
    expect(await probeVideo(source)).toMatchObject({ width: 360, height: 640 });
  });

  it('says why a file is not a video', async () => {
    const junk = path.join(dir, 'junk.mp4');
    fs.writeFileSync(junk, Buffer.from(Array.from({ length: 40_000 }, (_, i) => (i * 7919) % 251)));
    const error = await probeVideo(junk).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotAVideoError);
    expect((error as NotAVideoError).reason).toBe('it is not an MP4, MOV, MKV or WebM video');
  });

  it("gives ffmpeg's own reason for a broken file of an accepted container, without our paths", async () => {
    const broken = path.join(dir, 'broken.video');
    const junk = Buffer.from(Array.from({ length: 40_000 }, (_, i) => (i * 7919) % 251));
    fs.writeFileSync(broken, Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), junk]));
    const error = await probeVideo(broken).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotAVideoError);
    expect((error as NotAVideoError).reason).toMatch(/Invalid data found|moov atom not found|no video track/);
    expect((error as NotAVideoError).reason).not.toContain(dir);
  });
});

describe('containerOfBytes', () => {
  it('knows MP4/MOV and Matroska/WebM by their first bytes, and nothing else', () => {
    const head = (text: string) => Buffer.from(text, 'latin1');
    expect(containerOfBytes(head('\0\0\0\x20ftypisom'))).toBe('mov');
    expect(containerOfBytes(head('\0\0\0\x08wide\0\0'))).toBe('mov');
    expect(containerOfBytes(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42]))).toBe('matroska');
    for (const other of [
      '#EXTM3U\n#EXT-X',
      'ffconcat version 1.0',
      '\x89PNG\r\n\x1a\n',
      '\xff\xd8\xff\xe0JFIF',
      'GIF89a',
      'RIFF....WEBP',
      '',
    ]) {
      expect(containerOfBytes(head(other)), JSON.stringify(other)).toBeUndefined();
    }
  });
});
