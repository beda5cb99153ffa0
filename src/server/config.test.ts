import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('PUBLIC_URL, the public origin of the app', () => {
  it.each([
    ['https://cliffhanger.example', 'https://cliffhanger.example'],
    ['https://Cliffhanger.Example/', 'https://cliffhanger.example'],
    ['http://10.0.0.5:5000', 'http://10.0.0.5:5000'],
    ['https://cliffhanger.example:443', 'https://cliffhanger.example'],
    ['  ', undefined],
  ])('%j is the origin %j', (value, origin) => {
    expect(loadConfig({ PUBLIC_URL: value }).publicOrigin).toBe(origin);
  });

  it('is unset by default', () => {
    expect(loadConfig({}).publicOrigin).toBeUndefined();
  });

  it.each([
    'cliffhanger.example',
    'ftp://cliffhanger.example',
    'https://cliffhanger.example/app',
    'https://cliffhanger.example/?',
    'https://cliffhanger.example#top',
    'https://operator:secret@cliffhanger.example',
    'javascript:alert(1)',
  ])('refuses %j, naming the variable', (value) => {
    expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(/PUBLIC_URL: use the http\(s\) origin/);
  });
});

describe('where media lives and where browsers fetch it', () => {
  it('keeps media on this disk unless told otherwise', () => {
    expect(loadConfig({}).mediaStorage).toEqual({ kind: 'local' });
    expect(loadConfig({}).mediaPublicUrl).toBeUndefined();
    expect(loadConfig({}).mediaTokenMs).toBe(10 * 60_000);
  });

  it('MEDIA_STORAGE=s3 reads the S3_* settings and refuses to start without a bucket', () => {
    expect(
      loadConfig({
        MEDIA_STORAGE: 's3',
        S3_BUCKET: 'media',
        S3_ENDPOINT: 'http://minio:9000',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).mediaStorage,
    ).toMatchObject({
      kind: 's3',
      bucket: 'media',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      accessKeyId: 'id',
      secretAccessKey: 'secret',
    });
    expect(() => loadConfig({ MEDIA_STORAGE: 's3' })).toThrow(/S3_BUCKET: set the bucket/);
    expect(() => loadConfig({ MEDIA_STORAGE: 'ftp' })).toThrow(/MEDIA_STORAGE/);
  });

  it.each([
    ['https://cdn.example/media/', 'https://cdn.example/media'],
    ['https://cdn.example', 'https://cdn.example'],
  ])('MEDIA_PUBLIC_URL %j is the base %j', (value, base) => {
    expect(loadConfig({ MEDIA_PUBLIC_URL: value }).mediaPublicUrl).toBe(base);
  });

  it.each([
    'cdn.example/media',
    'ftp://cdn.example/media',
    'https://u:p@cdn.example/media',
    'https://cdn.example/m?x=1',
  ])('refuses MEDIA_PUBLIC_URL %j with a reason', (value) => {
    expect(() => loadConfig({ MEDIA_PUBLIC_URL: value })).toThrow(/MEDIA_PUBLIC_URL: use the http\(s\) address/);
  });
});
