import { StrictMode, Suspense } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import { App } from './app/app.tsx';
import { readServedPage } from './lib/api-client.ts';
import { createQueryClient } from './lib/query-client.ts';
import { initI18n, languageOfTag } from './lib/i18n.ts';
import './index.css';

const root = document.getElementById('root')!;
// Markup from the server (src/web/entry-server.tsx): the first render must be the one it made, in its language and from its data.
const served = root.hasChildNodes() ? readServedPage()?.queries : undefined;
await initI18n(served ? languageOfTag(document.documentElement.lang) : undefined);
const queryClient = createQueryClient();
if (served) hydrate(queryClient, served);

const app = (
  <StrictMode>
    <Suspense fallback={null}>
      <App queryClient={queryClient} served={served !== undefined} />
    </Suspense>
  </StrictMode>
);
if (served) hydrateRoot(root, app);
else createRoot(root).render(app);
