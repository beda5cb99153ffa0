import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ffmpegTools } from '../media/ffmpeg.ts';

const run = promisify(execFile);

export interface SourceVideo {
  width: number;
  height: number;
  seconds: number;
  fps?: number;
  audio?: boolean;
  /** video bitrate, kbit/s: keep sources small */
  kbps?: number;
  /** Display rotation in degrees, as phones record it (stored as metadata, the pixels stay as they are). */
  rotate?: number;
  /** MP4 unless told */
  container?: 'mp4' | 'matroska';
}

/** A short test-pattern video made with ffmpeg's lavfi sources; cheap to make and to transcode. */
export async function makeSourceVideo(dir: string, video: SourceVideo): Promise<string> {
  const extension = video.container === 'matroska' ? 'mkv' : 'mp4';
  const file = path.join(dir, `source-${video.width}x${video.height}-${randomBytes(3).toString('hex')}.${extension}`);
  const fps = video.fps ?? 24;
  const audio = video.audio ?? true;
  await run(ffmpegTools().ffmpeg, [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${video.width}x${video.height}:rate=${fps}`,
    ...(audio ? ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'] : []),
    '-t',
    String(video.seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-b:v',
    `${video.kbps ?? 150}k`,
    ...(audio ? ['-c:a', 'aac', '-b:a', '32k'] : []),
    '-y',
    file,
  ]);
  if (!video.rotate) return file;
  const rotated = file.replace(/\.mp4$/, `-rotated${video.rotate}.mp4`);
  await run(ffmpegTools().ffmpeg, [
    '-hide_banner',
    '-nostdin',
    '-v',
    'error',
    '-i',
    file,
    '-c',
    'copy',
    '-metadata:s:v:0',
    `rotate=${video.rotate}`,
    '-y',
    rotated,
  ]);
  return rotated;
}

/** A published HLS folder as the pipeline leaves it, written under `dir`: one rendition of one segment, `segment`. */
export function writeHlsFolder(dir: string, segment: string): void {
  const files = {
    'master.m3u8': '#EXTM3U\n360p/index.m3u8\n',
    '360p/index.m3u8': '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\nseg_00000.m4s\n',
    '360p/init.mp4': 'init',
    '360p/seg_00000.m4s': segment,
    'poster.jpg': 'jpeg',
  };
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
}

export interface FilePart {
  field: string;
  filename: string;
  content: Buffer;
  contentType?: string;
}

/** A multipart/form-data body for inject(): text fields first, then the files. */
export function multipartBody(fields: Record<string, string>, files: FilePart[]) {
  const boundary = `----cliffhanger${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType ?? 'video/mp4'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 110_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
