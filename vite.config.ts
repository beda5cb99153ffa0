import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

type ChunkingContext = Rolldown.ChunkingContext;
import react from '@vitejs/plugin-react';
import { localeTexts } from './scripts/locale-texts.ts';
import tailwindcss from '@tailwindcss/vite';
import { WATCH_APP_ENTRY_META, WATCH_PAGE_FILE } from './src/contract/watch-start.ts';
import { EARLY_TAPS_SCRIPT } from './src/contract/early-taps.ts';
import { installableApp } from './scripts/pwa.ts';

const apiPort = process.env.PORT ?? '5000';

/**
 * The player's boot script (src/web/features/watch/boot.ts) is its own small entry, loaded async next to
 * the app: on /watch/{id} it starts the episode while the app's code still downloads (docs/decisions/008).
 */
const WATCH_BOOT = 'watch-boot';
const BOOT_SOURCE = 'src/web/features/watch/boot.ts';
const APP_ENTRY_SOURCE = 'src/web/main.tsx';
function watchBootScript(): Plugin {
  const bootModules = new Set<string>();
  return {
    name: 'watch-boot-script',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    enforce: 'post',
    /**
     * watch.html: index.html without the app's entry script and module preloads, naming the entry in a
     * <meta> for the boot script to load once the episode shows its first frame, with the app's styles
     * preloaded for it to apply then (the server serves it for /watch/{id} with the episode's video in it).
     */
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') return;
      const html = String(index.source);
      const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
      if (!entry) throw new Error('watch.html: no app entry script in index.html');
      const watchHtml = html
        .replace(entry[0], `<meta name="${WATCH_APP_ENTRY_META}" content="${entry[1]}">\n`)
        // Fetched, but not blocking the first paint: a browser holds a video's loading back until then.
        .replace(/<link rel="stylesheet"/g, '<link rel="preload" as="style"')
        .replace(/<link rel="modulepreload" crossorigin href="\/([^"]+)">\s*/g, (link, file: string) =>
          bootModules.has(file) ? link : '',
        );
      this.emitFile({ type: 'asset', fileName: WATCH_PAGE_FILE, source: watchHtml });
    },
    transformIndexHtml: {
      order: 'post',
      handler: (_html, context) => {
        const bundle = context.bundle ?? {};
        const boot = Object.values(bundle).find(
          (output) => output.type === 'chunk' && output.isEntry && output.name === WATCH_BOOT,
        );
        if (boot?.type !== 'chunk') return [];
        // Its modules are asked for first, ahead of the app's (HTTP/1.1 gives a page six connections).
        const modules = new Set<string>();
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (chunk?.type !== 'chunk' || modules.has(file)) return;
          modules.add(file);
          chunk.imports.forEach(visit);
        };
        boot.imports.forEach(visit);
        modules.forEach((file) => bootModules.add(file));
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src: `/${boot.fileName}` },
            injectTo: 'head-prepend',
          },
          ...[...modules].map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` },
            injectTo: 'head-prepend' as const,
          })),
        ];
      },
    },
  };
}

/** React's request store in the page renderer, without Node's promise hooks (why: src/web/render-request-storage.ts). */
function renderRequestStorage(): Plugin {
  const storage = path.resolve(import.meta.dirname, 'src/web/render-request-storage.ts');
  return {
    name: 'render-request-storage',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    resolveId: (id) => (id === 'async_hooks' || id === 'node:async_hooks' ? storage : undefined),
  };
}

/** The first thing in every page: notes taps made before the app has started (src/contract/early-taps.ts). */
function earlyTapsScript(): Plugin {
  return {
    name: 'early-taps-script',
    transformIndexHtml: () => [{ tag: 'script', children: EARLY_TAPS_SCRIPT, injectTo: 'head-prepend' }],
  };
}

/**
 * Brotli and gzip copies of the client's text files, written next to them at build time; the server sends
 * them to browsers that accept them (about a third of the bytes: what a phone on a slow network waits for).
 */
function precompressedCopies(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'precompressed-copies',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options, bundle) {
      const files = Object.keys(bundle).filter((file) => /\.(?:js|css|html|svg|json)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(options.dir!, file);
          const content = await readFile(full);
          if (content.length < 1024) return;
          // Brotli's best (quality 11, the largest window) costs seconds once here and saves a phone 8 % of every file.
          const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 24 };
          await writeFile(`${full}.br`, await brotli(content, { params }));
          await writeFile(`${full}.gz`, await gz(content, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * The app's first route arrives in few requests (issue 11: at most 10 JS files): everything the app entry
 * needs at start is one chunk, instead of the 40 small ones automatic splitting makes from shared modules.
 * The boot script's modules stay out of it, so /watch/{id} starts the episode without waiting for the app:
 * those the app needs at start too (the API client, the languages) in one chunk, the player's own in another
 * that no other page downloads.
 */
function firstRouteChunks() {
  /** The modules `source` imports statically, and those they import: what runs when it is loaded. */
  const staticGraph = (source: string) => {
    let graph: Set<string> | undefined;
    return (id: string, ctx: ChunkingContext) => {
      if (!graph) {
        graph = new Set();
        const pending = [path.resolve(import.meta.dirname, source)];
        for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
          if (graph.has(next)) continue;
          graph.add(next);
          pending.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
        }
      }
      return graph.has(id);
    };
  };
  const inBoot = staticGraph(BOOT_SOURCE);
  const inAppStart = staticGraph(APP_ENTRY_SOURCE);
  return {
    // A page's own small shared modules (icons, queries, cards) go into its chunk rather than their own files.
    experimentalInlineCommonChunks: { maxSize: 12 * 1024 },
    groups: [
      {
        name: (id: string, ctx: ChunkingContext) => (inBoot(id, ctx) && inAppStart(id, ctx) ? 'start' : null),
        debugName: 'start',
        priority: 2,
      },
      { name: (id: string, ctx: ChunkingContext) => (inBoot(id, ctx) ? 'boot' : null), debugName: 'boot', priority: 1 },
      { name: 'app', tags: ['$initial' as const] },
    ],
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    localeTexts(path.resolve(import.meta.dirname, 'src/web/locales')),
    watchBootScript(),
    earlyTapsScript(),
    precompressedCopies(),
    renderRequestStorage(),
    installableApp(),
  ],
  build: { sourcemap: false, emptyOutDir: true },
  // `vite build` builds both: the browser's app (dist/client) and the server's page renderer (dist/ssr).
  builder: {},
  environments: {
    client: {
      build: {
        outDir: 'dist/client',
        // Read by scripts/check-first-route-budget.mjs.
        manifest: true,
        // Every browser the app supports knows <link rel="modulepreload">: no polyfill in the first route.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          input: { index: 'index.html', [WATCH_BOOT]: BOOT_SOURCE },
          preserveEntrySignatures: false,
          output: { codeSplitting: firstRouteChunks() },
        },
      },
    },
    ssr: {
      // React's production build: the same markup, without the development checks.
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      // One self-contained file: the server needs none of the client's packages at run time.
      resolve: { noExternal: true },
      build: {
        outDir: 'dist/ssr',
        copyPublicDir: false,
        rolldownOptions: {
          input: { 'entry-server': 'src/web/entry-server.tsx' },
          output: { codeSplitting: false },
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': `http://localhost:${apiPort}`,
      '/media': `http://localhost:${apiPort}`,
    },
  },
});
