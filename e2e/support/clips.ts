import { execFileSync } from 'node:child_process';
import { findFfmpeg } from '#server/media/ffmpeg.ts';

/**
 * Writes a 9:16 clip with sound of `seconds` to `file`, made here so a spec depends on nothing checked in, with
 * the ffmpeg the server uses (a machine may have none on PATH).
 */
export function makeClip(file: string, seconds: number) {
  const ffmpeg = findFfmpeg();
  if (!ffmpeg) throw new Error('No ffmpeg: not on PATH, not in FFMPEG_PATH, not from npm.');
  execFileSync(
    ffmpeg,
    [
      '-y',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=360x640:rate=30',
      '-f',
      'lavfi',
      '-i',
      'sine',
    ].concat(['-t', String(seconds), '-c:v', 'libx264', '-c:a', 'aac', '-shortest', file]),
    { stdio: 'pipe' },
  );
}
