import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { prepareDemoClips } from './demo-clip-generator.ts';
import { DEMO_CLIPS, demoClipFile, demoClipUrl } from './demo-clips.ts';
import { insertDemoCaptionTracks } from './demo-captions.ts';
import { DEMO_STAGING_DIR, TreeLinker, listTree, prepareDemoHls, type DemoHls } from './demo-hls.ts';
import { localDiskStorage } from '../media/storage.ts';
import { MASTER_PLAYLIST } from '../media/hls-pipeline.ts';
import { episodeMediaFolder } from '../modules/transcode/transcode.service.ts';
import {
  episodesPlaying,
  isAnyEpisodePlaying,
  moveEpisodeVideos,
  videoAddressOf,
} from '../modules/episodes/episodes.service.ts';
import type { Database, Executor } from '../db/client.ts';

export interface DemoMediaOptions {
  log: { info: (message: string) => void; warn: (message: string) => void };
  cacheDir?: string;
  signal?: AbortSignal;
  /** How long the shared MP4 clips stay reachable after the last episode moved to HLS (players that fetched the old URL). */
  retireClipsAfterMs?: number;
  /** Episodes linked and switched per database statement. */
  batchSize?: number;
}

export interface DemoMediaResult {
  /** Episodes that now play their own HLS folder and did not before. */
  switched: number;
  /** Episode folders (re)made, including missing ones of episodes already switched. */
  linked: number;
  /** Episodes that already played their own HLS folder. */
  alreadyHls: number;
  encoded: number;
  reused: number;
  /** Time spent making episode folders and switching rows. */
  publishMs: number;
  /** Whether files were copied because the filesystem refused hard links. */
  copied: boolean;
  /** Episodes moved from a shared clip to an MP4 of their own, because HLS could not be made. */
  ownMp4: number;
}

/** A demo episode folder: series/<s>/episodes/<e>/demo-<clip>-<recipe hash>/master.m3u8 */
const DEMO_FOLDER_URL = /^\/media\/(series\/\d+\/episodes\/\d+\/demo-(\d+)-([0-9a-f]+))\/master\.m3u8$/;
/** A demo episode's own MP4, made when HLS could not be: series/<s>/episodes/<e>/demo-<clip>-mp4/video.mp4 */
const DEMO_MP4_URL = /^\/media\/(series\/\d+\/episodes\/\d+\/demo-(\d+)-mp4)\/video\.mp4$/;
const DEMO_MP4_FILE = 'video.mp4';
const DEFAULT_RETIRE_MS = 10 * 60_000;

interface DemoEpisodeRow {
  id: number;
  seriesId: number;
  videoUrl: string;
}

interface Pending {
  id: number;
  seriesId: number;
  clip: number;
  oldUrl: string;
  /** The folder of an older recipe, removed once the row points elsewhere. */
  oldFolder?: string;
}

/**
 * Moves every demo episode from a shared MP4 clip to its own HLS folder (hard links to the clip's
 * cached HLS), so the locked-episode rule of /media applies to demo episodes one by one. Until an
 * episode's row is switched it keeps playing the MP4 clip. Runs after listen; restarts redo only
 * what is missing.
 */
