import fs from 'node:fs';
import path from 'node:path';
import { sharedDemoKey } from './shared-demo-folders.ts';
import { isSafeKey, type LocalMediaStorage, type RemoteMediaStorage, type StoredFile } from './storage.ts';

export interface MigrationReport {
  /** Files in the local media folder (one per name, hard links included), and their bytes. */
  files: number;
  bytes: number;
  /** Files with their own data on disk (hard links of one file counted once). */
  distinctFiles: number;
  distinctBytes: number;
  /** What the bucket holds once the copy is done. */
  objects: number;
  objectBytes: number;
  /** Files of demo episode folders not sent: hard links of their clip's file, which is stored once for them all. */
  sharedLinks: number;
  /** Hard links of a file sent once more each, because the layout needs them under their own keys. */
  linkCopies: number;
  linkCopyBytes: number;
  /** Objects in the bucket already at their size (an earlier run, or a server writing there). */
  alreadyThere: number;
  alreadyThereBytes: number;
  /** Objects this run sends (or would send, on a dry run). */
  toCopy: number;
  toCopyBytes: number;
  /** Sent by this run; none on a dry run. */
  copied: number;
  copiedBytes: number;
}

export interface MigrationOptions {
  log?: (message: string) => void;
  /** Files sent at once. */
  filesAtOnce?: number;
  /** Report what would be copied and write nothing. */
  dryRun?: boolean;
  /** Stops between files; the run is resumed by the next one. */
  signal?: AbortSignal;
  /** The keys the run is about to send, once they are known, and each one once it is in the bucket. */
  onPlanned?: (keys: string[]) => void;
  onCopied?: (key: string) => void;
}

export class MigrationMismatch extends Error {
  constructor(readonly problems: string[]) {
    super(`${problems.length} file(s) are not in the bucket as they are on disk: ${problems.slice(0, 5).join('; ')}`);
  }
}

interface DiskFile extends StoredFile {
  /** Device and inode: equal for hard links of one file. */
  inode: string;
}

interface BucketObject {
  key: string;
  size: number;
  /** The file on disk it is sent from (its relative path). */
  from: string;
}

/**
 * Copies every file of the local media folder that the bucket lacks (or holds at another size), then checks that
 * the bucket has each of them at its size. Files keep their keys, except demo episode folders' files, which are hard
 * links of their clip's: those are stored once per clip under its shared key (shared-demo-folders.ts), and a file
 * of such a folder that is not a link of the clip's (an operator's subtitles) keeps its own key. The local folder is
 * left as it is, so viewers keep playing from it meanwhile; a run that stops halfway is resumed by running it again
 * (an object is in a bucket whole or not at all, so a key of the right size is done).
 */
export async function copyMediaToBucket(
  source: LocalMediaStorage,
  target: RemoteMediaStorage,
  options: MigrationOptions = {},
): Promise<MigrationReport> {
  const log = options.log ?? (() => {});
  const filesAtOnce = options.filesAtOnce ?? 4;
  const [local, inBucket] = await Promise.all([filesOnDisk(source.root), target.list('')]);
  const plan = planObjects(local);
  const sizeInBucket = new Map(inBucket.map((f) => [f.key, f.size]));
  const missing = plan.objects.filter((o) => sizeInBucket.get(o.key) !== o.size);
  const distinct = new Map(local.map((f) => [f.inode, f.size]));
  const report: MigrationReport = {
    files: local.length,
    bytes: sum(local),
    distinctFiles: distinct.size,
    distinctBytes: sum([...distinct.values()].map((size) => ({ size }))),
    objects: plan.objects.length,
    objectBytes: sum(plan.objects),
    sharedLinks: plan.sharedLinks,
    linkCopies: plan.linkCopies.length,
    linkCopyBytes: sum(plan.linkCopies),
    alreadyThere: plan.objects.length - missing.length,
    alreadyThereBytes: sum(plan.objects) - sum(missing),
    toCopy: missing.length,
    toCopyBytes: sum(missing),
    copied: 0,
    copiedBytes: 0,
  };
  log(
    `${report.files} files (${mb(report.bytes)}) on disk, ${report.distinctFiles} of them distinct (${mb(report.distinctBytes)}); ` +
      `${report.objects} objects (${mb(report.objectBytes)}) in the bucket once copied` +
      (report.sharedLinks > 0
        ? ` (${report.sharedLinks} files of demo episode folders are links of their clip's files, stored once per clip)`
        : '') +
      (report.linkCopies > 0
        ? `; ${report.linkCopies} hard links (${mb(report.linkCopyBytes)}) sent again under their own keys`
        : '') +
      `; ${report.alreadyThere} already in the bucket, ${report.toCopy} to copy (${mb(report.toCopyBytes)})`,
  );
  if (options.dryRun) return report;

  options.onPlanned?.(missing.map((o) => o.key));
  let lastReport = Date.now();
  for (let i = 0; i < missing.length; i += filesAtOnce) {
    if (options.signal?.aborted) return report;
    await Promise.all(
      missing.slice(i, i + filesAtOnce).map(async (object) => {
        await target.putStream(fs.createReadStream(path.join(source.root, object.from)), object.key);
        report.copied++;
        report.copiedBytes += object.size;
        options.onCopied?.(object.key);
      }),
    );
    if (Date.now() - lastReport > 5000) {
      lastReport = Date.now();
      log(
        `copied ${report.copied} of ${missing.length} files (${mb(report.copiedBytes)} of ${mb(report.toCopyBytes)})`,
      );
    }
  }

  const problems = await differences(plan.objects, target);
  if (problems.length > 0) throw new MigrationMismatch(problems);
  log(
    `verified: all ${plan.objects.length} objects (${mb(report.objectBytes)}) are in the bucket at their sizes; ${report.copied} copied by this run`,
  );
  return report;
}

