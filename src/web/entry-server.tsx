import { StrictMode, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import type { Query } from '#web/lib/query/query.ts';
import type { QueryClient } from '#web/lib/query/query-client.ts';
import { isViewersOwnRead } from '#contract/page-data.ts';
import type { PageRenderRequest, PageRenderer, RenderedPage } from '#contract/page-render.ts';
import { App } from './app/app.tsx';
import { readApiOnServer } from './lib/api-client.ts';
import { answeredQueries, createQueryClient } from './lib/query-client.ts';
import { directionOf, LANGUAGE_TAGS, languageOfTag, serveLanguage, withNamespacesUsed } from './lib/i18n.ts';

/** A page whose reads lead to more reads (a series, then its episodes) renders again; never more than this. */
const MOST_PASSES = 4;

/**
 * The server build's entry (docs/decisions/026): a viewer page rendered with React, from the reads its
 * own query functions make, in the visitor's language. The language and the reads are module state
 * (the texts shown, api-client), so pages are rendered one after another.
 */
let previous: Promise<unknown> = Promise.resolve();
export const renderPage: PageRenderer['renderPage'] = (request) => {
  const rendered = previous.then(() => renderNow(request));
  previous = rendered.catch(() => undefined);
  return rendered;
};

async function renderNow(request: PageRenderRequest): Promise<RenderedPage | null> {
  const language = languageOfTag(request.language) ?? 'english';
  await serveLanguage(language);
  const [path = '/', search = ''] = request.url.split('?', 2);
  const queryClient = createQueryClient();
  readApiOnServer(request.readApi);
  try {
    for (let pass = 1; pass <= MOST_PASSES; pass++) {
      // Waits for every lazy screen and text; the queries it meets are only noted (nothing fetches on a server).
      await prerender(app(queryClient, path, search));
      const waiting = queryClient
        .getQueryCache()
        .getAll()
        .filter((query) => isWaiting(query) && !(request.forEveryone && isViewersOwnRead(String(query.queryKey[0]))));
      if (waiting.length === 0) {
        // All at hand: the markup in one go, with no boundary left to fill in by script.
        const { result: html, namespaces } = withNamespacesUsed(() => renderToString(app(queryClient, path, search)));
        if (/<!--\$[?!]-->/.test(html)) return null;
        return {
          html,
          lang: LANGUAGE_TAGS[language],
          dir: directionOf(language),
          data: { answers: {}, queries: answeredQueries(queryClient), namespaces },
        };
      }
      const reads = await Promise.allSettled(waiting.map((query) => query.fetch()));
      // A failed read (a series that is gone) is shown by the browser, which asks again and tells why.
      if (reads.some((read) => read.status === 'rejected')) return null;
    }
    return null;
  } finally {
    readApiOnServer(undefined);
  }
}

/** The tree main.tsx hydrates. */
const app = (queryClient: QueryClient, path: string, search: string) => (
  <StrictMode>
    <Suspense fallback={null}>
      <App queryClient={queryClient} served ssrPath={path} ssrSearch={search} />
    </Suspense>
  </StrictMode>
);

/** A query a component reads that has no answer yet and is not held back (`enabled: false`). */
function isWaiting(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  const wanted = typeof enabled === 'function' ? enabled(query) : enabled !== false;
  return wanted && query.state.status === 'pending' && query.state.fetchStatus === 'idle';
}
