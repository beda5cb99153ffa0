import fs from 'node:fs';
import path from 'node:path';
import type { LocalMediaStorage, RemoteMediaStorage, StoredFile } from './storage.ts';

export interface MigrationReport {
  /** Files in the local media folder, and their bytes. */
  files: number;
  bytes: number;
  /** Copied by this run; the rest were in the bucket already (an earlier run, or a server writing there). */
  copied: number;
  copiedBytes: number;
}

export interface MigrationOptions {
  log?: (message: string) => void;
  /** Files sent at once. */
  filesAtOnce?: number;
}

export class MigrationMismatch extends Error {
  constructor(readonly problems: string[]) {
    super(`${problems.length} file(s) are not in the bucket as they are on disk: ${problems.slice(0, 5).join('; ')}`);
  }
}

/**
 * Copies every file of the local media folder that the bucket lacks (or holds at another size) under the same key,
 * then checks that the bucket has each of them at its size. The local folder is left as it is, so viewers keep
 * playing from it meanwhile; a run that stops halfway is resumed by running it again (an object is in a bucket
 * whole or not at all, so a key of the right size is done).
 */
export async function copyMediaToBucket(
  source: LocalMediaStorage,
  target: RemoteMediaStorage,
  options: MigrationOptions = {},
): Promise<MigrationReport> {
  const log = options.log ?? (() => {});
  const filesAtOnce = options.filesAtOnce ?? 4;
  const [local, inBucket] = await Promise.all([source.list(''), target.list('')]);
  const sizeInBucket = new Map(inBucket.map((f) => [f.key, f.size]));
  const missing = local.filter((f) => sizeInBucket.get(f.key) !== f.size);
  const bytes = sum(local);
  log(
    `${local.length} files (${mb(bytes)}) on disk; ${local.length - missing.length} already in the bucket, ${missing.length} to copy (${mb(sum(missing))})`,
  );

  let copied = 0;
  let copiedBytes = 0;
  let lastReport = Date.now();
  for (let i = 0; i < missing.length; i += filesAtOnce) {
    await Promise.all(
      missing.slice(i, i + filesAtOnce).map(async (file) => {
        await target.putStream(fs.createReadStream(path.join(source.root, file.key)), file.key);
        copied++;
        copiedBytes += file.size;
      }),
    );
    if (Date.now() - lastReport > 5000) {
      lastReport = Date.now();
      log(`copied ${copied} of ${missing.length} files (${mb(copiedBytes)})`);
    }
  }

  const problems = await differences(local, target);
  if (problems.length > 0) throw new MigrationMismatch(problems);
  log(
    `verified: all ${local.length} files (${mb(bytes)}) are in the bucket at their sizes; ${copied} copied by this run`,
  );
  return { files: local.length, bytes, copied, copiedBytes };
}

/** Files of `expected` the bucket lacks or holds at another size. */
async function differences(expected: StoredFile[], target: RemoteMediaStorage): Promise<string[]> {
  const now = new Map((await target.list('')).map((f) => [f.key, f.size]));
  return expected.flatMap((f) => {
    const size = now.get(f.key);
    if (size === undefined) return [`${f.key} is missing`];
    return size === f.size ? [] : [`${f.key} is ${size} bytes, not ${f.size}`];
  });
}

const sum = (files: StoredFile[]) => files.reduce((total, f) => total + f.size, 0);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
