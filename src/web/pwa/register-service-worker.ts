import { SERVICE_WORKER_FILE } from './service-worker-rules.ts';

/**
 * Its install downloads every viewer page's code (the precache): a while after the page has settled, so that it
 * never shares a slow connection or a small CPU with the page's own start or its first episode's video.
 */
export const REGISTER_AFTER_MS = 10_000;

/**
 * Registers the app's service worker (docs/pwa.md). Loaded in a chunk of its own once the page has loaded
 * and the browser is idle, so neither the first route's bytes nor its start wait for it. A new worker takes
 * over at once (skip-waiting, decision 058); pages always come from the network, so nothing stale shows.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  setTimeout(() => {
    // A failed registration (a private window that forbids it, an old build) leaves the app as it was.
    navigator.serviceWorker.register(`/${SERVICE_WORKER_FILE}`, { scope: '/' }).catch(() => {});
  }, REGISTER_AFTER_MS);
}
