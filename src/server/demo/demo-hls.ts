import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  LADDER,
  MASTER_PLAYLIST,
  POSTER_FILE,
  SEGMENT_SECONDS,
  probeVideo,
  transcodeToHls,
} from '../media/hls-pipeline.ts';
import { DEFAULT_CLIP_CACHE_DIR, demoClipsCacheKey, demoFontFile, encodeDemoClip } from './demo-clip-generator.ts';
import { addDemoCaptions } from './demo-captions.ts';
import { DEMO_CLIPS, demoClipFile, type DemoClip } from './demo-clips.ts';
import { findFfmpeg } from '../media/ffmpeg.ts';

/** Bump when the demo HLS changes in a way the pipeline's ladder and segment length do not show. */
const RECIPE = 'demo-hls-2';
/** The MP4 of the clip, kept beside its HLS for players without Media Source Extensions. */
export const DEMO_FALLBACK_MP4 = 'video.mp4';
/** Inside the media folder but hidden, so never served: the source every demo episode's folder is linked from. */
export const DEMO_STAGING_DIR = '.demo-hls';

/**
 * Names the cached HLS after everything that shapes it: the MP4 clips' own recipe, the pipeline's
 * ladder and segment length, and this recipe. `hash` is what episode folders carry in their names.
 */
export function demoHlsKey(fontFile: string | undefined, seconds?: number): { key: string; hash: string } {
  const recipe = JSON.stringify({
    clips: demoClipsCacheKey(fontFile),
    ladder: LADDER,
    segment: SEGMENT_SECONDS,
    files: [MASTER_PLAYLIST, POSTER_FILE, DEMO_FALLBACK_MP4],
    seconds: seconds ?? null,
    recipe: RECIPE,
  });
  const hash = createHash('sha256').update(recipe).digest('hex').slice(0, 12);
  return { key: `${RECIPE}-${hash}`, hash };
}

export interface DemoHlsOptions {
  log: { info: (message: string) => void; warn: (message: string) => void };
  /** Shared by every data directory of the checkout (default node_modules/.cache/cliffhanger-media). */
  cacheDir?: string;
  signal?: AbortSignal;
  /** A subset of the clips (tests). */
  clips?: readonly DemoClip[];
  /** Shorter clips than the real ones (tests); they get their own cache key. */
  seconds?: number;
}

export interface DemoHls {
  /** Folder name part shared by every episode folder of this recipe. */
  hash: string;
  /** Per clip number: a complete HLS folder inside the media folder (hidden), to link episode folders from. */
  staged: Map<number, string>;
  encoded: number;
  reused: number;
}

/**
 * Makes sure every demo clip exists as HLS (master playlist, renditions, poster, MP4 fallback), encoded
 * by the same pipeline as uploads. Encoded once per machine into the shared cache; each data directory
 * gets a hidden staged copy made of hard links (copies across filesystems, ~1 MB per clip), so episode
 * folders can always be hard-linked from it within one filesystem.
 */
export async function prepareDemoHls(mediaDir: string, options: DemoHlsOptions): Promise<DemoHls> {
  const clips = options.clips ?? DEMO_CLIPS;
  const fontFile = await demoFontFile();
  const { key, hash } = demoHlsKey(fontFile, options.seconds);
  const cacheRoot = options.cacheDir ?? DEFAULT_CLIP_CACHE_DIR;
  const stagingRoot = path.join(mediaDir, DEMO_STAGING_DIR, key);
  fs.mkdirSync(stagingRoot, { recursive: true });
  let hlsCache: string | undefined = path.join(cacheRoot, key);
  try {
    fs.mkdirSync(hlsCache, { recursive: true });
  } catch {
    hlsCache = undefined; // read-only node_modules: encode straight into this data directory
  }

  const result: DemoHls = { hash, staged: new Map(), encoded: 0, reused: 0 };
  for (const clip of clips) {
    if (options.signal?.aborted) break;
    const name = `clip-${clip.number}`;
    const staged = path.join(stagingRoot, name);
    const cached = hlsCache ? path.join(hlsCache, name) : staged;
    if (!isComplete(cached)) {
      await encodeClipHls(clip, cached, { ...options, mediaDir, cacheRoot, fontFile });
      result.encoded++;
    } else if (!isComplete(staged)) {
      result.reused++;
    }
    if (cached !== staged && !isComplete(staged)) linkTree(cached, staged);
    addDemoCaptions(staged, options.seconds ?? clip.seconds, hash);
    result.staged.set(clip.number, staged);
  }
  return result;
}

