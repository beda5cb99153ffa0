import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type * as ClientS3 from '@aws-sdk/client-s3';
import type { GetObjectCommandOutput, S3Client } from '@aws-sdk/client-s3';
import type * as LibStorage from '@aws-sdk/lib-storage';
import { DomainError, unavailable } from '../errors.ts';
import { mediaContentType } from './content-types.ts';
import {
  MEDIA_STORE_UNAVAILABLE,
  assertSafeKey,
  localMediaKeyOf,
  localMediaUrl,
  type ReadOptions,
  type RemoteMediaStorage,
  type StoredFile,
} from './storage.ts';

export interface S3Settings {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** A request to the store that takes longer than this fails (503), in ms. */
  requestTimeoutMs?: number;
}

/** Parts of a multipart upload: a few of these are all an upload holds in memory. */
const PART_SIZE = 8 * 1024 * 1024;
const PARTS_AT_ONCE = 3;
/** Files of one folder sent at once. */
const FILES_AT_ONCE = 4;

/** The SDK, loaded only by servers that use a bucket (it costs a local-disk server 150 ms and 25 MB at start). */
type Sdk = typeof ClientS3 & Pick<typeof LibStorage, 'Upload'>;

function s3Client(sdk: Sdk, settings: S3Settings): S3Client {
  return new sdk.S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Only what the S3 API itself demands: MinIO, Ceph, R2 and s3rver refuse or ignore the newer default checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
    requestHandler: {
      connectionTimeout: 3000,
      requestTimeout: settings.requestTimeoutMs ?? 15_000,
      throwOnRequestTimeout: true,
    },
  });
}

/**
 * Media in an S3-compatible bucket, under the same keys as on disk. A folder is published by writing every file
 * under a key never used before; nothing points at it until the caller switches the episode to it, so readers see
 * the old folder or the whole new one. A single object is replaced atomically by S3 itself.
 */
export async function openS3Storage(settings: S3Settings): Promise<RemoteMediaStorage> {
  const [client, storage] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]);
  return s3Storage({ ...client, Upload: storage.Upload }, settings);
}

function s3Storage(sdk: Sdk, settings: S3Settings): RemoteMediaStorage {
  const client = s3Client(sdk, settings);
  const { DeleteObjectsCommand, GetObjectCommand, HeadBucketCommand, ListObjectsV2Command, Upload } = sdk;
  const Bucket = settings.bucket;

  /** Runs a store call; a store that cannot be reached (refused, timed out, 5xx) becomes a readable 503. */
  async function call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (isUnreachable(error)) throw unavailable(MEDIA_STORE_UNAVAILABLE);
      throw error;
    }
  }

  async function putStream(body: NodeJS.ReadableStream, key: string) {
    const upload = new Upload({
      client,
      params: { Bucket, Key: assertSafeKey(key), Body: body as Readable, ContentType: mediaContentType(key) },
      partSize: PART_SIZE,
      queueSize: PARTS_AT_ONCE,
      leavePartsOnError: false,
    });
    await call(() => upload.done());
  }

  async function list(prefix: string): Promise<StoredFile[]> {
    const files: StoredFile[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await call(() =>
        client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken })),
      );
      for (const object of page.Contents ?? []) {
        // "series/3" is a folder: "series/30/..." is not in it.
        const key = object.Key;
        if (key && (!prefix || key === prefix || key.startsWith(`${prefix}/`)))
          files.push({ key, size: object.Size ?? 0 });
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return files.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async function getObject(
    key: string,
    options: ReadOptions = {},
  ): Promise<GetObjectCommandOutput | null | 'unsatisfiable' | 'not-modified'> {
    try {
      return await client.send(
        new GetObjectCommand({
          Bucket,
          Key: assertSafeKey(key),
          Range: options.range,
          IfNoneMatch: options.ifNoneMatch,
        }),
      );
    } catch (error) {
      const name = (error as { name?: string }).name;
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 304) return 'not-modified';
      if (name === 'NoSuchKey' || name === 'NotFound' || status === 404) return null;
      if (name === 'InvalidRange' || status === 416) return 'unsatisfiable';
      if (isUnreachable(error)) throw unavailable(MEDIA_STORE_UNAVAILABLE);
      throw error;
    }
  }

  async function remove(key: string) {
    const keys = (await list(assertSafeKey(key))).map((f) => f.key);
    for (let i = 0; i < keys.length; i += 1000) {
      const Objects = keys.slice(i, i + 1000).map((Key) => ({ Key }));
      await call(() => client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } })));
    }
  }

  return {
    kind: 'remote',
    async publishFolder(localDir, key) {
      assertSafeKey(key);
      // Keys of published folders are never reused, so a folder already there means a caller bug.
      if ((await list(key)).length > 0) throw new Error(`media folder already published: ${key}`);
      const files = (await fsp.readdir(localDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile())
        .map((entry) => path.join(entry.parentPath, entry.name));
      try {
        for (let i = 0; i < files.length; i += FILES_AT_ONCE) {
          await Promise.all(
            files.slice(i, i + FILES_AT_ONCE).map((file) => {
              const relative = path.relative(localDir, file).split(path.sep).join('/');
              return putStream(fs.createReadStream(file), `${key}/${relative}`);
            }),
          );
        }
      } catch (error) {
        // Nothing points at the folder yet: what was written of it goes, so no half folder stays behind.
        await remove(key).catch(() => {});
        throw error;
      }
      await fsp.rm(localDir, { recursive: true, force: true });
    },
    async putFile(localPath, key) {
      await putStream(fs.createReadStream(localPath), key);
      await fsp.rm(localPath, { force: true });
    },
    putStream,
    remove,
    async readText(key) {
      const object = await getObject(key);
      if (typeof object === 'string' || object === null || !object.Body) return null;
      return call(() => object.Body!.transformToString('utf8'));
    },
    list,
    async read(key, options) {
      const object = await getObject(key, options);
      if (object === null || typeof object === 'string') return object;
      const total = object.ContentRange ? Number(object.ContentRange.split('/')[1]) : object.ContentLength;
      return {
        body: object.Body as Readable,
        size: Number.isFinite(total) ? total : undefined,
        length: object.ContentLength,
        contentRange: object.ContentRange,
        etag: object.ETag,
        lastModified: object.LastModified,
      };
    },
    async ping() {
      await call(() => client.send(new HeadBucketCommand({ Bucket })));
    },
    urlOf: localMediaUrl,
    keyOf: localMediaKeyOf,
  };
}

/** Errors that say the store is not there (or not answering), as opposed to an answer about a key. */
function isUnreachable(error: unknown): boolean {
  if (error instanceof DomainError) return false;
  const e = error as { name?: string; code?: string; $metadata?: { httpStatusCode?: number }; $retryable?: unknown };
  const status = e.$metadata?.httpStatusCode;
  if (status !== undefined && status >= 500) return true;
  if (e.name === 'TimeoutError' || e.name === 'RequestTimeout' || e.name === 'AbortError') return true;
  const code = e.code ?? (error as { cause?: { code?: string } }).cause?.code;
  return (
    typeof code === 'string' &&
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE', 'EAI_AGAIN'].includes(code)
  );
}
