import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ffmpegTools } from './ffmpeg.ts';
import { ffmpegCapabilities, type FfmpegCapabilities } from './ffmpeg-capabilities.ts';
import { ACCEPTED_CONTAINERS_TEXT, sniffContainer, type VideoContainer } from './video-container.ts';

/** What a transcode needs to know about a source video. */
export interface VideoProbe {
  /** as displayed (rotation applied) */
  width: number;
  height: number;
  durationSeconds: number;
  /** 0 when the file does not say */
  frameRate: number;
  hasAudio: boolean;
}

export interface Rendition {
  name: string;
  width: number;
  height: number;
  videoKbps: number;
  audioKbps: number;
}

export interface HlsOutput {
  /** seconds, as the playlists add up */
  durationSeconds: number;
  renditions: Rendition[];
  /** file names inside the output folder */
  masterPlaylist: string;
  poster: string;
}

/** The file could not be read as a video; `reason` is meant for a person. */
export class NotAVideoError extends Error {
  constructor(readonly reason: string) {
    super(`not a playable video: ${reason}`);
    this.name = 'NotAVideoError';
  }
}

/** ffmpeg ended without producing the output; `reason` is ffmpeg's own, readable. */
export class TranscodeError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'TranscodeError';
  }
}

export const SEGMENT_SECONDS = 2;
export const MASTER_PLAYLIST = 'master.m3u8';
export const POSTER_FILE = 'poster.jpg';
const MAX_FRAME_RATE = 30;
const AUDIO_SAMPLE_RATE = 48_000;

/** The 9:16 ladder, smallest first: players start on the first entry of the master playlist. */
export const LADDER: readonly Rendition[] = [
  { name: '360p', width: 360, height: 640, videoKbps: 800, audioKbps: 64 },
  { name: '540p', width: 540, height: 960, videoKbps: 1400, audioKbps: 96 },
  { name: '720p', width: 720, height: 1280, videoKbps: 2400, audioKbps: 128 },
];

const even = (n: number) => Math.max(2, 2 * Math.round(n / 2));

/**
 * The rungs that are not larger than the source, each fitted inside its 9:16 box with the source's
 * aspect ratio. A source smaller than the smallest rung gets one rendition at its own size.
 */
export function planLadder(source: Pick<VideoProbe, 'width' | 'height'>): Rendition[] {
  const fitted = LADDER.flatMap((rung) => {
    const scale = Math.min(rung.width / source.width, rung.height / source.height);
    if (scale > 1) return [];
    return [{ ...rung, width: even(source.width * scale), height: even(source.height * scale) }];
  });
  if (fitted.length > 0) return fitted;
  const smallest = LADDER[0]!;
  const share = (source.width * source.height) / (smallest.width * smallest.height);
  return [
    {
      name: `${even(source.height)}p`,
      width: even(source.width),
      height: even(source.height),
      videoKbps: Math.max(150, Math.round(smallest.videoKbps * share)),
      audioKbps: smallest.audioKbps,
    },
  ];
}

export async function probeVideo(file: string): Promise<VideoProbe> {
  const capabilities = await usableFfmpeg();
  const input = await inputArgs(file, capabilities);
  const tools = ffmpegTools();
  return tools.ffprobe ? probeWithFfprobe(tools.ffprobe, file, input) : probeWithFfmpeg(tools.ffmpeg, file, input);
}

/** The capabilities of the ffmpeg in use; a TranscodeError with the reason when it cannot process video. */
async function usableFfmpeg(): Promise<FfmpegCapabilities> {
  const capabilities = await ffmpegCapabilities();
  if (!capabilities.usable) throw new TranscodeError(capabilities.problem ?? 'ffmpeg cannot process video here');
  return capabilities;
}

/**
 * How ffmpeg must open a source: with the demuxer its first bytes name, forced, and from local files
 * only, so a playlist or a list of other files is never followed.
 */
async function inputArgs(file: string, capabilities: FfmpegCapabilities): Promise<string[]> {
  const container: VideoContainer | undefined = await sniffContainer(file).catch(() => undefined);
  if (!container) throw new NotAVideoError(`it is not ${ACCEPTED_CONTAINERS_TEXT}`);
  return ['-f', container, ...(capabilities.protocolWhitelist ? ['-protocol_whitelist', 'file'] : []), '-i', file];
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  tags?: Record<string, string>;
  side_data_list?: { rotation?: number }[];
  disposition?: { attached_pic?: number };
}

