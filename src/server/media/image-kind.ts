/** The picture formats thumbnails may be stored in, each with the file extension we serve it under. */
export const IMAGE_KINDS = {
  jpeg: '.jpg',
  png: '.png',
  webp: '.webp',
  avif: '.avif',
  gif: '.gif',
} as const;
export type ImageKind = keyof typeof IMAGE_KINDS;

export interface ImageFacts {
  kind: ImageKind;
  width: number;
  height: number;
}

const ascii = (bytes: Buffer, start: number, length: number) => bytes.toString('latin1', start, start + length);

/**
 * What a file is, read from its own bytes (signature and header), never from a name or a Content-Type.
 * Null when it is none of the accepted formats or its header is cut short. SVG is not accepted: it is
 * a document that can carry scripts and links, not a picture.
 */
export function identifyImage(bytes: Buffer): ImageFacts | null {
  return jpeg(bytes) ?? png(bytes) ?? gif(bytes) ?? webp(bytes) ?? avif(bytes);
}

function facts(kind: ImageKind, width: number, height: number): ImageFacts | null {
  return width > 0 && height > 0 ? { kind, width, height } : null;
}

function png(b: Buffer): ImageFacts | null {
  if (b.length < 24 || !b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return null;
  if (ascii(b, 12, 4) !== 'IHDR') return null;
  return facts('png', b.readUInt32BE(16), b.readUInt32BE(20));
}

function gif(b: Buffer): ImageFacts | null {
  if (b.length < 10 || !/^GIF8[79]a$/.test(ascii(b, 0, 6))) return null;
  return facts('gif', b.readUInt16LE(6), b.readUInt16LE(8));
}

/** Walks the JPEG segments to the frame header (SOFn), which holds the size. */
function jpeg(b: Buffer): ImageFacts | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8 || b[2] !== 0xff) return null;
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = b.readUInt16BE(at + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return facts('jpeg', b.readUInt16BE(at + 7), b.readUInt16BE(at + 5));
    if (length < 2) return null;
    at += 2 + length;
  }
  return null;
}

function webp(b: Buffer): ImageFacts | null {
  if (b.length < 30 || ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 4) !== 'WEBP') return null;
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ') {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return facts('webp', b.readUInt16LE(26) & 0x3fff, b.readUInt16LE(28) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const bits = b.readUInt32LE(21);
    return facts('webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') return facts('webp', b.readUIntLE(24, 3) + 1, b.readUIntLE(27, 3) + 1);
  return null;
}

/** An ISO-BMFF file whose brands name AVIF; the size is the first image spatial extent ('ispe') property. */
function avif(b: Buffer): ImageFacts | null {
  if (b.length < 16 || ascii(b, 4, 4) !== 'ftyp') return null;
  const boxEnd = Math.min(b.readUInt32BE(0), b.length);
  const brands: string[] = [ascii(b, 8, 4)];
  for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(ascii(b, at, 4));
  if (!brands.includes('avif') && !brands.includes('avis')) return null;
  const ispe = b.indexOf('ispe', boxEnd, 'latin1');
  if (ispe < 0 || ispe + 16 > b.length) return null;
  return facts('avif', b.readUInt32BE(ispe + 8), b.readUInt32BE(ispe + 12));
}
