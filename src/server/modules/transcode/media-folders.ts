import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Where the pipeline publishes an episode's media: one folder per transcode below this. */
export function episodeMediaFolder(seriesId: number, episodeId: number): string {
  return `series/${seriesId}/episodes/${episodeId}`;
}

/** Uploaded files wait here until their transcode ends; one folder per series, so deleting a series can clear it. */
export function seriesUploadsDir(uploadsRoot: string, seriesId: number): string {
  return path.join(uploadsRoot, `series-${seriesId}`);
}

/** Which process writes a partial upload: `<host>~<pid>`, so a start can tell a dead one's leftovers from a live upload. */
export function partialOwner(): string {
  return `${os.hostname().replace(/[^A-Za-z0-9-]/g, '_')}~${process.pid}`;
}

export async function removeQuietly(file: string): Promise<void> {
  await fs.rm(file, { recursive: true, force: true }).catch(() => {});
}
