/**
 * The player's boot: a tiny script that index.html loads next to the app (async, a few kB), so that opening
 * /watch/{id} directly starts the episode while the app's own code still downloads and starts. On every
 * other page it does nothing. See docs/decisions/008-player-start-up.md.
 */
import { WATCH_APP_ENTRY_META } from '#contract/watch-start.ts';
import { startWatchEarly } from './feed/early-start.ts';

/**
 * The watch page's HTML (the server's, with the episode's video in it) leaves the app's code to this
 * script, which loads it once the video shows its first frame: until then the app's files would take
 * the connections and the bandwidth the video needs. Never later than this, whatever the video does.
 */
const APP_WAITS_AT_MOST_MS = 1500;
const deferredApp = document.querySelector<HTMLMetaElement>(`meta[name="${WATCH_APP_ENTRY_META}"]`)?.content;

const started = startWatchEarly(window.location.pathname);
if (deferredApp) {
  const loadApp = async () => {
    await applyPreloadedStyles();
    await import(/* @vite-ignore */ deferredApp);
  };
  void Promise.race([started, new Promise((resolve) => setTimeout(resolve, APP_WAITS_AT_MOST_MS))]).then(
    loadApp,
    loadApp,
  );
}

/** The app's stylesheets, which watch.html only preloads, applied before the app renders anything. */
function applyPreloadedStyles(): Promise<unknown> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')];
  return Promise.all(
    links.map(
      (link) =>
        new Promise((resolve) => {
          link.addEventListener('load', resolve, { once: true });
          link.addEventListener('error', resolve, { once: true });
          link.rel = 'stylesheet';
        }),
    ),
  );
}
