import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Generated poster artwork for one series: a vertical 9:16 poster and a regular 16:9 banner. */
export interface SeriesArt {
  vertical: ArtFile;
  wide: ArtFile;
}

export interface ArtFile {
  /** Path under the media directory, e.g. art/red-sand-run-poster.1a2b3c4d5e.svg */
  file: string;
  /** The URL it is served at: /media/<file> */
  url: string;
  svg: string;
}

const FONT_STACK = "'Inter', 'Helvetica Neue', Arial, 'DejaVu Sans', sans-serif";

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug.slice(0, 60) || 'series';
}

/** Greedy word wrap by character count: poster titles are short, so an estimate is enough. */
export function wrapTitle(title: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/).filter(Boolean)) {
    if (!line) line = word;
    else if (line.length + 1 + word.length <= maxChars) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/[\s,.;:]+$/, '')}…`;
    return kept;
  }
  return lines;
}

interface Palette {
  top: string;
  bottom: string;
  glow: string;
  accent: string;
  ring: string;
}

/**
 * Hues follow the golden angle by catalogue position so neighbouring series never look alike;
 * saturation and lightness stay low so posters sit quietly on a dark page.
 */
function paletteFor(variant: number): Palette {
  const hue = (variant * 137.508 + 210) % 360;
  const h = (offset: number) => Math.round((hue + offset + 360) % 360);
  return {
    top: `hsl(${h(0)}, 46%, 34%)`,
    bottom: `hsl(${h(38)}, 45%, 11%)`,
    glow: `hsl(${h(-24)}, 65%, 58%)`,
    accent: `hsl(${h(18)}, 85%, 72%)`,
    ring: `hsl(${h(60)}, 60%, 70%)`,
  };
}

/** Rough width of an upper-case label in a Helvetica-like bold face, enough to size its pill. */
function labelWidth(label: string, fontSize: number, letterSpacing: number): number {
  let em = 0;
  for (const ch of label) {
    if (" .,:;-'!|I".includes(ch)) em += 0.32;
    else if ('MW&'.includes(ch)) em += 0.86;
    else em += 0.7;
  }
  return em * fontSize + letterSpacing * label.length;
}

interface Layout {
  width: number;
  height: number;
  titleSize: number;
  maxChars: number;
  maxLines: number;
  margin: number;
  genreSize: number;
}

const VERTICAL: Layout = {
  width: 540,
  height: 960,
  titleSize: 58,
  maxChars: 14,
  maxLines: 5,
  margin: 44,
  genreSize: 22,
};
const WIDE: Layout = { width: 1280, height: 720, titleSize: 76, maxChars: 24, maxLines: 3, margin: 72, genreSize: 26 };

function posterSvg(title: string, genre: string, variant: number, layout: Layout): string {
  const { width: w, height: h, titleSize, margin, genreSize } = layout;
  const p = paletteFor(variant);
  const lines = wrapTitle(title, layout.maxChars, layout.maxLines);
  const lineHeight = Math.round(titleSize * 1.08);
  const titleBottom = h - margin - Math.round(genreSize * 0.4);
  const firstBaseline = titleBottom - (lines.length - 1) * lineHeight;
  const accentY = firstBaseline - titleSize - 18;
  // Deterministic decoration: two soft rings whose placement depends on the variant.
  const cx1 = Math.round(w * (0.55 + ((variant * 37) % 30) / 100));
  const cy1 = Math.round(h * (0.22 + ((variant * 53) % 20) / 100));
  const r1 = Math.round(Math.min(w, h) * 0.42);
  const cx2 = Math.round(w * (0.12 + ((variant * 29) % 25) / 100));
  const cy2 = Math.round(h * (0.48 + ((variant * 17) % 15) / 100));
  const r2 = Math.round(Math.min(w, h) * 0.26);
  const genreLabel = escapeXml(genre.toUpperCase());
  const pillWidth = Math.round(labelWidth(genre.toUpperCase(), genreSize, 2) + genreSize * 1.4);
  const pillHeight = Math.round(genreSize * 1.9);

  const titleText = lines
    .map(
      (line, i) =>
        `<text x="${margin}" y="${firstBaseline + i * lineHeight}" font-size="${titleSize}">${escapeXml(line)}</text>`,
    )
    .join('');

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="0.35" y2="1"><stop offset="0" stop-color="${p.top}"/><stop offset="1" stop-color="${p.bottom}"/></linearGradient>`,
    `<radialGradient id="glow" cx="${cx1}" cy="${cy1}" r="${r1 * 1.6}" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${p.glow}" stop-opacity="0.55"/><stop offset="1" stop-color="${p.glow}" stop-opacity="0"/></radialGradient>`,
    '<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.35" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.72"/></linearGradient>',
    '</defs>',
    `<rect width="${w}" height="${h}" fill="url(#bg)"/>`,
    `<rect width="${w}" height="${h}" fill="url(#glow)"/>`,
    `<circle cx="${cx1}" cy="${cy1}" r="${r1}" fill="none" stroke="${p.ring}" stroke-opacity="0.16" stroke-width="2"/>`,
    `<circle cx="${cx1}" cy="${cy1}" r="${Math.round(r1 * 0.7)}" fill="none" stroke="${p.ring}" stroke-opacity="0.1" stroke-width="1.5"/>`,
    `<circle cx="${cx2}" cy="${cy2}" r="${r2}" fill="${p.ring}" fill-opacity="0.06"/>`,
    `<rect width="${w}" height="${h}" fill="url(#shade)"/>`,
    `<g font-family="${FONT_STACK}">`,
    `<rect x="${margin}" y="${margin}" width="${pillWidth}" height="${pillHeight}" rx="${pillHeight / 2}" fill="#000" fill-opacity="0.35" stroke="${p.accent}" stroke-opacity="0.5"/>`,
    `<text x="${margin + pillWidth / 2}" y="${margin + pillHeight / 2 + genreSize * 0.36}" font-size="${genreSize}" font-weight="600" letter-spacing="2" fill="#fff" fill-opacity="0.92" text-anchor="middle">${genreLabel}</text>`,
    `<rect x="${margin}" y="${accentY}" width="${Math.round(titleSize * 1.2)}" height="5" rx="2.5" fill="${p.accent}"/>`,
    `<g fill="#fff" font-weight="700">${titleText}</g>`,
    '</g>',
    '</svg>',
  ].join('');
}

function artFile(slug: string, kind: string, svg: string): ArtFile {
  // Content-addressed names: the files can be cached forever, and a new recipe gets new names.
  const hash = createHash('sha256').update(svg).digest('hex').slice(0, 10);
  const file = `art/${slug}-${kind}.${hash}.svg`;
  return { file, url: `/media/${file}`, svg };
}

/** `variant` spreads the colours: pass the series' position in its catalogue. */
export function seriesArt(title: string, genre: string, variant: number): SeriesArt {
  const slug = slugify(title);
  return {
    vertical: artFile(slug, 'poster', posterSvg(title, genre, variant, VERTICAL)),
    wide: artFile(slug, 'wide', posterSvg(title, genre, variant, WIDE)),
  };
}

/** Writes the files that are missing (names are content-addressed, so an existing file is already right). */
export function writeArtFiles(mediaDir: string, files: readonly ArtFile[]): number {
  let written = 0;
  fs.mkdirSync(path.join(mediaDir, 'art'), { recursive: true });
  for (const art of files) {
    const target = path.join(mediaDir, art.file);
    if (fs.existsSync(target)) continue;
    const temp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.tmp`);
    fs.writeFileSync(temp, art.svg);
    fs.renameSync(temp, target);
    written++;
  }
  return written;
}
