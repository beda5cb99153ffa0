import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m4s': 'video/iso.segment',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.svg': 'image/svg+xml',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.vtt': 'text/vtt; charset=utf-8',
};

/** The Content-Type of a media file by its name; undefined for a kind we do not make. */
export function mediaContentType(name: string): string | undefined {
  return CONTENT_TYPES[path.extname(name).toLowerCase()];
}
