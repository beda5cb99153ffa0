import { StrictMode, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { preloadServedPage } from './app/routes.tsx';
import { readServedPage } from './lib/api-client.ts';
import { createQueryClient, seedQueries } from './lib/query-client.ts';
import { initI18n, languageOfTag } from './lib/i18n.ts';
import './index.css';

const root = document.getElementById('root')!;
// Markup from the server (src/web/entry-server.tsx): the first render must be the one it made, in its
// language, from its data, with the page's code and texts at hand (so nothing suspends while it hydrates).
const served = root.hasChildNodes() ? readServedPage() : null;
const queryClient = createQueryClient();
if (served?.queries) {
  await Promise.all([
    initI18n(languageOfTag(document.documentElement.lang), served.namespaces),
    preloadServedPage(window.location.pathname),
  ]);
  seedQueries(queryClient, served.queries);
} else {
  await initI18n();
}

const app = (
  <StrictMode>
    <Suspense fallback={null}>
      <App queryClient={queryClient} served={!!served?.queries} />
    </Suspense>
  </StrictMode>
);
if (served?.queries) hydrateRoot(root, app);
else createRoot(root).render(app);
