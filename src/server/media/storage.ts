import { randomBytes } from 'node:crypto';
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
  /** The URL browsers fetch `key` at. */
  urlOf(key: string): string;
  /** The key behind one of our URLs, or null for a URL this store does not serve. */
  keyOf(url: string): string | null;
}

const MEDIA_PREFIX = '/media/';

/** The URL of a key of the local store (the one this server serves under /media/). */
export const localMediaUrl = (key: string) => MEDIA_PREFIX + assertSafeKey(key);
/** A relative path whose parts never start with a dot: no "..", no hidden files. */
const SAFE_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function assertSafeKey(key: string): string {
  if (!SAFE_KEY.test(key)) {
    throw new Error(`unsafe media key: ${key}`);
  }
  return key;
}

/** Media on the local disk (DATA_DIR/media), served by the media route under /media/. */
export function localDiskStorage(mediaDir: string): MediaStorage {
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
    urlOf: localMediaUrl,
    keyOf(url) {
      if (!url.startsWith(MEDIA_PREFIX)) return null;
      const key = url.slice(MEDIA_PREFIX.length).split(/[?#]/, 1)[0]!;
      return SAFE_KEY.test(key) ? key : null;
    },
  };
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
