/**
 * What the service worker (made by vite-plugin-pwa with Workbox, vite.config.ts) keeps and answers. It keeps
 * only the build's own files, which are the same for every viewer: the hashed code and styles, the app's
 * pictures and the offline page, and the texts of the languages a viewer used. It keeps nothing a reply of
 * the server holds for one viewer or paid for: no API reply, no page (the server renders them with the
 * viewer's data, docs/decisions/058), no media (/media, segments, posters) and nothing of the dashboard.
 * Pages go to the network, and when it cannot be reached the offline page answers in the viewer's language.
 */
import type { RuntimeCaching } from 'workbox-build';

/** What Workbox hands a route's match function. */
type RouteMatchOptions = Parameters<Extract<RuntimeCaching['urlPattern'], (...args: never[]) => unknown>>[0];

export const SERVICE_WORKER_FILE = 'sw.js';
export const OFFLINE_PAGE_FILE = 'offline.html';
export const OFFLINE_SCRIPT_FILE = 'offline.js';
/** The worker's push handling (src/web/sw/push-worker.ts), loaded into it with importScripts. */
export const PUSH_SCRIPT_FILE = 'sw-push.js';
export const MANIFEST_FILE = 'manifest.webmanifest';

/** The texts (scripts/locale-texts.ts): one folder named by their hash, kept once fetched (15 languages: not all up front). */
export const TEXTS_URL = /\/assets\/locales-[\w-]+\/[\w-]+\/[\w-]+\.json$/;
const TEXTS_CACHE = 'texts';

/** The dashboard's screen: its code is for operators, never kept in a viewer's browser. */
export const DASHBOARD_SOURCE = 'src/web/features/admin/admin-page.tsx';

/** A chunk of Vite's build manifest (dist/client/.vite/manifest.json). */
export interface BuiltChunk {
  file: string;
  isEntry?: boolean;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * The files only the dashboard loads: those reached from its screen, less those a viewer's pages reach
 * without it (the shared React, the API client). Read from Vite's build manifest.
 */
export function dashboardFiles(manifest: Record<string, BuiltChunk>): Set<string> {
  const reached = (starts: string[], skip?: string) => {
    const keys = new Set<string>();
    const pending = [...starts];
    for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
      const chunk = manifest[key];
      if (keys.has(key) || key === skip || !chunk) continue;
      keys.add(key);
      pending.push(...(chunk.imports ?? []), ...(chunk.dynamicImports ?? []));
    }
    return new Set([...keys].flatMap((key) => [manifest[key]!.file, ...(manifest[key]!.css ?? [])]));
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const viewers = reached(entries, DASHBOARD_SOURCE);
  return new Set([...reached([DASHBOARD_SOURCE])].filter((file) => !viewers.has(file)));
}

/**
 * A file of the built client (a path relative to dist/client) that the service worker installs with itself:
 * the hashed code and styles, the icons, the manifest's pictures and the offline page. Not the pages
 * (index.html, watch.html: they are made per visit), the texts (asked for when needed), or the dashboard's.
 */
export function isPrecached(file: string, dashboard: ReadonlySet<string>): boolean {
  if (file === OFFLINE_PAGE_FILE || file === OFFLINE_SCRIPT_FILE || file === MANIFEST_FILE) return true;
  if (/^(?:icons|screenshots)\/[\w-]+\.png$/.test(file) || file === 'favicon.svg') return true;
  if (!/^assets\/[^/]+\.(?:js|css|woff2?|svg|png|webp)$/.test(file)) return false;
  return !dashboard.has(file);
}

/** The routes the service worker answers beyond its precache; anything else goes to the network untouched. */
export const runtimeCaching: RuntimeCaching[] = [
  {
    // Every page from the network (with navigation preload), and the offline page when that fails.
    urlPattern: ({ request }) => request.mode === 'navigate',
    handler: 'NetworkOnly',
    options: { precacheFallback: { fallbackURL: `/${OFFLINE_PAGE_FILE}` } },
  },
  {
    urlPattern: TEXTS_URL,
    handler: 'CacheFirst',
    options: { cacheName: TEXTS_CACHE, expiration: { maxEntries: 80 } },
  },
];

/**
 * Whether the service worker may store the reply to a GET of `url` (a path, a navigation or not). Used by
 * the tests to hold the rules above to what must never be stored.
 */
export function isStoredBy(url: string, navigation: boolean, dashboard: ReadonlySet<string>): boolean {
  const file = url.replace(/^\//, '').split('?', 1)[0]!;
  if (isPrecached(file, dashboard)) return true;
  return runtimeCaching.some(
    (route) =>
      route.handler !== 'NetworkOnly' &&
      (route.urlPattern instanceof RegExp
        ? route.urlPattern.test(`https://cliff.example${url}`)
        : typeof route.urlPattern === 'function' &&
          route.urlPattern({
            url: new URL(url, 'https://cliff.example'),
            request: { mode: navigation ? 'navigate' : 'cors' } as Request,
            sameOrigin: true,
            event: {} as RouteMatchOptions['event'],
          })),
  );
}
