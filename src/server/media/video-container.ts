import fs from 'node:fs/promises';

/** The ffmpeg demuxers we let read an upload: MP4/MOV (`mov`) and Matroska/WebM (`matroska`). */
export type VideoContainer = 'mov' | 'matroska';

export const ACCEPTED_CONTAINERS_TEXT = 'an MP4, MOV, MKV or WebM video';

const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
/** Top-level atoms an MP4 or QuickTime file may start with (`ftyp` in anything written since ~2001). */
const ISO_BMFF_FIRST_ATOMS = new Set(['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot']);

/** The container from the file's first bytes, or undefined for anything else (playlists, lists, pictures…). */
export function containerOfBytes(head: Buffer): VideoContainer | undefined {
  if (head.length >= 4 && head.subarray(0, 4).equals(EBML_MAGIC)) return 'matroska';
  if (head.length >= 8 && ISO_BMFF_FIRST_ATOMS.has(head.toString('latin1', 4, 8))) return 'mov';
  return undefined;
}

/**
 * Which container the file is, read from its first bytes before any ffmpeg sees it: ffmpeg would
 * otherwise pick its own demuxer, and its playlist and concat demuxers open other files.
 */
export async function sniffContainer(file: string): Promise<VideoContainer | undefined> {
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    return containerOfBytes(head.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}
