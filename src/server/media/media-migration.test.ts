import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../testing/s3-server.ts';
import { copyMediaToBucket, MigrationMismatch } from './media-migration.ts';
import { openS3Storage } from './s3-storage.ts';
import { localDiskStorage, type RemoteMediaStorage } from './storage.ts';

let server: TestS3Server;
let dataDir: string;
let bucket: RemoteMediaStorage;

const FILES: Record<string, string> = {
  'art/wide.1a2b3c4d5e.svg': '<svg/>',
  'clips/clip-1.mp4': 'x'.repeat(70_000),
  'series/1/episodes/2/5-1-abcdef/master.m3u8': '#EXTM3U\n',
  'series/1/episodes/2/5-1-abcdef/360p/seg_00000.m4s': 's'.repeat(30_000),
  'series/1/episodes/2/5-1-abcdef/360p/seg_00001.m4s': 't'.repeat(30_001),
  'series/1/episodes/2/5-1-abcdef/subs-en-1a2b/index.m3u8': '#EXTM3U\n',
};

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
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-migrate-'));
  for (const [key, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(dataDir, 'media', key)), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'media', key), text);
  }
  // Staging and half-written files are nobody's media.
  fs.mkdirSync(path.join(dataDir, 'media', '.demo-staging'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'media', '.demo-staging', 'x.mp4'), 'staging');
  fs.writeFileSync(path.join(dataDir, 'media', 'clips', '.clip-2.mp4.123.tmp'), 'half');
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const totalBytes = Object.values(FILES).reduce((n, text) => n + text.length, 0);

describe('moving the media folder into a bucket', () => {
  it('stops halfway, resumes with only what is missing, and verifies counts and sizes', async () => {
    const local = localDiskStorage(path.join(dataDir, 'media'));
    let allowed = 2;
    const failing: RemoteMediaStorage = {
      ...bucket,
      putStream: async (body, key) => {
        if (allowed-- <= 0) throw new Error('connection lost');
        return bucket.putStream(body, key);
      },
    };
    await expect(copyMediaToBucket(local, failing, { filesAtOnce: 1 })).rejects.toThrow('connection lost');
    expect((await bucket.list('')).length).toBe(2);

    const report = await copyMediaToBucket(local, bucket);
    expect(report).toMatchObject({
      files: 6,
      bytes: totalBytes,
      objects: 6,
      alreadyThere: 2,
      toCopy: 4,
      copied: 4,
      copiedBytes: expect.any(Number),
    });
    expect(await bucket.list('')).toEqual(
      Object.entries(FILES)
        .map(([key, text]) => ({ key, size: text.length }))
        .sort((a, b) => (a.key < b.key ? -1 : 1)),
    );
    expect(await bucket.readText('series/1/episodes/2/5-1-abcdef/master.m3u8')).toBe('#EXTM3U\n');
    // The disk is left as it was: the servers keep serving from it until they are switched.
    expect(fs.existsSync(path.join(dataDir, 'media', 'clips', 'clip-1.mp4'))).toBe(true);

    const again = await copyMediaToBucket(local, bucket);
    expect(again.copied).toBe(0);
  });

  it('a file that does not arrive whole is reported, not taken as done', async () => {
    const local = localDiskStorage(path.join(dataDir, 'media'));
    fs.writeFileSync(path.join(dataDir, 'media', 'clips', 'clip-1.mp4'), 'y'.repeat(70_001));
    const dropping: RemoteMediaStorage = { ...bucket, putStream: async () => {} };
    const error = await copyMediaToBucket(local, dropping).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationMismatch);
    expect((error as MigrationMismatch).problems).toEqual(['clips/clip-1.mp4 is 70000 bytes, not 70001']);
  });

  it(
    'npm run media:migrate -- --to s3 copies the folder of DATA_DIR with the S3_* settings',
    { timeout: 60_000 },
    async () => {
      const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'media:migrate', '--', '--to', 's3'], {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          S3_ENDPOINT: server.endpoint,
          S3_BUCKET: server.bucket,
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          S3_FORCE_PATH_STYLE: 'true',
        },
      });
      expect(stdout).toMatch(/verified: all 6 objects/);
      expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toMatchObject({ files: 6, copied: 1 });
      expect(await bucket.readText('clips/clip-1.mp4')).toBe('y'.repeat(70_001));
    },
  );

  it('npm run media:migrate -- --help prints the usage and exits 0', { timeout: 60_000 }, async () => {
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'media:migrate', '--', '--help']);
    expect(stdout).toMatch(/^Usage: npm run media:migrate -- --to s3 \[--dry-run\]/);
    expect(stdout).toMatch(/--dry-run/);
  });

  it('--dry-run says what would be copied and writes nothing', { timeout: 60_000 }, async () => {
    fs.mkdirSync(path.join(dataDir, 'media', 'art'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'media', 'art', 'new.2b3c4d5e6f.svg'), '<svg>new</svg>');
    const before = await bucket.list('');
    const { stdout } = await promisify(execFile)(
      'npm',
      ['run', '--silent', 'media:migrate', '--', '--to', 's3', '--dry-run'],
      {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          S3_ENDPOINT: server.endpoint,
          S3_BUCKET: server.bucket,
          S3_ACCESS_KEY_ID: 'S3RVER',
          S3_SECRET_ACCESS_KEY: 'S3RVER',
          S3_FORCE_PATH_STYLE: 'true',
        },
      },
    );
    expect(stdout).toMatch(/Dry run: nothing is written/);
    expect(stdout).toMatch(/6 already in the bucket, 1 to copy \(0\.0 MB\)/);
    expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toMatchObject({
      dryRun: true,
      files: 7,
      alreadyThere: 6,
      toCopy: 1,
      toCopyBytes: '<svg>new</svg>'.length,
      copied: 0,
    });
    expect(await bucket.list('')).toEqual(before);
  });
});
