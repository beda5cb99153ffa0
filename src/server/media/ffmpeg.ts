import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/** An executable on PATH, or undefined. */
export function findOnPath(name: string, pathVariable = process.env.PATH ?? ''): string | undefined {
  for (const dir of pathVariable.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Where an ffmpeg came from: told by FFMPEG_PATH, found on PATH, or the build shipped in node_modules. */
export type FfmpegSource = 'FFMPEG_PATH' | 'PATH' | 'npm';

export interface FoundFfmpeg {
  path: string;
  source: FfmpegSource;
}

/** The npm-shipped static build (`@ffmpeg-installer/ffmpeg`, a 2018 4.x with x264 and AAC but no ffprobe). */
export function npmFfmpegPath(): string | undefined {
  try {
    const installer = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path?: string };
    if (installer.path && fs.existsSync(installer.path)) return installer.path;
  } catch {
    // no build for this platform
  }
  return undefined;
}

/** FFMPEG_PATH when set (even if it is wrong: the probe then says so), else ffmpeg on PATH, else the npm build. */
export function locateFfmpeg(env: NodeJS.ProcessEnv = process.env): FoundFfmpeg | undefined {
  const told = env.FFMPEG_PATH?.trim();
  if (told) return { path: path.resolve(told), source: 'FFMPEG_PATH' };
  const onPath = findOnPath('ffmpeg', env.PATH ?? '');
  if (onPath) return { path: onPath, source: 'PATH' };
  const npm = npmFfmpegPath();
  return npm ? { path: npm, source: 'npm' } : undefined;
}

export function findFfmpeg(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return locateFfmpeg(env)?.path;
}

/**
 * FFPROBE_PATH when set; else the ffprobe of the same build as the ffmpeg in use (beside a given
 * FFMPEG_PATH, or on PATH), so a forced ffmpeg is never paired with another build's ffprobe.
 */
export function findFfprobe(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const told = env.FFPROBE_PATH?.trim();
  if (told) return path.resolve(told);
  const ffmpeg = locateFfmpeg(env);
  if (ffmpeg?.source === 'FFMPEG_PATH') return findOnPath('ffprobe', path.dirname(ffmpeg.path));
  if (ffmpeg?.source === 'npm') return undefined;
  return findOnPath('ffprobe', env.PATH ?? '');
}

const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  '/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf',
  '/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf',
  '/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/TTF/DejaVuSans-Bold.ttf',
  '/Library/Fonts/Arial.ttf',
  '/System/Library/Fonts/Supplemental/Arial.ttf',
  'C:\\Windows\\Fonts\\arial.ttf',
];

/** A font file for drawtext (which needs a file path), or undefined: clips then carry no text. */
export function findFontFile(): string | undefined {
  return FONT_CANDIDATES.find((file) => fs.existsSync(file));
}

export interface RunOptions {
  signal?: AbortSignal;
  /** Run at a low CPU priority, so encoding in the background never slows down requests. */
  background?: boolean;
}

/** Runs ffmpeg (or ffprobe) to completion; rejects with the tail of stderr on failure. */
export function runTool(executable: string, args: readonly string[], options: RunOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(executable, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
    if (options.background && child.pid) {
      try {
        os.setPriority(child.pid, 15);
      } catch {
        // not permitted here: run at normal priority
      }
    }
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-20_000);
    });
    child.once('error', reject);
    child.once('close', (code, signal) => {
      if (code === 0) resolve(stdout || stderr);
      else {
        const tail = stderr.trim().split('\n').slice(-5).join('\n');
        reject(new Error(`${path.basename(executable)} failed (${signal ?? `exit ${code}`}): ${tail}`));
      }
    });
  });
}

export interface MediaInfo {
  durationSeconds: number;
  video?: { codec: string; width: number; height: number };
  audio?: { codec: string };
  format: string;
}

/** What a media file holds: ffprobe when available, else parsed from `ffmpeg -i` (which exits 1 without an output). */
export async function probeMedia(
  file: string,
  tools = { ffprobe: findFfprobe(), ffmpeg: findFfmpeg() },
): Promise<MediaInfo> {
  if (tools.ffprobe) {
    const json = await runTool(tools.ffprobe, ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', file]);
    const parsed = JSON.parse(json) as {
      format: { format_name: string; duration?: string };
      streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
    };
    const video = parsed.streams.find((s) => s.codec_type === 'video');
    const audio = parsed.streams.find((s) => s.codec_type === 'audio');
    return {
      durationSeconds: Number(parsed.format.duration ?? 0),
      format: parsed.format.format_name,
      ...(video ? { video: { codec: video.codec_name, width: video.width ?? 0, height: video.height ?? 0 } } : {}),
      ...(audio ? { audio: { codec: audio.codec_name } } : {}),
    };
  }
  if (!tools.ffmpeg) throw new Error('Neither ffprobe nor ffmpeg is available');
  return parseFfmpegInfo(await stderrOf(tools.ffmpeg, ['-hide_banner', '-i', file]));
}

/** `ffmpeg -i <file>` without an output prints the summary and exits 1, so read stderr whatever the exit code. */
function stderrOf(executable: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(executable, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let text = '';
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.once('error', reject);
    child.once('close', () => resolve(text));
  });
}

/** Parses the stream summary ffmpeg prints for `-i <file>`. */
export function parseFfmpegInfo(text: string): MediaInfo {
  const format = /Input #0, ([^,]+(?:,[^,\s]+)*), from/.exec(text)?.[1] ?? '';
  const d = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(text);
  const durationSeconds = d ? Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]) : 0;
  const videoLine = /Stream #\d+:\d+[^:]*: Video: (\w+)[^\n]*?, (\d{2,5})x(\d{2,5})/.exec(text);
  const audioLine = /Stream #\d+:\d+[^:]*: Audio: (\w+)/.exec(text);
  return {
    durationSeconds,
    format,
    ...(videoLine
      ? { video: { codec: videoLine[1]!, width: Number(videoLine[2]), height: Number(videoLine[3]) } }
      : {}),
    ...(audioLine ? { audio: { codec: audioLine[1]! } } : {}),
  };
}

export interface FfmpegTools {
  ffmpeg: string;
  /** Absent for the static npm build, which ships none: `ffmpeg -i` is read instead. */
  ffprobe?: string;
}

let tools: FfmpegTools | undefined;

/** The ffmpeg (and ffprobe, if any) to use, looked up once; throws a readable error when there is no ffmpeg. */
export function ffmpegTools(): FfmpegTools {
  if (tools) return tools;
  const ffmpeg = findFfmpeg();
  if (!ffmpeg) throw new Error(NO_FFMPEG);
  const ffprobe = findFfprobe();
  tools = ffprobe ? { ffmpeg, ffprobe } : { ffmpeg };
  return tools;
}

export const NO_FFMPEG =
  'No ffmpeg was found, so videos cannot be processed: install one (e.g. apt-get install ffmpeg), set FFMPEG_PATH, or run npm ci';
