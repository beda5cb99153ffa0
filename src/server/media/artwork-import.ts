import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ArtworkRefused, fetchArtwork, type ArtworkFetchLimits } from './artwork-fetch.ts';
import { IMAGE_KINDS, identifyImage, type ImageFacts } from './image-kind.ts';
import type { MediaStorage } from './storage.ts';
import { isMediaPath } from '#contract/common.ts';

export { ArtworkRefused } from './artwork-fetch.ts';

export const DEFAULT_ARTWORK_LIMITS: Omit<ArtworkFetchLimits, 'allowedEndpoints'> = {
  timeoutMs: 10_000,
  maxBytes: 8 * 1024 * 1024,
  maxRedirects: 3,
};
const MIN_SIDE = 16;
const MAX_SIDE = 8192;
const MAX_PIXELS = 40_000_000;

/** Where browsers reach this app: the host a request came to (either scheme) and PUBLIC_URL's origin when set. */
export interface OwnOrigin {
  requestHost: string;
  publicOrigin?: string;
  /** The /media/ path of a link at MEDIA_PUBLIC_URL (the address replies give our pictures when a CDN is set). */
  storedPathOf?: (link: string) => string | null;
}

/** Our own copy of an operator's picture: fetched once, checked, stored under its content hash. */
export interface ArtworkImporter {
  /**
   * The /media/... URL of our copy; our own /media/ links, and links to our own origin under /media/, are kept as
   * that path. Throws ArtworkRefused.
   */
  ownCopyOf(link: string, ours?: OwnOrigin): Promise<string>;
  /** Stores picture bytes the server already holds (an upload); throws ArtworkRefused when they are not one. */
  store(bytes: Buffer): Promise<string>;
}

export const isOwnMediaLink = (link: string) => link.startsWith('/media/');

/**
 * The path of an absolute link to one of our own files under /media/ ("copy image address" on one of our
 * pictures), or null for a link anywhere else. Such a link is never fetched (our host is often loopback or
 * private): its path is kept and checked like a /media/ path typed as one. The Host header is the client's to
 * write, which is harmless here: all it can earn is a path in our own store.
 */
export function ownMediaPathOf(link: string, ours: OwnOrigin): string | null {
  const atCdn = ours.storedPathOf?.(link);
  if (atCdn) return atCdn;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!(url.host === hostOf(ours.requestHost) || url.origin === ours.publicOrigin)) return null;
  // The URL parser has already resolved "..", "%2e%2e" and backslashes: a path still under /media/ names our file.
  return url.pathname.startsWith('/media/') ? url.pathname : null;
}

/** A Host header as URL.host writes it (lower case, no :80). */
function hostOf(host: string): string | null {
  try {
    return new URL(`http://${host}`).host;
  } catch {
    return null;
  }
}

export function checkArtwork(bytes: Buffer): ImageFacts {
  const image = identifyImage(bytes);
  if (!image) throw new ArtworkRefused('the file is not a JPEG, PNG, WebP, AVIF or GIF picture');
  const { width, height } = image;
  if (width < MIN_SIDE || height < MIN_SIDE) {
    throw new ArtworkRefused(`the picture is ${width}×${height} pixels; each side must be at least ${MIN_SIDE}`);
  }
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS) {
    throw new ArtworkRefused(`the picture is ${width}×${height} pixels; at most ${MAX_SIDE} on a side is accepted`);
  }
  return image;
}

export function artworkImporter(storage: MediaStorage, limits: ArtworkFetchLimits): ArtworkImporter {
  async function store(bytes: Buffer): Promise<string> {
    const image = checkArtwork(bytes);
    const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 24);
    const key = `art/thumbnails/thumbnail.${hash}${IMAGE_KINDS[image.kind]}`;
    const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'cliffhanger-artwork-'));
    try {
      const file = path.join(scratch, 'artwork');
      await fs.writeFile(file, bytes);
      await storage.putFile(file, key);
    } finally {
      await fs.rm(scratch, { recursive: true, force: true });
    }
    return storage.urlOf(key);
  }
  return {
    async ownCopyOf(link, ours) {
      if (isOwnMediaLink(link)) return link;
      const ownPath = ours ? ownMediaPathOf(link, ours) : null;
      if (ownPath !== null) {
        if (!isMediaPath(ownPath)) throw new ArtworkRefused('a link to this app must name a file under /media/');
        return ownPath;
      }
      return store(await fetchArtwork(link, limits));
    },
    store,
  };
}