/**
 * The objects the bucket needs. A demo folder file goes to its clip's shared key when it is the file most of the
 * folders of that clip link to (where links were refused, each is sent under its own key); any other file keeps its
 * key, and a hard link of a file already planned is counted.
 */
function planObjects(local: DiskFile[]) {
  const linksPerShared = new Map<string, Map<string, number>>();
  for (const file of local) {
    const shared = sharedDemoKey(file.key);
    if (!shared) continue;
    const counts = linksPerShared.get(shared) ?? new Map<string, number>();
    counts.set(file.inode, (counts.get(file.inode) ?? 0) + 1);
    linksPerShared.set(shared, counts);
  }
  const sharedInode = new Map<string, string>();
  for (const [key, counts] of linksPerShared) {
    const [inode, links] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
    // A file no other demo folder links to is that folder's own (an operator's subtitles, say).
    if (links > 1) sharedInode.set(key, inode);
  }

  const objects = new Map<string, BucketObject>();
  const planned = new Set<string>();
  const linkCopies: DiskFile[] = [];
  let sharedLinks = 0;
  for (const file of local) {
    const shared = sharedDemoKey(file.key);
    const key = shared && sharedInode.get(shared) === file.inode ? shared : file.key;
    if (objects.has(key)) {
      sharedLinks++;
      continue;
    }
    if (planned.has(file.inode)) linkCopies.push(file);
    planned.add(file.inode);
    objects.set(key, { key, size: file.size, from: file.key });
  }
  // Shared clip folders first: every demo episode plays from them.
  const ordered = [...objects.values()].sort((a, b) => Number(b.key !== b.from) - Number(a.key !== a.from));
  return { objects: ordered, sharedLinks, linkCopies };
}

/** The media folder's files (hidden staging and partial files left out), with what tells hard links apart. */
async function filesOnDisk(root: string): Promise<DiskFile[]> {
  const entries = await fs.promises.readdir(root, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  const keys = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    // Staging folders and partial copies (names starting with a dot) are nobody's media.
    .filter(isSafeKey)
    .sort();
  const files: DiskFile[] = [];
  for (let i = 0; i < keys.length; i += 64) {
    const stats = await Promise.all(
      keys.slice(i, i + 64).map((key) => fs.promises.stat(path.join(root, key)).catch(() => null)),
    );
    stats.forEach((stat, j) => {
      if (stat) files.push({ key: keys[i + j]!, size: stat.size, inode: `${stat.dev}:${stat.ino}` });
    });
  }
  return files;
}

/** Objects the bucket lacks or holds at another size. */
async function differences(expected: BucketObject[], target: RemoteMediaStorage): Promise<string[]> {
  const now = new Map((await target.list('')).map((f) => [f.key, f.size]));
  return expected.flatMap((f) => {
    const size = now.get(f.key);
    if (size === undefined) return [`${f.key} is missing`];
    return size === f.size ? [] : [`${f.key} is ${size} bytes, not ${f.size}`];
  });
}

const sum = (files: { size: number }[]) => files.reduce((total, f) => total + f.size, 0);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
