import { StrictMode, Suspense, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadServedPage } from './app/routes.tsx';
import { readServedPage } from './lib/api-client.ts';
import { replayEarlyTaps, takeEarlyTaps } from './lib/early-taps.ts';
import { preloadWhenIdle } from './lib/lazy-part.ts';
import { createQueryClient, seedQueries } from './lib/query-client.ts';
import { initI18n, languageOfTag, readStoredLanguage } from './lib/i18n.ts';
import './index.css';

const root = document.getElementById('root')!;
// Markup from the server (src/web/entry-server.tsx), for a visitor it let in, with the data it was made from.
const servedPage = root.hasChildNodes() ? readServedPage() : null;
const served = servedPage?.queries ? servedPage : null;
const servedLanguage = languageOfTag(document.documentElement.lang);
// A language chosen in this browser before the server knew it (no cookie yet) is rendered afresh instead.
const hydrating = !!served && (readStoredLanguage() ?? servedLanguage) === servedLanguage;
const queryClient = createQueryClient();
if (served?.queries) seedQueries(queryClient, served.queries);
if (hydrating) {
  // The first render must be the server's: in its language, with the page's code and texts at hand, so
  // that nothing suspends while it hydrates.
  await Promise.all([initI18n(servedLanguage, served?.namespaces), preloadServedPage(window.location.pathname)]);
} else {
  await initI18n();
}

// From here on React answers taps (during hydration too); those made before are tapped again once it has
// taken the markup over.
const earlyTaps = takeEarlyTaps();
const app = (
  <StrictMode>
    <Suspense fallback={null}>
      <App queryClient={queryClient} served={!!served} />
      <EarlyTapsReplayed />
    </Suspense>
  </StrictMode>
);
if (hydrating) hydrateRoot(root, app);
else createRoot(root).render(app);

// The service worker makes the next visit start without the network (docs/pwa.md); not this visit's concern.
if (import.meta.env.PROD)
  preloadWhenIdle(() => import('./pwa/register-service-worker.ts').then((m) => m.registerServiceWorker()));

/** Renders nothing; once the app's first render is on the page, replays the early taps. */
function EarlyTapsReplayed() {
  useEffect(() => {
    // After the work the first render scheduled (the stored login replacing the server's view of it).
    const timer = setTimeout(() => replayEarlyTaps(earlyTaps));
    return () => clearTimeout(timer);
  }, []);
  return null;
}
