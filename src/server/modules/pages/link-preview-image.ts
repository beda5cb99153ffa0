import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { posterOf } from '#contract/catalogue-display.ts';
import { findFfmpeg, runTool } from '../../media/ffmpeg.ts';
import { previewImageVersion, type LinkPreview } from './link-preview.ts';

/**
 * A shared link's picture, 1200×630: the series' poster on the left over a blurred, darkened copy of itself, and
 * its title (in the page's language) with the app's name on the right. Made with ffmpeg once per series, language
 * and version (its picture and title) and kept on disk under DATA_DIR/link-previews; then read from there.
 *
 * Text needs ffmpeg's drawtext and a font that has every letter of the title (asked of fontconfig: DejaVu covers
 * Latin, Cyrillic, Greek and Arabic; CJK and Thai need e.g. Debian's fonts-noto-cjk and fonts-thai-tlwg). Without
 * one, the picture is the poster alone; a poster ffmpeg cannot read (an SVG without librsvg) leaves a plain
 * background with the title.
 */
export const PREVIEW_WIDTH = 1200;
export const PREVIEW_HEIGHT = 630;

const TITLE_SIZE = 56;
/** Room for the title right of the poster, in ems of TITLE_SIZE. */
const LINE_EMS = 10.5;
const MAX_LINES = 4;

export function createPreviewImages(app: FastifyInstance) {
  const folder = path.join(app.config.dataDir, 'link-previews');
  const making = new Map<string, Promise<Buffer | null>>();

  async function make(series: LinkPreview['series'], tag: string, file: string): Promise<Buffer | null> {
    const ffmpeg = findFfmpeg();
    if (!ffmpeg) return null;
    await fs.mkdir(folder, { recursive: true });
    // Paths in ffmpeg's filter graph stay plain: the work folder is the system's, whatever DATA_DIR is called.
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'cliffhanger-preview-'));
    try {
      const picture = await copyPicture(app, posterOf(series), work);
      const text = await titleText(series.title, app.config.appName, work);
      const out = path.join(work, 'preview.jpg');
      const attempts = [
        picture && text ? { picture, text } : null,
        picture ? { picture, text: null } : null,
        text ? { picture: null, text } : null,
        { picture: null, text: null },
      ].filter((attempt) => attempt !== null);
      for (const attempt of attempts) {
        try {
          await runTool(ffmpeg, previewArgs(attempt.picture, attempt.text, out));
          const bytes = await fs.readFile(out);
          await fs.writeFile(`${file}.${process.pid}`, bytes);
          await fs.rename(`${file}.${process.pid}`, file);
          return bytes;
        } catch (error) {
          app.log.debug({ err: error, seriesId: series.id, tag }, 'link preview picture: trying a simpler one');
        }
      }
      return null;
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  }

  return {
    /** The picture's JPEG bytes, made on its first request and read from disk after; null when none can be made. */
    async of(series: LinkPreview['series'], tag: string): Promise<Buffer | null> {
      const name = `${series.id}-${tag}-${previewImageVersion(series)}.jpg`;
      const file = path.join(folder, name);
      const kept = await fs.readFile(file).catch(() => null);
      if (kept) return kept;
      let pending = making.get(name);
      if (!pending) {
        pending = make(series, tag, file).finally(() => making.delete(name));
        making.set(name, pending);
      }
      return pending;
    },
  };
}

export type PreviewImages = ReturnType<typeof createPreviewImages>;

/** The series' picture copied from the media store into `work`, or null for one that is not ours or is gone. */
async function copyPicture(app: FastifyInstance, url: string, work: string): Promise<string | null> {
  const stored = app.mediaAddresses.storedPathOf(url) ?? url;
  const key = stored.startsWith('/media/') ? app.mediaPipeline.storage.keyOf(stored) : null;
  if (!key) return null;
  const found = await app.mediaPipeline.storage.read(key).catch(() => null);
  if (!found || typeof found === 'string') return null;
  const file = path.join(work, `picture${path.extname(key).toLowerCase()}`);
  await pipeline(found.body, createWriteStream(file));
  return file;
}

/** The title in lines that fit beside the poster, in a file for drawtext, with the font that has its letters. */
async function titleText(title: string, appName: string, work: string) {
  const font = await fontFor(`${title}${appName}`);
  if (!font) return null;
  const file = path.join(work, 'title.txt');
  const brand = path.join(work, 'brand.txt');
  await Promise.all([fs.writeFile(file, wrapTitle(title).join('\n')), fs.writeFile(brand, appName)]);
  return { file, font, brand };
}