async function probeWithFfprobe(ffprobe: string, file: string, input: string[]): Promise<VideoProbe> {
  const run = await runTool(ffprobe, [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    ...input,
  ]);
  if (run.code !== 0) throw new NotAVideoError(readableReason(run.stderr, file) || 'it could not be read');
  let info: { streams?: FfprobeStream[]; format?: { duration?: string; format_name?: string } };
  try {
    info = JSON.parse(run.stdout) as typeof info;
  } catch {
    throw new NotAVideoError('it could not be read');
  }
  const streams = info.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!video || !video.width || !video.height) throw new NotAVideoError('it has no video track');
  const formatName = info.format?.format_name ?? '';
  if (formatName === 'image2' || formatName.endsWith('_pipe')) throw new NotAVideoError('it is a picture, not a video');
  const durationSeconds = Number(info.format?.duration ?? video.duration ?? 0);
  if (!(durationSeconds > 0)) throw new NotAVideoError('it has no duration');
  const rotation = Number(
    video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0,
  );
  const sideways = Math.abs(rotation) % 180 === 90;
  return {
    width: sideways ? video.height : video.width,
    height: sideways ? video.width : video.height,
    durationSeconds,
    frameRate: parseRate(video.avg_frame_rate) || parseRate(video.r_frame_rate),
    hasAudio: streams.some((s) => s.codec_type === 'audio'),
  };
}

/** `ffmpeg -i` alone always exits 1 ("no output"); what it prints about the input is what we read. */
export async function probeWithFfmpeg(ffmpeg: string, file: string, input = ['-i', file]): Promise<VideoProbe> {
  const run = await runTool(ffmpeg, ['-hide_banner', '-nostdin', ...input]);
  const text = run.stderr;
  const videoLine = text
    .split('\n')
    .find((line) => /Stream #\d+:\d+.*: Video:/.test(line) && !line.includes('attached pic'));
  if (!videoLine) {
    const reason = /Invalid data found|could not find codec|Invalid argument|moov atom not found/i.test(text)
      ? readableReason(text, file)
      : 'it has no video track';
    throw new NotAVideoError(reason || 'it could not be read');
  }
  if (/Input #0, (image2|\w+_pipe),/.test(text)) throw new NotAVideoError('it is a picture, not a video');
  const size = /, (\d{2,5})x(\d{2,5})[ ,]/.exec(videoLine);
  const duration = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(text);
  if (!size) throw new NotAVideoError('it has no video track');
  if (!duration) throw new NotAVideoError('it has no duration');
  const durationSeconds = Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]);
  if (!(durationSeconds > 0)) throw new NotAVideoError('it has no duration');
  const rotation = /rotate\s*:\s*(-?\d+)|rotation of (-?\d+(?:\.\d+)?) degrees/.exec(text);
  const sideways = rotation ? Math.abs(Number(rotation[1] ?? rotation[2])) % 180 === 90 : false;
  const width = Number(size[1]);
  const height = Number(size[2]);
  return {
    width: sideways ? height : width,
    height: sideways ? width : height,
    durationSeconds,
    frameRate: Number(/, (\d+(?:\.\d+)?) fps/.exec(videoLine)?.[1] ?? 0),
    hasAudio: /Stream #\d+:\d+.*: Audio:/.test(text),
  };
}

function parseRate(rate: string | undefined): number {
  if (!rate) return 0;
  const [num, den] = rate.split('/').map(Number);
  if (!num || (den !== undefined && !den)) return 0;
  return den ? num / den : num;
}

export interface TranscodeOptions {
  source: string;
  /** An empty or missing folder to write into; the caller publishes it when this resolves. */
  outDir: string;
  probe: VideoProbe;
  /** 0-99 while encoding */
  onProgress?: (percent: number) => void;
  /** Aborting kills ffmpeg at once; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Called with ffmpeg's process id once it runs. */
  onSpawn?: (pid: number) => void;
}

/**
 * H.264/AAC fMP4 HLS: 2 s segments, a keyframe every 2 s (so every segment starts with one and
 * renditions switch cleanly), one rendition per planned rung, a master playlist and a poster.
 */
