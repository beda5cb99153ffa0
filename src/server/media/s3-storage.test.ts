import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import { startS3Server, type TestS3Server } from '../testing/s3-server.ts';
import { openS3Storage } from './s3-storage.ts';
import { MEDIA_STORE_UNAVAILABLE, type RemoteMediaStorage } from './storage.ts';

let server: TestS3Server;
let store: RemoteMediaStorage;
let scratch: string;

const settingsOf = (s: TestS3Server, requestTimeoutMs?: number) => ({
  endpoint: s.endpoint,
  region: 'us-east-1',
  bucket: s.bucket,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
  requestTimeoutMs,
});

beforeAll(async () => {
  server = await startS3Server();
  store = await openS3Storage(settingsOf(server));
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-s3-test-'));
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

function localFile(name: string, text: string) {
  const file = path.join(scratch, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
}

/** A finished HLS folder as the pipeline leaves it: a master, one rendition's playlist and `segments` segments. */
function localFolder(name: string, version: string, segments = 6) {
  const dir = path.join(scratch, name);
  fs.mkdirSync(path.join(dir, '360p'), { recursive: true });
  const names = Array.from({ length: segments }, (_, i) => `seg-${i}.m4s`);
  fs.writeFileSync(path.join(dir, 'master.m3u8'), `#EXTM3U\n#${version}\n360p/index.m3u8\n`);
  fs.writeFileSync(path.join(dir, '360p', 'index.m3u8'), `#EXTM3U\n${names.join('\n')}\n`);
  for (const n of names) fs.writeFileSync(path.join(dir, '360p', n), `${version}:${n}:${'x'.repeat(20_000)}`);
  return dir;
}

describe('S3 media storage against a real S3-compatible server', () => {
  it('puts, reads, replaces and removes one file; the local file is consumed', async () => {
    const file = localFile('poster.jpg', 'first');
    await store.putFile(file, 'art/poster.jpg');
    expect(fs.existsSync(file)).toBe(false);
    expect(await store.readText('art/poster.jpg')).toBe('first');

    await store.putFile(localFile('poster.jpg', 'second, longer'), 'art/poster.jpg');
    expect(await store.readText('art/poster.jpg')).toBe('second, longer');
    expect(await store.list('art')).toEqual([{ key: 'art/poster.jpg', size: 'second, longer'.length }]);

    await store.remove('art/poster.jpg');
    expect(await store.readText('art/poster.jpg')).toBeNull();
    await expect(store.remove('art/poster.jpg')).resolves.toBeUndefined();
    expect(await store.readText('never/there.m3u8')).toBeNull();
  });

  it('publishes a folder under a new key, lists it, refuses the same key twice and removes it whole', async () => {
    const dir = localFolder('job-1', 'v1', 3);
    await store.publishFolder(dir, 'series/3/episodes/7/1-1-aaaaaa');
    expect(fs.existsSync(dir)).toBe(false);
    const listed = await store.list('series/3/episodes/7/1-1-aaaaaa');
    expect(listed.map((f) => f.key)).toEqual([
      'series/3/episodes/7/1-1-aaaaaa/360p/index.m3u8',
      'series/3/episodes/7/1-1-aaaaaa/360p/seg-0.m4s',
      'series/3/episodes/7/1-1-aaaaaa/360p/seg-1.m4s',
      'series/3/episodes/7/1-1-aaaaaa/360p/seg-2.m4s',
      'series/3/episodes/7/1-1-aaaaaa/master.m3u8',
    ]);
    expect(listed.find((f) => f.key.endsWith('seg-1.m4s'))!.size).toBe('v1:seg-1.m4s:'.length + 20_000);

    await expect(store.publishFolder(localFolder('job-1b', 'v1'), 'series/3/episodes/7/1-1-aaaaaa')).rejects.toThrow(
      /already published/,
    );

    // A folder is a folder: series/30 is not inside series/3.
    await store.publishFolder(localFolder('other', 'v1', 1), 'series/30/episodes/9/1-1-bbbbbb');
    await store.remove('series/3');
    expect(await store.list('series/3')).toEqual([]);
    expect((await store.list('series/30')).length).toBe(3);
  });

  it('readers following the episode pointer see the old folder or the new one whole, never half', async () => {
    await store.publishFolder(localFolder('old', 'old', 8), 'series/5/episodes/1/1-1-111111');
    let pointer = 'series/5/episodes/1/1-1-111111';
    let publishing = true;
    const seen = new Set<string>();
    const reader = (async () => {
      while (publishing) {
        const folder = pointer;
        const master = await store.readText(`${folder}/master.m3u8`);
        const playlist = await store.readText(`${folder}/360p/index.m3u8`);
        expect(master).not.toBeNull();
        expect(playlist).not.toBeNull();
        const version = /#(old|new)/.exec(master!)![1]!;
        for (const segment of playlist!.split('\n').filter((l) => l.endsWith('.m4s'))) {
          const text = await store.readText(`${folder}/360p/${segment}`);
          expect(text?.startsWith(`${version}:${segment}:`)).toBe(true);
        }
        seen.add(version);
      }
    })();
    await store.publishFolder(localFolder('new', 'new', 8), 'series/5/episodes/1/2-1-222222');
    pointer = 'series/5/episodes/1/2-1-222222';
    // Let the reader make at least one pass over the new folder.
    await new Promise((resolve) => setTimeout(resolve, 300));
    publishing = false;
    await reader;
    expect(seen).toEqual(new Set(['old', 'new']));
    await store.remove('series/5/episodes/1/1-1-111111');
    expect(await store.list('series/5/episodes/1/1-1-111111')).toEqual([]);
  });

  it('serves byte ranges of a stored file', async () => {
    await store.putFile(localFile('clip.mp4', '0123456789'), 'clips/clip-1.mp4');
    const whole = await store.read('clips/clip-1.mp4');
    expect(whole).not.toBeNull();
    if (whole === null || typeof whole === 'string') throw new Error('not read');
    expect(whole.length).toBe(10);
    (whole.body as Readable).destroy();
    expect(await store.read('clips/clip-1.mp4', { ifNoneMatch: whole.etag })).toBe('not-modified');
    expect(await store.read('clips/clip-1.mp4', { range: 'bytes=50-60' })).toBe('unsatisfiable');
    const part = await store.read('clips/clip-1.mp4', { range: 'bytes=2-5' });
    if (part === null || typeof part === 'string') throw new Error('no range');
    expect(part.contentRange).toBe('bytes 2-5/10');
    const chunks: Buffer[] = [];
    for await (const chunk of part.body as Readable) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('2345');
    expect(await store.read('clips/nothing.mp4')).toBeNull();
  });

  it('uploads a 400 MB stream in parts without holding it in memory', { timeout: 240_000 }, async () => {
    const size = 400 * 1024 * 1024;
    const chunk = 1024 * 1024;
    const hash = createHash('sha256');
    let sent = 0;
    const body = new Readable({
      read() {
        if (sent >= size) return this.push(null);
        // Each chunk differs, so the stored object can be checked byte for byte through its hash.
        const piece = Buffer.alloc(chunk, sent / chunk);
        piece.writeUInt32BE(sent / chunk, 0);
        sent += chunk;
        hash.update(piece);
        this.push(piece);
      },
    });
    // The SDK's own first-use costs are not the upload's.
    await store.putStream(Readable.from([Buffer.alloc(6 * 1024 * 1024)]), 'uploads/warm-up.mp4');
    global.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed + now.arrayBuffers);
    }, 20);
    try {
      await store.putStream(body, 'uploads/big.mp4');
    } finally {
      clearInterval(sampler);
    }
    const rssGrowthMb = (peakRss - before.rss) / 1024 / 1024;
    const heapGrowthMb = (peakHeap - before.heapUsed - before.arrayBuffers) / 1024 / 1024;
    console.log(`400 MB upload: RSS grew ${rssGrowthMb.toFixed(0)} MB, heap+buffers ${heapGrowthMb.toFixed(0)} MB`);
    // Three 8 MB parts in flight, plus copies the garbage collector has not yet taken back (it runs when it
    // likes, so the peak swings by tens of MB from run to run). Holding the file would grow by all 400 MB:
    // the bound is half of that, far from both.
    expect(rssGrowthMb).toBeLessThan(200);
    expect(heapGrowthMb).toBeLessThan(200);

    expect(await store.list('uploads/big.mp4')).toEqual([{ key: 'uploads/big.mp4', size }]);
    const stored = await store.read('uploads/big.mp4');
    if (stored === null || typeof stored === 'string') throw new Error('not stored');
    const storedHash = createHash('sha256');
    for await (const piece of stored.body as Readable) storedHash.update(piece as Buffer);
    expect(storedHash.digest('hex')).toBe(hash.digest('hex'));
    await store.remove('uploads/big.mp4');
  });

  it('a store that does not answer is "unavailable" (a 503 with a readable message), not a crash', async () => {
    const slow = await startS3Server('slow-bucket');
    const slowStore = await openS3Storage(settingsOf(slow, 500));
    await slowStore.putFile(localFile('a.txt', 'a'), 'a.txt');
    slow.process.kill('SIGSTOP');
    try {
      const error = await slowStore.readText('a.txt').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).kind).toBe('unavailable');
      expect((error as DomainError).message).toBe(MEDIA_STORE_UNAVAILABLE);
      await expect(slowStore.ping()).rejects.toThrow(MEDIA_STORE_UNAVAILABLE);
    } finally {
      slow.process.kill('SIGCONT');
    }
    expect(await slowStore.readText('a.txt')).toBe('a');
    await slow.close();
    // Gone altogether: connection refused.
    await expect(slowStore.list('')).rejects.toThrow(MEDIA_STORE_UNAVAILABLE);
  });
});
