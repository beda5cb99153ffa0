// Makes the installed app's pictures from the brand's logo (public/favicon.svg) with ffmpeg (its librsvg
// decoder): the manifest's icons, a maskable one, the icon iOS puts on the home screen, and the manifest's
// narrow screenshot from the docs' home-page picture. Run again when the logo changes; the PNGs are committed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'public/icons');
const logo = fs.readFileSync(path.join(root, 'public/favicon.svg'), 'utf8');
// A maskable icon is cut to any shape from its middle 80 %: the logo's square without its rounded corners
// (the play sign already sits inside that circle).
const maskable = logo.replace(/<rect([^>]*?) rx="[^"]*"/, '<rect$1');
const ffmpeg = (...args) => execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args]);

function icon(svg, size, file) {
  const source = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'icon-')), 'logo.svg');
  fs.writeFileSync(source, svg);
  ffmpeg(
    '-width',
    String(size),
    '-height',
    String(size),
    '-f',
    'svg_pipe',
    '-i',
    source,
    '-frames:v',
    '1',
    path.join(out, file),
  );
}

fs.mkdirSync(out, { recursive: true });
icon(logo, 192, 'icon-192.png');
icon(logo, 512, 'icon-512.png');
icon(maskable, 512, 'icon-maskable-512.png');
icon(maskable, 180, 'apple-touch-icon.png');

const screenshots = path.join(root, 'public/screenshots');
fs.mkdirSync(screenshots, { recursive: true });
ffmpeg(
  '-i',
  path.join(root, 'docs/images/home.png'),
  '-vf',
  'scale=360:780',
  '-frames:v',
  '1',
  path.join(screenshots, 'home-narrow.png'),
);
