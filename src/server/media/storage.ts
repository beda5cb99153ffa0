import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where published media lives. Keys are relative paths ("series/3/episodes/41/7-a1b2c3/master.m3u8");
 * callers never touch the disk of the store themselves, so an S3-compatible store can replace the local
 * one without changing them.
 */
export interface MediaStorage {
  /** Makes a finished local folder visible under `key` all at once (readers see all of it or nothing). The local folder is consumed. */
  publishFolder(localDir: string, key: string): Promise<void>;
  /** Stores one local file under `key`, replacing what was there. The local file is consumed. */
  putFile(localPath: string, key: string): Promise<void>;
  /** Removes the file or folder at `key`; a missing key is not an error. */
  remove(key: string): Promise<void>;
  /** The text of the file at `key`, or null when there is none. */
  readText(key: string): Promise<string | null>;
  /** Every file at or below `prefix` (a folder key, or "" for all), with its size in bytes. */
  list(prefix: string): Promise<StoredFile[]>;
  /** The file at `key` to send: null when there is none; a range past its end or an unchanged ETag say so. */
  read(key: string, options?: ReadOptions): Promise<StoredObject | null | 'unsatisfiable' | 'not-modified'>;
  /** The URL browsers fetch `key` at. */
  urlOf(key: string): string;
  /** The key behind one of our URLs, or null for a URL this store does not serve. */
  keyOf(url: string): string | null;
}

export interface StoredFile {
  key: string;
  size: number;
}

/** The store on this machine's disk: the media route serves its folder itself. */
export interface LocalMediaStorage extends MediaStorage {
  readonly kind: 'local';
  readonly root: string;
}

export interface ReadOptions {
  /** The HTTP Range header ("bytes=0-99"); one range, anything else reads the whole file. */
  range?: string;
  /** The HTTP If-None-Match header. */
  ifNoneMatch?: string;
}

export interface StoredObject {
  body: NodeJS.ReadableStream;
  /** The whole file's size in bytes. */
  size: number | undefined;
  /** Bytes in this reply (the range's, when one was asked for). */
  length: number | undefined;
  /** "bytes 0-99/1000" when a range was served. */
  contentRange: string | undefined;
  etag: string | undefined;
  lastModified: Date | undefined;
}

/** A store elsewhere (an S3-compatible bucket): the media route streams its files through. */
export interface RemoteMediaStorage extends MediaStorage {
  readonly kind: 'remote';
  /** Throws `unavailable` when the store cannot be reached. */
  ping(): Promise<void>;
  /** Stores a stream under `key` in parts, never holding more than a few parts in memory. */
  putStream(body: NodeJS.ReadableStream, key: string): Promise<void>;
}

export type AnyMediaStorage = LocalMediaStorage | RemoteMediaStorage;

/** What a store that cannot be reached answers, for media and uploads alike (a 503). */
export const MEDIA_STORE_UNAVAILABLE = 'The media store cannot be reached right now. Please try again in a minute.';

const MEDIA_PREFIX = '/media/';

/** The URL of a key of the local store (the one this server serves under /media/). */
export const localMediaUrl = (key: string) => MEDIA_PREFIX + assertSafeKey(key);
/** A relative path whose parts never start with a dot: no "..", no hidden files. */
const SAFE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

/** The key behind a /media/ URL, or null for any other URL. */
export function localMediaKeyOf(url: string): string | null {
  if (!url.startsWith(MEDIA_PREFIX)) return null;
  const key = url.slice(MEDIA_PREFIX.length).split(/[?#]/, 1)[0]!;
  return SAFE_KEY.test(key) ? key : null;
}

export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key);
}

/**
 * Uploaded videos waiting for their transcode are kept under this folder of a bucket (so a worker on any machine can
 * take the job). They are an operator's raw files, never media: no /media address serves them.
 */
export const ORIGINALS_FOLDER = 'originals';

/**
 * In a bucket, the demo clips' files every demo episode folder is read from (shared-demo-folders.ts). Served only
 * through those folders, so the lock check of the episode applies.
 */
export const SHARED_DEMO_FOLDER = 'demo-hls';

/** A key the /media routes may serve: safe, neither an uploaded original nor a shared demo file. */
export function isServedKey(key: string): boolean {
  return (
    SAFE_KEY.test(key) &&
    ![ORIGINALS_FOLDER, SHARED_DEMO_FOLDER].some((folder) => key === folder || key.startsWith(`${folder}/`))
  );
}

export function assertSafeKey(key: string): string {
  if (!SAFE_KEY.test(key)) {
    throw new Error(`unsafe media key: ${key}`);
  }
  return key;
}

/** Media on the local disk (DATA_DIR/media), served by the media route under /media/. */
export function localDiskStorage(mediaDir: string): LocalMediaStorage {
  const pathOf = (key: string) => path.join(mediaDir, assertSafeKey(key));

  /** rename() is atomic on one filesystem; across filesystems, copy beside the target first, then rename. */
  async function moveIntoPlace(source: string, target: string) {
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.rename(source, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      const staging = path.join(
        path.dirname(target),
        `.${path.basename(target)}.${randomBytes(4).toString('hex')}.partial`,
      );
      await fs.cp(source, staging, { recursive: true });
      await fs.rename(staging, target);
      await fs.rm(source, { recursive: true, force: true });
    }
  }

  return {
    kind: 'local',
    root: mediaDir,
    async publishFolder(localDir, key) {
      const target = pathOf(key);
      // Keys of published folders are never reused, so a folder already there means a caller bug.
      if (await exists(target)) throw new Error(`media folder already published: ${key}`);
      await moveIntoPlace(localDir, target);
    },
    async putFile(localPath, key) {
      await moveIntoPlace(localPath, pathOf(key));
    },
    async remove(key) {
      await fs.rm(pathOf(key), { recursive: true, force: true });
    },
    async readText(key) {
      try {
        return await fs.readFile(pathOf(key), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async list(prefix) {
      const base = prefix ? pathOf(prefix) : mediaDir;
      const entries = await fs.readdir(base, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') {
          return [];
        }
        throw error;
      });
      const files: StoredFile[] = [];
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const key = path.relative(mediaDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
        // Staging folders and partial copies (names starting with a dot) are nobody's media.
        if (!SAFE_KEY.test(key)) continue;
        const stat = await fs.stat(path.join(entry.parentPath, entry.name)).catch(() => null);
        if (stat) files.push({ key, size: stat.size });
      }
      if (prefix && files.length === 0) {
        const stat = await fs.stat(base).catch(() => null);
        if (stat?.isFile()) files.push({ key: prefix, size: stat.size });
      }
      return files.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
    async read(key, options = {}) {
      const file = pathOf(key);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
      if (options.ifNoneMatch && options.ifNoneMatch.split(/\s*,\s*/).includes(etag)) return 'not-modified';
      const range = options.range ? byteRange(options.range, stat.size) : null;
      if (range === 'unsatisfiable') return range;
      const [start, end] = range ?? [0, stat.size - 1];
      return {
        body: createReadStream(file, stat.size === 0 ? {} : { start, end }),
        size: stat.size,
        length: stat.size === 0 ? 0 : end - start + 1,
        contentRange: range ? `bytes ${start}-${end}/${stat.size}` : undefined,
        etag,
        lastModified: stat.mtime,
      };
    },
    urlOf: localMediaUrl,
    keyOf: localMediaKeyOf,
  };
}

/** One "bytes=a-b" range of a file this size; null for a header that asks for the whole file (or several ranges). */
function byteRange(header: string, size: number): [number, number] | null | 'unsatisfiable' {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return [start, end];
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
