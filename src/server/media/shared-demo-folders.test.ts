import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../testing/s3-server.ts';
import { copyMediaToBucket } from './media-migration.ts';
import { openS3Storage } from './s3-storage.ts';
import { sharedDemoKey, withSharedDemoFolders } from './shared-demo-folders.ts';
import { isServedKey, localDiskStorage, type RemoteMediaStorage } from './storage.ts';

let server: TestS3Server;
let mediaDir: string;
let bucket: RemoteMediaStorage;

const folder = (episode: number) => `series/1/episodes/${episode}/demo-3-abcdef123456`;
const CLIP: Record<string, string> = {
  'master.m3u8': '#EXTM3U\n720p/index.m3u8\n',
  '720p/index.m3u8': '#EXTM3U\nseg_00000.m4s\n',
  '720p/seg_00000.m4s': 's'.repeat(20_000),
  'video.mp4': 'v'.repeat(30_000),
};
const OPERATORS_MASTER = '#EXTM3U\n#EXT-X-MEDIA:TYPE=SUBTITLES\n720p/index.m3u8\n';

beforeAll(async () => {
  server = await startS3Server();
  bucket = await openS3Storage({
    endpoint: server.endpoint,
    region: 'us-east-1',
    bucket: server.bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  });
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-demo-folders-'));
  // As the demo makes them: a hidden staged clip, every episode folder made of hard links to it.
  const staged = path.join(mediaDir, '.demo-hls', 'demo-hls-2-abcdef123456', 'clip-3');
  for (const [file, text] of Object.entries(CLIP)) {
    fs.mkdirSync(path.dirname(path.join(staged, file)), { recursive: true });
    fs.writeFileSync(path.join(staged, file), text);
  }
  for (const episode of [10, 11, 12]) {
    for (const file of Object.keys(CLIP)) {
      const target = path.join(mediaDir, folder(episode), file);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.linkSync(path.join(staged, file), target);
    }
  }
  // An operator added subtitles to episode 12: a master playlist of its own (renamed over the link) and a track.
  fs.rmSync(path.join(mediaDir, folder(12), 'master.m3u8'));
  fs.writeFileSync(path.join(mediaDir, folder(12), 'master.m3u8'), OPERATORS_MASTER);
  fs.mkdirSync(path.join(mediaDir, folder(12), 'subs-en-1a2b3c4d'));
  fs.writeFileSync(path.join(mediaDir, folder(12), 'subs-en-1a2b3c4d', 'index.m3u8'), '#EXTM3U\nsubs\n');
  // The shared MP4 clip: the same file as the folders' video.mp4, under a key of its own.
  fs.mkdirSync(path.join(mediaDir, 'clips'));
  fs.linkSync(path.join(staged, 'video.mp4'), path.join(mediaDir, 'clips', 'clip-3.mp4'));
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe('demo episode folders in a bucket', () => {
  it('names the shared key of a demo folder file, and no other', () => {
    expect(sharedDemoKey(`${folder(10)}/720p/seg_00000.m4s`)).toBe('demo-hls/abcdef123456/clip-3/720p/seg_00000.m4s');
    expect(sharedDemoKey('series/1/episodes/10/demo-3-mp4/video.mp4')).toBe('demo-hls/mp4/clip-3/video.mp4');
    expect(sharedDemoKey('series/1/episodes/10/7-a1b2c3/master.m3u8')).toBeNull();
    expect(sharedDemoKey('clips/clip-3.mp4')).toBeNull();
    expect(isServedKey('demo-hls/abcdef123456/clip-3/master.m3u8')).toBe(false);
  });

  it('a dry run counts; the copy sends each clip file once and an operator’s files under their own keys', async () => {
    const local = localDiskStorage(mediaDir);
    const dry = await copyMediaToBucket(local, bucket, { dryRun: true });
    expect(await bucket.list('')).toEqual([]);
    const expected = {
      files: 14,
      distinctFiles: 6,
      objects: 7,
      // 3 folders × 4 files, less the 4 sent and episode 12's own master.
      sharedLinks: 7,
      // clips/clip-3.mp4 and the shared video.mp4: one file on disk, two keys.
      linkCopies: 1,
      linkCopyBytes: 30_000,
      alreadyThere: 0,
      toCopy: 7,
    };
    expect(dry).toMatchObject({ ...expected, copied: 0 });

    const report = await copyMediaToBucket(local, bucket);
    expect(report).toMatchObject({ ...expected, copied: 7 });
    expect((await bucket.list('')).map((o) => o.key)).toEqual([
      'clips/clip-3.mp4',
      'demo-hls/abcdef123456/clip-3/720p/index.m3u8',
      'demo-hls/abcdef123456/clip-3/720p/seg_00000.m4s',
      'demo-hls/abcdef123456/clip-3/master.m3u8',
      'demo-hls/abcdef123456/clip-3/video.mp4',
      `${folder(12)}/master.m3u8`,
      `${folder(12)}/subs-en-1a2b3c4d/index.m3u8`,
    ]);
    expect((await copyMediaToBucket(local, bucket)).copied).toBe(0);
  });

  it('the server reads each episode folder through its clip, its own files first where an operator wrote them', async () => {
    const served = withSharedDemoFolders(bucket);
    expect(await served.readText(`${folder(11)}/master.m3u8`)).toBe(CLIP['master.m3u8']);
    expect(await served.readText(`${folder(12)}/master.m3u8`)).toBe(OPERATORS_MASTER);
    expect(await served.readText(`${folder(12)}/subs-en-1a2b3c4d/index.m3u8`)).toBe('#EXTM3U\nsubs\n');
    expect(await served.readText(`${folder(10)}/720p/index.m3u8`)).toBe(CLIP['720p/index.m3u8']);
    const segment = await served.read(`${folder(11)}/720p/seg_00000.m4s`, { range: 'bytes=0-9' });
    expect(segment).toMatchObject({ size: 20_000, length: 10, contentRange: 'bytes 0-9/20000' });
    expect(await served.readText(`${folder(11)}/720p/none.m4s`)).toBeNull();
  });
});
