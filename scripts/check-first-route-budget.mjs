// Part of `npm test`, after the build: the JavaScript a first visit of each viewer page needs (the app's
// entry and the page's own chunk, with what they import statically, and the English texts they ask for)
// must stay within the budget of issue 11. Sizes are the brotli copies the server sends.
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

// At most 90 KB in at most 10 requests (issues 11 and 36; docs/decisions/019 and 062); React DOM alone is about
// 56 KB of it. A page's first route holds what its first paint and first taps need; the rest comes after.
const BUDGET_BYTES = Number(process.env.FIRST_ROUTE_BUDGET_BYTES ?? 90_000);
const BUDGET_REQUESTS = Number(process.env.FIRST_ROUTE_BUDGET_REQUESTS ?? 10);

const root = path.resolve(import.meta.dirname, '..');
const clientDir = path.resolve(root, process.env.CLIENT_DIR ?? 'dist/client');
const manifestFile = path.join(clientDir, '.vite/manifest.json');

/** The header and the bottom bar (src/web/components/layout/app-layout.tsx): every page but the player's. */
const PAGE_CHROME = 'src/web/components/layout/page-chrome.tsx';
/** Every viewer page: the modules its first render loads (src/web/app/routes.tsx). */
const VIEWER_PAGES = {
  '/': ['src/web/features/home/home-page.tsx', PAGE_CHROME],
  '/discover': ['src/web/features/discover/discover-page.tsx', PAGE_CHROME],
  '/series/{id}': ['src/web/features/series/series-page.tsx', PAGE_CHROME],
  '/watch/{id}': ['src/web/features/watch/watch-page.tsx'],
  '/library': ['src/web/features/library/library-page.tsx', PAGE_CHROME],
  '/rewards': ['src/web/features/rewards/rewards-page.tsx', PAGE_CHROME],
  '/profile': ['src/web/features/profile/profile-page.tsx', PAGE_CHROME],
};

if (!fs.existsSync(manifestFile)) {
  console.error(`No build manifest at ${manifestFile}: run \`npm run build\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
// The app's entry is the script index.html starts (its modules may be rolled into a chunk of another name).
const entryFile = /<script type="module" crossorigin src="\/([^"]+)"/.exec(
  fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8'),
)?.[1];
const entryKey = Object.keys(manifest).find((key) => manifest[key].file === entryFile);
if (!entryKey) throw new Error(`index.html starts ${entryFile}, which the manifest does not know.`);

// The texts, fetched from one folder the build names by their hash (scripts/locale-texts.ts).
const localesDir = fs
  .readdirSync(path.join(clientDir, 'assets'))
  .filter((name) => name.startsWith('locales-'))
  .map((name) => `assets/${name}`)[0];
if (!localesDir) throw new Error(`No texts folder (assets/locales-*) in ${clientDir}.`);

function staticClosure(key, into = new Set()) {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, into);
  return into;
}

/** The namespaces the page's modules ask useTranslation for (the first is loaded before it renders). */
function namespacesOf(keys) {
  const namespaces = new Set(['common']);
  for (const key of keys) {
    const source = path.join(root, key);
    if (!/\.tsx?$/.test(key) || !fs.existsSync(source)) continue;
    for (const call of fs.readFileSync(source, 'utf8').matchAll(/useTranslation\(([^)]*)\)/g)) {
      for (const name of call[1].matchAll(/'([\w-]+)'/g)) namespaces.add(name[1]);
    }
  }
  return namespaces;
}

/** The modules behind a chunk: the sources the manifest names, and those rolled into the same file. */
function sourcesOf(files) {
  return Object.entries(manifest)
    .filter(([, chunk]) => files.has(chunk.file))
    .map(([key]) => key);
}

function brotliSize(file) {
  const full = path.join(clientDir, file);
  if (fs.existsSync(`${full}.br`)) return fs.statSync(`${full}.br`).size;
  return brotliCompressSync(fs.readFileSync(full), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

let failed = false;
const rows = [];
for (const [page, modules] of Object.entries(VIEWER_PAGES)) {
  const keys = staticClosure(entryKey);
  for (const module of modules) {
    if (!manifest[module]) throw new Error(`${module} is not in the build: is VIEWER_PAGES out of date?`);
    staticClosure(module, keys);
  }
  const files = new Set([...keys].map((key) => manifest[key].file));
  for (const namespace of namespacesOf([...keys, ...sourcesOf(files)])) {
    const texts = `${localesDir}/en/${namespace}.json`;
    if (fs.existsSync(path.join(clientDir, texts))) files.add(texts);
  }
  const bytes = [...files].reduce((sum, file) => sum + brotliSize(file), 0);
  const over = bytes > BUDGET_BYTES || files.size > BUDGET_REQUESTS;
  failed ||= over;
  rows.push(
    `${over ? 'OVER' : 'ok  '}  ${page.padEnd(14)} ${(bytes / 1000).toFixed(2).padStart(6)} KB brotli in ${files.size} files`,
  );
}
console.log(`First-route JavaScript (budget ${BUDGET_BYTES / 1000} KB brotli in ${BUDGET_REQUESTS} files):`);
console.log(rows.join('\n'));
if (failed) {
  console.error(
    'A viewer page needs more JavaScript at first than the budget allows: load what its first paint does not need later.',
  );
  process.exit(1);
}
