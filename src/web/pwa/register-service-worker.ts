import { SERVICE_WORKER_FILE } from './service-worker-rules.ts';

/**
 * Registers the app's service worker (docs/pwa.md). Loaded in a chunk of its own once the page has loaded
 * and the browser is idle, so neither the first route's bytes nor its start wait for it. A new worker takes
 * over at once (skip-waiting, decision 058); pages always come from the network, so nothing stale shows.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  // A failed registration (a private window that forbids it, an old build) leaves the app as it was.
  navigator.serviceWorker.register(`/${SERVICE_WORKER_FILE}`, { scope: '/' }).catch(() => {});
}
