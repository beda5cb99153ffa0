import { execFile } from 'node:child_process';
import { findFfprobe, locateFfmpeg, NO_FFMPEG, type FfmpegSource } from './ffmpeg.ts';

/** What the ffmpeg in use can do, probed once; the pipeline chooses its options from this. */
export interface FfmpegCapabilities {
  /** false: no video can be processed; `problem` says why, in words an operator can act on */
  usable: boolean;
  problem?: string;
  path?: string;
  source?: FfmpegSource;
  /** as ffmpeg prints it, e.g. "5.1.9-0+deb12u1" or "N-47683-g0e8eb07980-static" */
  version?: string;
  ffprobe?: string;
  /** `-stats_period` (ffmpeg ≥ 4.4): how often `-progress` reports */
  statsPeriod: boolean;
  /** `-protocol_whitelist` on inputs */
  protocolWhitelist: boolean;
  /** `drawtext` (the demo clips' titles) */
  drawtext: boolean;
  /**
   * Whether the whole ladder can be written in one run. Builds before 4.1 crash on the trailer of
   * several fMP4 variants; no option tells them apart, so `-stats_period` (4.4) stands for "recent".
   */
  ladderInOneRun: boolean;
  /** What it lacks that we would use, for the start-up log. */
  lacks: string[];
}

interface Output {
  ok: boolean;
  text: string;
}

function output(executable: string, args: string[]): Promise<Output> {
  return new Promise((resolve) => {
    execFile(executable, args, { maxBuffer: 64 * 1024 * 1024, timeout: 20_000 }, (error, stdout, stderr) => {
      resolve({ ok: !error, text: `${stdout}\n${stderr}` });
    });
  });
}

/** Runs the binary three times (version, encoders, full help) and reads what it supports. */
export async function detectFfmpeg(env: NodeJS.ProcessEnv = process.env): Promise<FfmpegCapabilities> {
  const none = { statsPeriod: false, protocolWhitelist: false, drawtext: false, ladderInOneRun: false };
  const found = locateFfmpeg(env);
  if (!found) return { usable: false, problem: NO_FFMPEG, ...none, lacks: ['ffmpeg'] };
  const where = `${found.path} (${describeSource(found.source)})`;
  const [version, encoders, help] = await Promise.all([
    output(found.path, ['-hide_banner', '-version']),
    output(found.path, ['-hide_banner', '-encoders']),
    output(found.path, ['-hide_banner', '-h', 'full']),
  ]);
  const base = { path: found.path, source: found.source };
  if (!version.ok || !/ffmpeg version/.test(version.text)) {
    return {
      usable: false,
      problem: `The ffmpeg at ${where} does not run, so videos cannot be processed.`,
      ...base,
      ...none,
      lacks: ['a working ffmpeg'],
    };
  }
  const ffprobe = findFfprobe(env);
  const capabilities: FfmpegCapabilities = {
    usable: true,
    ...base,
    version: /ffmpeg version (\S+)/.exec(version.text)?.[1] ?? 'unknown',
    ...(ffprobe ? { ffprobe } : {}),
    statsPeriod: /^\s*-stats_period\b/m.test(help.text),
    protocolWhitelist: /^\s*-protocol_whitelist\b/m.test(help.text),
    drawtext: /^drawtext AVOptions:/m.test(help.text),
    ladderInOneRun: false,
    lacks: [],
  };
  capabilities.ladderInOneRun = capabilities.statsPeriod;
  const required: [string, boolean][] = [
    ['the H.264 encoder libx264', /^\s*V\S*\s+libx264\s/m.test(encoders.text)],
    ['the AAC encoder', /^\s*A\S*\s+aac\s/m.test(encoders.text)],
    [
      'HLS output with a master playlist',
      /^\s*-master_pl_name\b/m.test(help.text) && /^\s*-hls_segment_type\b/m.test(help.text),
    ],
    ['the lavfi test sources', /^anullsrc AVOptions:/m.test(help.text)],
  ];
  const missing = required.filter(([, has]) => !has).map(([what]) => what);
  if (missing.length > 0) {
    return {
      ...capabilities,
      usable: false,
      problem: `The ffmpeg at ${where} lacks ${missing.join(', ')}, so videos cannot be processed.`,
      lacks: missing,
    };
  }
  if (!capabilities.statsPeriod)
    capabilities.lacks.push('-stats_period and reliable multi-variant HLS (one run per rendition)');
  if (!capabilities.protocolWhitelist)
    capabilities.lacks.push('-protocol_whitelist (inputs are limited by their forced format alone)');
  if (!capabilities.drawtext) capabilities.lacks.push('drawtext (demo clips carry no titles)');
  if (!ffprobe) capabilities.lacks.push('ffprobe (videos are read with ffmpeg -i)');
  return capabilities;
}

function describeSource(source: FfmpegSource): string {
  if (source === 'FFMPEG_PATH') return 'from FFMPEG_PATH';
  if (source === 'PATH') return 'on PATH';
  return 'the build shipped in @ffmpeg-installer/ffmpeg';
}

/** One line for the start-up log: which ffmpeg, and what it lacks. */
export function describeFfmpeg(c: FfmpegCapabilities): string {
  if (!c.usable) return `${c.problem} Uploads are refused until this is fixed.`;
  const lacks = c.lacks.length > 0 ? `; it lacks ${c.lacks.join(', ')}` : '';
  return `ffmpeg ${c.version} at ${c.path} (${describeSource(c.source!)})${c.ffprobe ? `, ffprobe ${c.ffprobe}` : ''}${lacks}`;
}

let detected: Promise<FfmpegCapabilities> | undefined;

/** The capabilities of this process's ffmpeg, probed on first use. */
export function ffmpegCapabilities(): Promise<FfmpegCapabilities> {
  detected ??= detectFfmpeg();
  return detected;
}