export async function transcodeToHls(options: TranscodeOptions): Promise<HlsOutput> {
  const { source, outDir, probe } = options;
  const capabilities = await usableFfmpeg();
  const input = await inputArgs(source, capabilities);
  const renditions = planLadder(probe);
  await fs.mkdir(outDir, { recursive: true });

  // Builds before 4.1 crash writing several fMP4 variants in one run: they encode one rung per run.
  const runs = capabilities.ladderInOneRun ? [renditions] : renditions.map((r) => [r]);
  const totalUs = probe.durationSeconds * 1_000_000 * runs.length;
  let doneUs = 0;
  let lastPercent = -1;
  for (const rungs of runs) {
    const first = renditions.indexOf(rungs[0]!);
    // ffmpeg makes the folders of %v itself, not a folder named outright.
    if (rungs.length === 1) await fs.mkdir(path.join(outDir, String(first)), { recursive: true });
    const args = ladderArgs({ input, probe, rungs, firstIndex: first, outDir, capabilities });
    await runFfmpeg(args, source, options, (line) => {
      const match = /^out_time_us=(\d+)/.exec(line);
      if (!match || !options.onProgress) return;
      const percent = Math.min(99, Math.floor(((doneUs + Number(match[1])) / totalUs) * 100));
      if (percent > lastPercent) {
        lastPercent = percent;
        options.onProgress(percent);
      }
    });
    doneUs += probe.durationSeconds * 1_000_000;
  }

  await publishRenditions(outDir, renditions);
  await makePoster(input, source, path.join(outDir, POSTER_FILE), renditions.at(-1)!, probe.durationSeconds, options);

  const playlist = await fs.readFile(path.join(outDir, renditions[0]!.name, 'index.m3u8'), 'utf8');
  const durationSeconds = segmentDurations(playlist).reduce((sum, d) => sum + d, 0);
  await fs.access(path.join(outDir, MASTER_PLAYLIST));
  return { durationSeconds, renditions, masterPlaylist: MASTER_PLAYLIST, poster: POSTER_FILE };
}

/**
 * Renames ffmpeg's numbered rendition folders after the rungs (360p, …) and points the master playlist
 * at them. Builds of 2018 leave the master playlist empty: it is then written from what was encoded.
 */
async function publishRenditions(outDir: string, renditions: Rendition[]) {
  for (const [i, r] of renditions.entries()) await fs.rename(path.join(outDir, String(i)), path.join(outDir, r.name));
  const masterFile = path.join(outDir, MASTER_PLAYLIST);
  const written = await fs.readFile(masterFile, 'utf8').catch(() => '');
  const master = written.includes('#EXT-X-STREAM-INF')
    ? written.replace(/^(\d+)\/index\.m3u8$/gm, (line, i: string) => `${renditions[Number(i)]?.name ?? i}/index.m3u8`)
    : await masterPlaylistOf(outDir, renditions);
  await fs.writeFile(masterFile, master);
}