/** How wide a letter is, in ems: CJK, kana, hangul and Thai are square-ish, Latin and the rest about 0.65 (bold). */
const emsOf = (char: string) =>
  /[\u0E00-\u0E7F\u1100-\u11FF\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]/.test(char) ? 1 : 0.6;

/** The title broken into lines of at most LINE_EMS (between words where there are spaces), at most MAX_LINES. */
export function wrapTitle(title: string): string[] {
  const lines: string[] = [];
  let line = '';
  let width = 0;
  const words = title.trim().split(/(\s+)/).filter(Boolean);
  for (const word of words) {
    const wordWidth = [...word].reduce((sum, char) => sum + emsOf(char), 0);
    if (/^\s+$/.test(word)) {
      if (line) {
        line += ' ';
        width += 0.3;
      }
      continue;
    }
    if (width + wordWidth <= LINE_EMS) {
      line += word;
      width += wordWidth;
      continue;
    }
    if (line.trim()) lines.push(line.trim());
    line = '';
    width = 0;
    // A word longer than a line (or a script without spaces) is broken between letters.
    for (const char of word) {
      if (width + emsOf(char) > LINE_EMS) {
        lines.push(line);
        line = '';
        width = 0;
      }
      line += char;
      width += emsOf(char);
    }
  }
  if (line.trim()) lines.push(line.trim());
  if (lines.length <= MAX_LINES) return lines;
  return [...lines.slice(0, MAX_LINES - 1), `${lines[MAX_LINES - 1]!.slice(0, -1)}…`];
}

const fonts = new Map<string, Promise<string | null>>();

/** A bold font file (else any) that has every letter of `text`, from fontconfig; null without one or fc-list. */
function fontFor(text: string): Promise<string | null> {
  const letters = [...new Set([...text.replace(/\s/g, '')].map((char) => char.codePointAt(0)!.toString(16)))].sort();
  const key = letters.join(' ');
  let found = fonts.get(key);
  if (!found) {
    found = new Promise((resolve) => {
      execFile('fc-list', ['--format', '%{file}\\n', `:charset=${key}`], { timeout: 5000 }, (error, stdout) => {
        if (error) return resolve(null);
        const files = stdout.split('\n').filter((file) => /^[\w./-]+\.(?:ttf|otf|ttc)$/i.test(file));
        const ranked = files.map((file) => ({ file, score: fontScore(path.basename(file)) }));
        ranked.sort((a, b) => b.score - a.score || a.file.localeCompare(b.file));
        resolve(ranked[0]?.file ?? null);
      });
    });
    if (fonts.size > 500) fonts.clear();
    fonts.set(key, found);
  }
  return found;
}

/** Bold sans-serif first; condensed, serif, mono and slanted faces last. */
const fontScore = (name: string) =>
  (/bold/i.test(name) ? 2 : 0) +
  (/sans/i.test(name) ? 1 : 0) -
  (/condensed|narrow|serif|mono|italic|oblique|light/i.test(name.replace(/sans/i, '')) ? 4 : 0);

/** ffmpeg's arguments for one attempt: with or without the poster, with or without the title. */
function previewArgs(picture: string | null, text: { file: string; font: string; brand: string } | null, out: string) {
  const W = PREVIEW_WIDTH;
  const H = PREVIEW_HEIGHT;
  const input = picture ? ['-i', picture] : ['-f', 'lavfi', '-i', `color=c=0x18181b:s=${W}x${H}`];
  const textLeft = picture ? 500 : 80;
  const graph = [
    picture
      ? `[0:v]split[a][b];[a]scale=${W}:${H}:force_original_aspect_ratio=increase,crop=${W}:${H},boxblur=24:2,eq=brightness=-0.3[bg];` +
        `[b]scale=400:570:force_original_aspect_ratio=decrease[poster];[bg][poster]overlay=x=60+(400-overlay_w)/2:y=30,format=yuv420p[base]`
      : `[0:v]format=yuv420p[base]`,
  ];
  if (text) {
    const font = `fontfile='${text.font}'`;
    graph.push(
      `;[base]drawtext=${font}:expansion=none:textfile='${text.file}':fontcolor=white:fontsize=${TITLE_SIZE}:line_spacing=14:` +
        `x=${textLeft}:y=(h-text_h)/2-20:shadowcolor=black@0.6:shadowx=2:shadowy=2,` +
        `drawtext=${font}:expansion=none:textfile='${text.brand}':fontcolor=0xfbbf24:fontsize=30:x=${textLeft}:y=h-80[out]`,
    );
  } else graph.push(';[base]null[out]');
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    ...input,
    '-filter_complex',
    graph.join(''),
    '-map',
    '[out]',
    '-frames:v',
    '1',
    '-q:v',
    '3',
    out,
  ];
}