export async function prepareDemoMedia(
  db: Database,
  mediaDir: string,
  options: DemoMediaOptions,
): Promise<DemoMediaResult> {
  const started = Date.now();
  const storage = localDiskStorage(mediaDir);
  const rows = await demoEpisodeRows(db);
  const clipOfUrl = new Map(DEMO_CLIPS.map((clip) => [demoClipUrl(clip), clip.number]));
  const onClips = rows.filter((row) => clipOfUrl.has(row.videoUrl));

  // Episodes still on MP4 must play while their HLS is made: that needs the clips in this data directory.
  if (onClips.length > 0) {
    await prepareDemoClips(mediaDir, { log: options.log, cacheDir: options.cacheDir, signal: options.signal });
  }
  const result: DemoMediaResult = {
    switched: 0,
    linked: 0,
    alreadyHls: 0,
    encoded: 0,
    reused: 0,
    publishMs: 0,
    copied: false,
    ownMp4: 0,
  };
  if (options.signal?.aborted) return result;
  if (rows.length === 0) {
    await retireClipsIfUnused(db, mediaDir, options, 0);
    return result;
  }

  let hls: DemoHls;
  try {
    hls = await prepareDemoHls(mediaDir, { log: options.log, cacheDir: options.cacheDir, signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) return result;
    // A shared clip plays for every viewer, locked episode or not: each episode gets its own MP4 instead.
    options.log.warn(
      `demo media: HLS could not be made (${error instanceof Error ? error.message : String(error)}); each demo episode plays its own MP4`,
    );
    result.ownMp4 = await giveEachEpisodeItsOwnMp4(db, mediaDir, onClips, clipOfUrl, options);
    await retireClipsIfUnused(db, mediaDir, options, options.retireClipsAfterMs ?? DEFAULT_RETIRE_MS);
    return result;
  }
  result.encoded = hls.encoded;
  result.reused = hls.reused;
  if (options.signal?.aborted) return result;

  const pending: Pending[] = [];
  const missing: { key: string; clip: number }[] = [];
  for (const row of rows) {
    const clip = clipOfUrl.get(row.videoUrl);
    if (clip !== undefined) {
      pending.push({ id: row.id, seriesId: row.seriesId, clip, oldUrl: row.videoUrl });
      continue;
    }
    const ownMp4 = DEMO_MP4_URL.exec(row.videoUrl);
    if (ownMp4) {
      pending.push({
        id: row.id,
        seriesId: row.seriesId,
        clip: Number(ownMp4[2]),
        oldUrl: row.videoUrl,
        oldFolder: ownMp4[1],
      });
      continue;
    }
    const [, folder, clipNumber, hash] = DEMO_FOLDER_URL.exec(row.videoUrl)!;
    if (hash !== hls.hash) {
      pending.push({
        id: row.id,
        seriesId: row.seriesId,
        clip: Number(clipNumber),
        oldUrl: row.videoUrl,
        oldFolder: folder,
      });
      continue;
    }
    result.alreadyHls++;
    // A data directory whose media was removed while its database stayed: make the folder again.
    if (!fs.existsSync(path.join(mediaDir, folder!, MASTER_PLAYLIST)))
      missing.push({ key: folder!, clip: Number(clipNumber) });
  }

  const clipSeconds = new Map(DEMO_CLIPS.map((clip) => [clip.number, clip.seconds]));
  const publishStarted = Date.now();
  const linker = new TreeLinker();
  const trees = new Map([...hls.staged].map(([clip, dir]) => [clip, { dir, tree: listTree(dir) }]));
  const workRoot = path.join(mediaDir, DEMO_STAGING_DIR, 'work');
  fs.rmSync(workRoot, { recursive: true, force: true });

  /** Makes the episode folder `key` from the clip's staged HLS; an existing one is complete already. */
  const makeFolder = async (key: string, clip: number) => {
    if (fs.existsSync(path.join(mediaDir, key, MASTER_PLAYLIST))) return;
    const source = trees.get(clip);
    if (!source) throw new Error(`demo media: no HLS for clip ${clip}`);
    const temp = path.join(workRoot, randomBytes(6).toString('hex'));
    linker.fill(source.dir, source.tree, temp);
    try {
      await storage.publishFolder(temp, key);
      result.linked++;
    } catch (error) {
      fs.rmSync(temp, { recursive: true, force: true });
      if (!fs.existsSync(path.join(mediaDir, key, MASTER_PLAYLIST))) throw error;
    }
  };

  for (const { key, clip } of missing) {
    if (options.signal?.aborted) return result;
    await makeFolder(key, clip);
    await nextTurn();
  }

  const batchSize = options.batchSize ?? 100;
  for (let from = 0; from < pending.length; from += batchSize) {
    if (options.signal?.aborted) return result;
    const batch = pending.slice(from, from + batchSize).map((p) => ({
      ...p,
      key: `${episodeMediaFolder(p.seriesId, p.id)}/demo-${p.clip}-${hls.hash}`,
    }));
    for (const episode of batch) {
      await makeFolder(episode.key, episode.clip);
      // Yield between episodes: linking is synchronous, requests must not wait behind a whole batch.
      await nextTurn();
    }
    const switched = new Set(
      await moveEpisodeVideos(
        db,
        batch.map((e) => ({ id: e.id, from: e.oldUrl, to: storage.urlOf(`${e.key}/${MASTER_PLAYLIST}`) })),
      ),
    );
    result.switched += switched.size;
    await insertDemoCaptionTracks(
      db,
      batch
        .filter((e) => switched.has(e.id))
        .map((e) => ({ id: e.id, key: e.key, seconds: clipSeconds.get(e.clip) ?? 0 })),
      hls.hash,
    );
    for (const episode of batch) {
      if (switched.has(episode.id)) {
        if (episode.oldFolder) await storage.remove(episode.oldFolder);
      } else {
        // Replaced by an operator or deleted meanwhile: the folder belongs to nobody (unless another server switched it).
        const now = await videoAddressOf(db, episode.id);
        if (now !== storage.urlOf(`${episode.key}/${MASTER_PLAYLIST}`)) await storage.remove(episode.key);
      }
    }
  }
  fs.rmSync(workRoot, { recursive: true, force: true });
  removeOtherRecipes(mediaDir, hls);
  result.publishMs = Date.now() - publishStarted;
  result.copied = linker.copies;

  if (result.switched > 0 || result.linked > 0 || result.encoded > 0) {
    options.log.info(
      `demo media: ${result.switched} episodes switched to HLS, ${result.linked} folders linked in ${result.publishMs} ms` +
        `${result.copied ? ' (copied: no hard links here)' : ''}; clips ${result.encoded} encoded, ${result.reused} from the cache; ` +
        `${Date.now() - started} ms in all`,
    );
  }
  await retireClipsIfUnused(
    db,
    mediaDir,
    options,
    onClips.length > 0 ? (options.retireClipsAfterMs ?? DEFAULT_RETIRE_MS) : 0,
  );
  return result;
}

/**
 * Each episode still on a shared clip gets a hard link of it in its own folder (a copy where links are
 * refused), so the lock rule of /media tells its file from every other episode's.
 */
async function giveEachEpisodeItsOwnMp4(
  db: Database,
  mediaDir: string,
  rows: DemoEpisodeRow[],
  clipOfUrl: Map<string, number>,
  options: DemoMediaOptions,
): Promise<number> {
  const storage = localDiskStorage(mediaDir);
  const workRoot = path.join(mediaDir, DEMO_STAGING_DIR, 'work-mp4');
  let moved = 0;
  for (const row of rows) {
    if (options.signal?.aborted) break;
    const clip = clipOfUrl.get(row.videoUrl)!;
    const source = path.join(mediaDir, demoClipFile({ number: clip }));
    if (!fs.existsSync(source)) continue; // no clip at all here: the shared URL keeps answering 503
    const key = `${episodeMediaFolder(row.seriesId, row.id)}/demo-${clip}-mp4`;
    const newUrl = storage.urlOf(`${key}/${DEMO_MP4_FILE}`);
    if (!fs.existsSync(path.join(mediaDir, key, DEMO_MP4_FILE))) {
      const temp = path.join(workRoot, randomBytes(6).toString('hex'));
      new TreeLinker().fill(path.dirname(source), { folders: [], files: [path.basename(source)] }, temp);
      fs.renameSync(path.join(temp, path.basename(source)), path.join(temp, DEMO_MP4_FILE));
      await storage.publishFolder(temp, key);
    }
    const switched = await moveEpisodeVideos(db, [{ id: row.id, from: row.videoUrl, to: newUrl }]);
    if (switched.length > 0) moved++;
    else if ((await videoAddressOf(db, row.id)) !== newUrl) await storage.remove(key);
    await nextTurn();
  }
  fs.rmSync(workRoot, { recursive: true, force: true });
  if (moved > 0) options.log.info(`demo media: ${moved} episodes play an MP4 of their own`);
  return moved;
}

/** Demo episodes: on a shared MP4 clip or on a demo HLS folder; first episodes of every series first. */
function demoEpisodeRows(db: Executor): Promise<DemoEpisodeRow[]> {
  return episodesPlaying(db, { urls: DEMO_CLIPS.map(demoClipUrl), patterns: [DEMO_FOLDER_URL, DEMO_MP4_URL] });
}

function clipsInUse(db: Executor): Promise<boolean> {
  return isAnyEpisodePlaying(db, DEMO_CLIPS.map(demoClipUrl));
}

/**
 * The shared MP4 clips belong to no episode once every demo episode has its own folder, and media no
 * episode owns is open to every viewer: remove them (after a grace period for players that already
 * fetched their URL). The cache keeps them, so a new data directory or a re-seed links them again.
 */
async function retireClipsIfUnused(db: Database, mediaDir: string, options: DemoMediaOptions, afterMs: number) {
  const retire = async () => {
    try {
      if (options.signal?.aborted || (await clipsInUse(db))) return;
      for (const clip of DEMO_CLIPS) fs.rmSync(path.join(mediaDir, demoClipFile(clip)), { force: true });
    } catch (error) {
      options.log.warn(`demo media: could not remove the shared clips: ${String(error)}`);
    }
  };
  if (afterMs <= 0) return retire();
  const timer = setTimeout(() => void retire(), afterMs).unref();
  options.signal?.addEventListener('abort', () => clearTimeout(timer), { once: true });
}

/** Staged HLS of older recipes: no episode folder is linked from them any more. */
function removeOtherRecipes(mediaDir: string, hls: DemoHls) {
  const root = path.join(mediaDir, DEMO_STAGING_DIR);
  const current = new Set([...hls.staged.values()].map((dir) => path.basename(path.dirname(dir))));
  for (const entry of fs.readdirSync(root)) {
    if (!current.has(entry)) fs.rmSync(path.join(root, entry), { recursive: true, force: true });
  }
}