async function masterPlaylistOf(outDir: string, renditions: Rendition[]): Promise<string> {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of renditions) {
    const folder = path.join(outDir, r.name);
    const init = (await fs.readdir(folder)).find((name) => /^init.*\.mp4$/.test(name));
    const video = init ? avcCodecOf(await fs.readFile(path.join(folder, init))) : undefined;
    const codecs = video ? `,CODECS="${video},mp4a.40.2"` : '';
    const bandwidth = Math.round((r.videoKbps + r.audioKbps) * 1000 * 1.1);
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${bandwidth},RESOLUTION=${r.width}x${r.height}${codecs}`,
      `${r.name}/index.m3u8`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** `avc1.PPCCLL` from the avcC box of an init segment: profile, constraints and level, as RFC 6381 writes them. */
export function avcCodecOf(init: Buffer): string | undefined {
  const at = init.indexOf('avcC', 0, 'latin1');
  if (at < 0 || at + 8 > init.length) return undefined;
  return `avc1.${init.subarray(at + 5, at + 8).toString('hex')}`;
}

interface LadderRun {
  input: string[];
  probe: VideoProbe;
  /** the rungs this run encodes, numbered from firstIndex in their folder names */
  rungs: Rendition[];
  firstIndex: number;
  outDir: string;
  capabilities: FfmpegCapabilities;
}

/** One ffmpeg run: the source split into `rungs`, each an fMP4 HLS rendition in a numbered folder. */
function ladderArgs({ input, probe, rungs, firstIndex, outDir, capabilities }: LadderRun): string[] {
  const frameRate = probe.frameRate > 0 ? Math.min(probe.frameRate, MAX_FRAME_RATE) : MAX_FRAME_RATE;
  const gop = Math.max(1, Math.round(frameRate * SEGMENT_SECONDS));
  const chains = rungs.map(
    (r, i) => `[v${i}]scale=${r.width}:${r.height}:flags=bicubic,setsar=1,format=yuv420p[out${i}]`,
  );
  const fps = probe.frameRate > MAX_FRAME_RATE || probe.frameRate === 0 ? `fps=${frameRate},` : '';
  const splits = rungs.map((_, i) => `[v${i}]`).join('');
  const filter = [`[0:v:0]${fps}split=${rungs.length}${splits}`, ...chains].join(';');

  // A source without sound gets a silent track, so every episode has the same tracks and a player can go
  // from one episode to the next without rebuilding its decoders.
  const silence = probe.hasAudio
    ? []
    : [
        '-f',
        'lavfi',
        '-t',
        String(probe.durationSeconds),
        '-i',
        `anullsrc=channel_layout=stereo:sample_rate=${AUDIO_SAMPLE_RATE}`,
      ];
  const audioInput = probe.hasAudio ? '0:a:0' : '1:a:0';
  // A single variant gets no %v from ffmpeg: its folder is named here.
  const folder = rungs.length === 1 ? String(firstIndex) : '%v';

  return [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-y',
    ...input,
    ...silence,
    '-filter_complex',
    filter,
    ...rungs.flatMap((_, i) => ['-map', `[out${i}]`, '-map', audioInput]),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-profile:v',
    'main',
    '-sc_threshold',
    '0',
    '-g',
    String(gop),
    '-keyint_min',
    String(gop),
    '-force_key_frames',
    `expr:gte(t,n_forced*${SEGMENT_SECONDS})`,
    ...rungs.flatMap((r, i) => [
      `-b:v:${i}`,
      `${r.videoKbps}k`,
      `-maxrate:v:${i}`,
      `${Math.round(r.videoKbps * 1.07)}k`,
      `-bufsize:v:${i}`,
      `${Math.round(r.videoKbps * 1.5)}k`,
      `-b:a:${i}`,
      `${r.audioKbps}k`,
    ]),
    '-c:a',
    'aac',
    '-ar',
    String(AUDIO_SAMPLE_RATE),
    '-ac',
    '2',
    '-max_muxing_queue_size',
    '1024',
    '-f',
    'hls',
    '-hls_time',
    String(SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_type',
    'fmp4',
    '-hls_flags',
    'independent_segments',
    '-hls_fmp4_init_filename',
    'init.mp4',
    '-hls_segment_filename',
    path.join(outDir, folder, 'seg_%05d.m4s'),
    // Numbered, not named: builds before 4.1 know no `name:` key; publishRenditions names the folders.
    // A single variant writes no master playlist where we want it: publishRenditions writes that one.
    ...(rungs.length > 1
      ? ['-master_pl_name', MASTER_PLAYLIST, '-var_stream_map', rungs.map((_, i) => `v:${i},a:${i}`).join(' ')]
      : []),
    '-progress',
    'pipe:1',
    ...(capabilities.statsPeriod ? ['-stats_period', '0.5'] : []),
    path.join(outDir, folder, 'index.m3u8'),
  ];
}

/** The #EXTINF durations of a media playlist, in order. */
export function segmentDurations(playlist: string): number[] {
  return [...playlist.matchAll(/^#EXTINF:([\d.]+)/gm)].map((m) => Number(m[1]));
}

async function makePoster(
  input: string[],
  source: string,
  target: string,
  size: Rendition,
  durationSeconds: number,
  options: Pick<TranscodeOptions, 'signal' | 'onSpawn'>,
) {
  // A second in, past fades from black, but inside even the shortest clip.
  const at = Math.min(1, durationSeconds / 3).toFixed(2);
  const args = [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-ss',
    at,
    ...input,
    '-frames:v',
    '1',
    '-vf',
    `scale=${size.width}:${size.height},setsar=1`,
    '-q:v',
    '3',
    target,
  ];
  await runFfmpeg(args, source, options, () => {});
  await fs.access(target).catch(() => {
    throw new TranscodeError('ffmpeg made no poster frame');
  });
}

function runFfmpeg(
  args: string[],
  source: string,
  options: Pick<TranscodeOptions, 'signal' | 'onSpawn'>,
  onLine: (line: string) => void,
): Promise<void> {
  const { signal } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const child = spawn(ffmpegTools().ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.pid) {
      options.onSpawn?.(child.pid);
      // Encoding yields to requests: the API stays responsive on a small machine.
      try {
        os.setPriority(child.pid, 10);
      } catch {
        // not permitted here; run at normal priority
      }
    }
    let stderr = '';
    let pending = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) onLine(line.trim());
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-8192);
    });
    const onAbort = () => child.kill('SIGKILL');
    signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(new TranscodeError(`ffmpeg could not start: ${error.message}`));
    });
    child.on('close', (code, killedBy) => {
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) return reject(signal.reason as Error);
      if (code === 0) return resolve();
      if (killedBy) return reject(new TranscodeError(`ffmpeg was stopped (${killedBy}) before it finished`));
      reject(new TranscodeError(`ffmpeg failed: ${readableReason(stderr, source) || `exit code ${code}`}`));
    });
  });
}

interface ToolRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runTool(command: string, args: string[]): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => (stdout += chunk));
    child.stderr.on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-16_384)));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The last lines ffmpeg printed, without the paths of our own files (they mean nothing to an operator). */
function readableReason(stderr: string, source: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => {
      const text = line.trim().split(`${source}: `).join('').split(source).join('the file');
      return text.replace(/^\[[^\]]* @ 0x[0-9a-f]+\]\s*/, '').replace(/\/[^\s:'"]+/g, (m) => path.basename(m));
    })
    .filter((line) => line && !line.startsWith('Conversion failed'));
  return lines.at(-1) ?? '';
}
