import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { openS3Storage } from '../media/s3-storage.ts';
import type { RemoteMediaStorage } from '../media/storage.ts';
import { startS3Server, type TestS3Server } from '../testing/s3-server.ts';
import { isDemoMediaOnItsWay, prepareDemoMediaInBucket } from './demo-media-bucket.ts';

let server: TestS3Server;
let bucket: RemoteMediaStorage;
let mediaDir: string;

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
  mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-on-its-way-'));
  fs.mkdirSync(path.join(mediaDir, 'art'));
  fs.writeFileSync(path.join(mediaDir, 'art', 'wide.1a2b3c4d5e.svg'), '<svg/>');
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

describe('demo media on its way to the bucket', () => {
  it('until the copy has listed what it sends, every demo episode file and clip is "being prepared" (a 503), nothing else', async () => {
    let release!: () => void;
    const listed = new Promise<void>((resolve) => (release = resolve));
    const slow: RemoteMediaStorage = {
      ...bucket,
      list: async (prefix) => {
        await listed;
        return bucket.list(prefix);
      },
    };
    const stop = new AbortController();
    const log = { info: () => {}, warn: () => {} };
    // Stopped before the demo media is made: the database is never asked.
    const running = prepareDemoMediaInBucket(undefined as unknown as Database, mediaDir, slow, {
      log,
      signal: stop.signal,
    });

    expect(isDemoMediaOnItsWay('/media/series/1/episodes/2/demo-3-abcdef123456/720p/seg_00000.m4s')).toBe(true);
    expect(isDemoMediaOnItsWay('/media/clips/clip-3.mp4')).toBe(true);
    expect(isDemoMediaOnItsWay('/media/series/1/episodes/2/7-1-abcdef/master.m3u8')).toBe(false);
    expect(isDemoMediaOnItsWay('/media/art/other.svg')).toBe(false);

    stop.abort();
    release();
    await running;
    expect(isDemoMediaOnItsWay('/media/series/1/episodes/2/demo-3-abcdef123456/720p/seg_00000.m4s')).toBe(false);
    expect(await bucket.list('')).toEqual([]);
  });
});
