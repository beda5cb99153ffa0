import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ArtworkRefused, fetchArtwork } from './artwork-fetch.ts';
import { findFfmpeg, runTool } from './ffmpeg.ts';
import { identifyImage } from './image-kind.ts';
import { isPublicAddress } from './public-address.ts';

describe('public addresses', () => {
  it.each([['8.8.8.8'], ['93.184.216.34'], ['172.32.0.1'], ['::ffff:8.8.8.8'], ['2606:4700:4700::1111']])(
    '%s is public',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'IPv6 loopback'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'IPv6 unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['fe80::1', 'IPv6 link-local'],
    ['fe80::1%eth0', 'IPv6 link-local with a zone'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456::1', 'unique-local'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'IPv6 multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
    ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
    ['::ffff:a9fe:a9fe', 'IPv4-mapped link-local, hex'],
    ['::127.0.0.1', 'IPv4-compatible'],
    ['64:ff9b::7f00:1', 'NAT64'],
    ['2002:7f00:1::1', '6to4'],
    ['localhost', 'not an address'],
    ['', 'empty'],
  ])('%s is not public (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('pictures are known by their bytes', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cliffhanger-image-kind-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it.each([
    ['jpg', 'jpeg'],
    ['png', 'png'],
    ['webp', 'webp'],
    ['gif', 'gif'],
    ['avif', 'avif'],
  ])('reads the kind and size of a .%s file', async (extension, kind) => {
    const ffmpeg = findFfmpeg();
    expect(ffmpeg, 'ffmpeg is needed to make the sample pictures').toBeDefined();
    const file = path.join(dir, `sample.${extension}`);
    await runTool(ffmpeg!, [
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'color=c=red:s=320x180',
      '-frames:v',
      '1',
      file,
    ]);
    expect(identifyImage(fs.readFileSync(file))).toEqual({ kind, width: 320, height: 180 });
  });

  it.each([
    ['SVG', '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"/>'],
    ['HTML', '<!doctype html><img src=x>'],
    ['empty', ''],
    ['a cut-off PNG', '\x89PNG\r\n\x1a\n'],
    ['a cut-off JPEG', '\xff\xd8\xff\xe0\x00\x10JFIF'],
  ])('knows %s is not a picture', (_what, text) => {
    expect(identifyImage(Buffer.from(text, 'latin1'))).toBeNull();
  });
});

describe('fetching', () => {
  let silent: http.Server;
  let port: number;
  beforeAll(async () => {
    // Accepts and never answers.
    silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    port = (silent.address() as AddressInfo).port;
  });
  afterAll(() => {
    silent.closeAllConnections();
    silent.close();
  });

  const limits = (allowed: string[]) => ({
    timeoutMs: 300,
    maxBytes: 1024,
    maxRedirects: 3,
    allowedEndpoints: allowed,
  });

  it('gives up on a host that does not answer in time', async () => {
    const started = Date.now();
    await expect(fetchArtwork(`http://127.0.0.1:${port}/x.png`, limits([`127.0.0.1:${port}`]))).rejects.toThrow(
      new ArtworkRefused('it did not answer in time'),
    );
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('allows only the exact endpoint it was given, not its neighbours', async () => {
    await expect(fetchArtwork(`http://127.0.0.1:${port + 1}/x.png`, limits([`127.0.0.1:${port}`]))).rejects.toThrow(
      '127.0.0.1 is not a public internet address',
    );
    await expect(fetchArtwork(`http://127.0.0.2:${port}/x.png`, limits([`127.0.0.1:${port}`]))).rejects.toThrow(
      '127.0.0.2 is not a public internet address',
    );
  });

  it('refuses other schemes and malformed links', async () => {
    await expect(fetchArtwork('ftp://example.com/x.png', limits([]))).rejects.toThrow(/ftp: address/);
    await expect(fetchArtwork('not a link', limits([]))).rejects.toThrow('it is not a valid URL');
  });
});