/** A folder is complete once its master playlist is there: folders appear whole, by rename. */
function isComplete(folder: string): boolean {
  return fs.existsSync(path.join(folder, MASTER_PLAYLIST));
}

async function encodeClipHls(
  clip: DemoClip,
  target: string,
  options: DemoHlsOptions & { mediaDir: string; cacheRoot: string; fontFile: string | undefined },
) {
  const started = Date.now();
  const temp = `${path.join(path.dirname(target), `.${path.basename(target)}`)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    const source = await demoClipSource(clip, temp, options);
    const out = path.join(temp, 'hls');
    const probe = await probeVideo(source);
    await transcodeToHls({ source, outDir: out, probe, signal: options.signal });
    linkOrCopy(source, path.join(out, DEMO_FALLBACK_MP4));
    try {
      fs.renameSync(out, target);
    } catch (error) {
      // Another server sharing the cache finished the same clip first: theirs is as good.
      if (!isComplete(target)) throw error;
    }
    options.log.info(`demo clip ${clip.number}: HLS encoded in ${Date.now() - started} ms`);
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
}

/** The clip's MP4: from the shared MP4 cache or this data directory, else encoded now (into `workDir`). */
async function demoClipSource(
  clip: DemoClip,
  workDir: string,
  options: DemoHlsOptions & { mediaDir: string; cacheRoot: string; fontFile: string | undefined },
): Promise<string> {
  const file = path.basename(demoClipFile(clip));
  const candidates = options.seconds
    ? []
    : [
        path.join(options.cacheRoot, demoClipsCacheKey(options.fontFile), file),
        path.join(options.mediaDir, demoClipFile(clip)),
      ];
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (found) return found;
  const ffmpeg = findFfmpeg();
  if (!ffmpeg) throw new Error('demo clips: no ffmpeg found (PATH or @ffmpeg-installer/ffmpeg)');
  const output = path.join(workDir, file);
  await encodeDemoClip(ffmpeg, clip, output, {
    fontFile: options.fontFile,
    seconds: options.seconds,
    signal: options.signal,
    background: true,
  });
  return output;
}

/** The files and folders under `root`, relative, folders first. */
export function listTree(root: string): { folders: string[]; files: string[] } {
  const folders: string[] = [];
  const files: string[] = [];
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    const relative = path.relative(root, path.join(entry.parentPath, entry.name));
    if (entry.isDirectory()) folders.push(relative);
    else if (entry.isFile()) files.push(relative);
  }
  folders.sort((a, b) => a.length - b.length);
  return { folders, files };
}

/** Hard links when the filesystem allows them (no extra disk), else copies. */
export class TreeLinker {
  copies = false;

  /** Fills the empty or missing folder `target` with links to the files of a tree listed by listTree. */
  fill(source: string, tree: { folders: string[]; files: string[] }, target: string) {
    fs.mkdirSync(target, { recursive: true });
    for (const folder of tree.folders) fs.mkdirSync(path.join(target, folder), { recursive: true });
    for (const file of tree.files) {
      const from = path.join(source, file);
      const to = path.join(target, file);
      if (!this.copies) {
        try {
          fs.linkSync(from, to);
          continue;
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK') throw error;
          this.copies = true;
        }
      }
      fs.copyFileSync(from, to);
    }
  }
}

/** A linked (or copied) replica of `source` at `target`, appearing all at once. */
function linkTree(source: string, target: string) {
  const temp = `${path.join(path.dirname(target), `.${path.basename(target)}`)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    new TreeLinker().fill(source, listTree(source), temp);
    try {
      fs.renameSync(temp, target);
    } catch (error) {
      if (!isComplete(target)) throw error;
    }
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
  }
}

function linkOrCopy(source: string, target: string) {
  try {
    fs.linkSync(source, target);
  } catch {
    fs.copyFileSync(source, target);
  }
}
