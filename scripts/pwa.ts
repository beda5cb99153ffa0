import path from 'node:path';
import { readdir, readFile } from 'node:fs/promises';
import { build } from 'esbuild';
import type { Plugin, PluginOption } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { INSTALL_OFFER_SCRIPT } from '../src/contract/install-offer.ts';
import {
  dashboardFiles,
  isPrecached,
  MANIFEST_FILE,
  OFFLINE_PAGE_FILE,
  OFFLINE_SCRIPT_FILE,
  PUSH_SCRIPT_FILE,
  runtimeCaching,
  SERVICE_WORKER_FILE,
} from '../src/web/pwa/service-worker-rules.ts';
import { OFFLINE_TEXTS_ELEMENT_ID, type OfflineTexts } from '../src/web/pwa/offline-page.ts';

const root = path.resolve(import.meta.dirname, '..');
/** The app's palette (src/web/index.css): ink-950 behind everything, the brand's rose in the logo. */
const INK_950 = '#0b0b10';

/** What a browser needs to install the app (docs/pwa.md); its pictures are made by scripts/make-app-icons.mjs. */
export const appManifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Cliffhanger',
  short_name: 'Cliffhanger',
  description: 'Cliffhanger: vertical short-drama series, made for your phone.',
  lang: 'en',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait',
  theme_color: INK_950,
  background_color: INK_950,
  categories: ['entertainment'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  screenshots: [
    {
      src: '/screenshots/home-narrow.png',
      sizes: '360x780',
      type: 'image/png',
      form_factor: 'narrow',
      label: 'Cliffhanger’s home page',
    },
  ],
};

/**
 * The manifest, the service worker (Workbox's generateSW, with the rules of src/web/pwa/service-worker-rules.ts)
 * and the offline page, for the browser's build only. The app registers the worker itself, after the page
 * has loaded (src/web/pwa/register-service-worker.ts), so nothing is added to the first route.
 */
export function installableApp(): PluginOption[] {
  const pwa = VitePWA({
    injectRegister: false,
    registerType: 'autoUpdate',
    outDir: path.join(root, 'dist/client'),
    filename: SERVICE_WORKER_FILE,
    manifestFilename: MANIFEST_FILE,
    includeManifestIcons: false,
    manifest: appManifest,
    workbox: {
      globDirectory: path.join(root, 'dist/client'),
      globPatterns: ['**/*.{js,css,woff,woff2,svg,png,webp,html}'],
      // The dashboard's largest chunks pass the default 2 MB; they are left out anyway.
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      manifestTransforms: [
        async (entries) => {
          const built = JSON.parse(await readFile(path.join(root, 'dist/client/.vite/manifest.json'), 'utf8'));
          const dashboard = dashboardFiles(built);
          return { manifest: entries.filter((entry) => isPrecached(entry.url, dashboard)), warnings: [] };
        },
      ],
      // Hashed names need no revision of their own.
      dontCacheBustURLsMatching: /^assets\//,
      navigateFallback: null,
      navigationPreload: true,
      runtimeCaching,
      importScripts: [`/${PUSH_SCRIPT_FILE}`],
      cleanupOutdatedCaches: true,
      // Safe here: no page comes from the worker's cache, so a new worker never meets a page of the old build
      // that it cannot serve (decision 058).
      skipWaiting: true,
      clientsClaim: true,
    },
  });
  const forBrowser = (plugin: PluginOption): PluginOption =>
    plugin && typeof plugin === 'object' && 'name' in plugin
      ? { ...plugin, applyToEnvironment: (environment) => environment.name === 'client' }
      : plugin;
  return [...(pwa as PluginOption[]).map(forBrowser), offlinePage(), pushScript(), installOfferScript()];
}

/** offline.html (every language's texts in it, English shown without script) and its script, offline.js. */
function offlinePage(): Plugin {
  return {
    name: 'offline-page',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async generateBundle() {
      const texts = await offlineTexts();
      const script = await bundledScript('src/web/pwa/offline-page.ts');
      this.emitFile({ type: 'asset', fileName: OFFLINE_SCRIPT_FILE, source: script });
      this.emitFile({ type: 'asset', fileName: OFFLINE_PAGE_FILE, source: offlineHtml(texts) });
    },
  };
}

/** The worker's push handling, sw-push.js (src/web/sw/push-worker.ts). */
function pushScript(): Plugin {
  return {
    name: 'push-script',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: PUSH_SCRIPT_FILE,
        source: await bundledScript('src/web/sw/push-worker.ts'),
      });
    },
  };
}

/** A script of its own, outside the app's bundles (the offline page's, the worker's push handling). */
async function bundledScript(entry: string): Promise<string> {
  const script = await build({
    entryPoints: [path.join(root, entry)],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
  });
  return script.outputFiles[0]!.text;
}

async function offlineTexts(): Promise<Record<string, OfflineTexts>> {
  const localesDir = path.join(root, 'src/web/locales');
  const tags = await readdir(localesDir);
  const entries = await Promise.all(
    tags.map(async (tag) => [tag, JSON.parse(await readFile(path.join(localesDir, tag, 'offline.json'), 'utf8'))]),
  );
  return Object.fromEntries(entries);
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function offlineHtml(texts: Record<string, OfflineTexts>): string {
  const english = texts.en!;
  // In a JSON block `</` would end the script element early.
  const json = JSON.stringify(texts).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en" dir="ltr">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="${INK_950}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(english.title)}</title>
<style>
html{color-scheme:dark;background:${INK_950};color:#f4f4f5;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
body{margin:0;min-height:100dvh;display:flex;align-items:center;justify-content:center;text-align:center}
main{padding:2rem;max-width:22rem}
h1{font-size:1.375rem;margin:1.25rem 0 .5rem}
p{color:#d4d4d8;margin:0 0 1.5rem;line-height:1.5}
button{font:inherit;font-weight:600;color:#fff;background:#e11d48;border:0;border-radius:999px;padding:.75rem 1.75rem;cursor:pointer}
button:hover{background:#be123c}
button:focus-visible{outline:2px solid #fff;outline-offset:2px}
</style>
</head>
<body>
<main data-testid="offline-page">
<img src="/favicon.svg" alt="" width="64" height="64">
<h1 data-text="title">${escapeHtml(english.title)}</h1>
<p data-text="text">${escapeHtml(english.text)}</p>
<button type="button" id="retry" data-text="retry">${escapeHtml(english.retry)}</button>
</main>
<script type="application/json" id="${OFFLINE_TEXTS_ELEMENT_ID}">${json}</script>
<script src="/${OFFLINE_SCRIPT_FILE}" defer></script>
</body>
</html>
`;
}

/** The second script of every page (src/contract/install-offer.ts), and the icon iOS puts on a home screen. */
function installOfferScript(): Plugin {
  return {
    name: 'install-offer-script',
    transformIndexHtml: () => [
      { tag: 'script', children: INSTALL_OFFER_SCRIPT, injectTo: 'head' },
      { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' }, injectTo: 'head' },
    ],
  };
}
