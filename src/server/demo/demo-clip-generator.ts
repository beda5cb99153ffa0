import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../project-root.ts';
import { DEMO_CLIPS, demoClipFile, type DemoClip } from './demo-clips.ts';
import { findFfmpeg, findFontFile, runTool } from '../media/ffmpeg.ts';
import { ffmpegCapabilities } from '../media/ffmpeg-capabilities.ts';

/** The top rung of the ladder, so the demo's master playlist offers 360p, 540p and 720p. */
const WIDTH = 720;
const HEIGHT = 1280;
const FPS = 24;
/** Bump when the look of the clips changes in a way the arguments below do not show. */
const RECIPE = 'demo-clips-2';

/** Shared by every data directory of this checkout, so a fresh DATA_DIR never encodes again. */
export const DEFAULT_CLIP_CACHE_DIR = path.join(projectRoot, 'node_modules', '.cache', 'cliffhanger-media');

/** ffmpeg arguments for one clip: a calm coloured 9:16 picture, a moving band, a progress bar, a soft tone. */
export function demoClipArgs(clip: DemoClip, output: string, fontFile: string | undefined, seconds = clip.seconds) {
  const d = String(seconds);
  const font = fontFile ? `fontfile='${fontFile.replace(/'/g, '')}'` : undefined;
  const text = font
    ? [
        `drawtext=${font}:text='Episode':fontcolor=white:fontsize=88:x=(w-text_w)/2:y=(h-text_h)/2-60`,
        `drawtext=${font}:text='Demo clip ${clip.number}':fontcolor=white@0.7:fontsize=48:x=(w-text_w)/2:y=(h-text_h)/2+60`,
        `drawtext=${font}:text='%{pts\\:hms}':fontcolor=white@0.6:fontsize=40:x=(w-text_w)/2:y=h-120`,
      ]
    : [];
  const tone = `0.08*sin(2*PI*${clip.toneHz}*t)*(0.6+0.4*sin(2*PI*0.5*t))`;
  return [
    '-nostdin',
    '-hide_banner',
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=${clip.background}:s=${WIDTH}x${HEIGHT}:r=${FPS}:d=${d}`,
    '-f',
    'lavfi',
    '-i',
    `color=c=${clip.accent}@0.18:s=${WIDTH}x240:r=${FPS}:d=${d},format=rgba`,
    '-f',
    'lavfi',
    '-i',
    `color=c=${clip.accent}:s=${WIDTH}x12:r=${FPS}:d=${d}`,
    '-f',
    'lavfi',
    '-i',
    `aevalsrc=${tone}:s=44100:c=stereo:d=${d}`,
    '-filter_complex',
    [
      `[0][1]overlay=x=0:y='mod(t*80\\,H+240)-240'[band]`,
      `[band][2]overlay=x='-w+w*t/${d}':y=H-h[bar]`,
      `[bar]${[...text, 'format=yuv420p'].join(',')}[v]`,
    ].join(';'),
    '-map',
    '[v]',
    '-map',
    '3:a',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-profile:v',
    'main',
    '-crf',
    '28',
    // A key frame every 2 s, so the clips cut cleanly into 2 s segments later.
    '-g',
    String(FPS * 2),
    '-keyint_min',
    String(FPS * 2),
    '-sc_threshold',
    '0',
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    '-movflags',
    '+faststart',
    '-t',
    d,
    '-f',
    'mp4',
    output,
  ];
}

/** The font for the clips' titles, when the ffmpeg in use can draw text at all. */
export async function demoFontFile(): Promise<string | undefined> {
  return (await ffmpegCapabilities()).drawtext ? findFontFile() : undefined;
}

/** Names the cache folder after the recipe, so a changed recipe never reuses old clips. */
export function demoClipsCacheKey(fontFile: string | undefined): string {
  const recipe = JSON.stringify(DEMO_CLIPS.map((clip) => demoClipArgs(clip, 'OUT', fontFile ? 'FONT' : undefined)));
  return `${RECIPE}-${createHash('sha256').update(recipe).digest('hex').slice(0, 12)}`;
}

export interface EncodeOptions {
  fontFile?: string;
  /** Shorter than the clip's own length (tests). */
  seconds?: number;
  signal?: AbortSignal;
  background?: boolean;
}

/** Encodes one clip into `output` atomically: readers see the whole file or none. */
export async function encodeDemoClip(ffmpeg: string, clip: DemoClip, output: string, options: EncodeOptions = {}) {
  fs.mkdirSync(path.dirname(output), { recursive: true });
  const temp = path.join(
    path.dirname(output),
    `.${path.basename(output)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`,
  );
  try {
    await runTool(ffmpeg, demoClipArgs(clip, temp, options.fontFile, options.seconds), {
      signal: options.signal,
      background: options.background,
    });
    fs.renameSync(temp, output);
  } finally {
    fs.rmSync(temp, { force: true });
  }
}

/** Hard link when possible (no extra disk), else a copy; through a temporary name, so it is atomic too. */
function linkOrCopy(source: string, target: string) {
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}-link.tmp`);
  fs.rmSync(temp, { force: true });
  try {
    fs.linkSync(source, temp);
  } catch {
    fs.copyFileSync(source, temp);
  }
  fs.renameSync(temp, target);
}

export type DemoClipsState = 'idle' | 'preparing' | 'ready' | 'unavailable' | 'failed';

let state: DemoClipsState = 'idle';

/** What the media route tells a viewer who asks for a clip that is not there yet. */
export function demoClipsState(): DemoClipsState {
  return state;
}

/** Whether this /media path is a demo clip that is being made right now. */
export function isDemoClipBeingMade(urlPath: string): boolean {
  return /^\/media\/clips\/clip-\d+\.mp4$/.test(urlPath) && state === 'preparing';
}

export interface DemoClipsOptions {
  log: { info: (message: string) => void; warn: (message: string) => void };
  cacheDir?: string;
  signal?: AbortSignal;
}

export interface DemoClipsResult {
  reused: number;
  encoded: number;
  present: number;
}

/**
 * Makes sure DATA_DIR/media/clips holds every demo clip: present ones are kept, cached ones are linked
 * in, and only the rest are encoded (into the shared cache first). Slow on a first machine-wide run, so
 * main.ts starts it after listen and does not wait for it.
 */
export async function prepareDemoClips(mediaDir: string, options: DemoClipsOptions): Promise<DemoClipsResult> {
  const result: DemoClipsResult = { reused: 0, encoded: 0, present: 0 };
  const missing = DEMO_CLIPS.filter((clip) => !fs.existsSync(path.join(mediaDir, demoClipFile(clip))));
  result.present = DEMO_CLIPS.length - missing.length;
  if (missing.length === 0) {
    state = 'ready';
    return result;
  }
  state = 'preparing';
  try {
    // An ffmpeg that is there but cannot encode counts as none: the start-up log has said why.
    const ffmpeg = (await ffmpegCapabilities()).usable ? findFfmpeg() : undefined;
    const fontFile = await demoFontFile();
    let cache: string | undefined = path.join(options.cacheDir ?? DEFAULT_CLIP_CACHE_DIR, demoClipsCacheKey(fontFile));
    try {
      fs.mkdirSync(cache, { recursive: true });
    } catch {
      cache = undefined; // read-only node_modules: encode straight into this data directory
    }
    const started = Date.now();
    for (const clip of missing) {
      if (options.signal?.aborted) break;
      const target = path.join(mediaDir, demoClipFile(clip));
      const cached = cache ? path.join(cache, path.basename(target)) : undefined;
      if (cached && fs.existsSync(cached)) {
        linkOrCopy(cached, target);
        result.reused++;
        continue;
      }
      if (!ffmpeg) {
        state = 'unavailable';
        options.log.warn('demo clips: no usable ffmpeg, so the demo episodes cannot play until one is installed');
        return result;
      }
      await encodeDemoClip(ffmpeg, clip, cached ?? target, {
        fontFile,
        signal: options.signal,
        background: true,
      });
      if (cached) linkOrCopy(cached, target);
      result.encoded++;
    }
    if (options.signal?.aborted) {
      state = 'idle';
      return result;
    }
    state = 'ready';
    if (result.encoded || result.reused) {
      options.log.info(
        `demo clips ready in ${Date.now() - started} ms (${result.encoded} encoded, ${result.reused} from the cache)`,
      );
    }
    return result;
  } catch (error) {
    state = options.signal?.aborted ? 'idle' : 'failed';
    throw error;
  }
}
