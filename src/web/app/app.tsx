import { QueryClientProvider } from '#web/lib/query/query-client-context.tsx';
import type { QueryClient } from '#web/lib/query/query-client.ts';
import { useEffect } from 'react';
import { Router } from 'wouter';
import { followStoredLanguage } from '../lib/i18n.ts';
import { LanguageDirection } from '../components/layout/language-direction.tsx';
import { Toaster } from '../components/ui/toast.tsx';
import { AccessGate } from '../features/access-gate/access-gate.tsx';
import { AppRoutes } from './routes.tsx';

export interface AppProps {
  queryClient: QueryClient;
  /** The server rendered this page for a visitor it let in (its markup and cache come with the HTML). */
  served?: boolean;
  /** On the server: the page's path and query string; in the browser they are read from the location. */
  ssrPath?: string;
  ssrSearch?: string;
}

/** The same tree on the server (src/web/entry-server.tsx) and in the browser (main.tsx), so markup hydrates. */
export function App({ queryClient, served, ssrPath, ssrSearch }: AppProps) {
  useEffect(() => {
    void followStoredLanguage();
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <Router ssrPath={ssrPath} ssrSearch={ssrSearch}>
        <LanguageDirection>
          <AccessGate granted={served}>
            <AppRoutes />
          </AccessGate>
          <Toaster />
        </LanguageDirection>
      </Router>
    </QueryClientProvider>
  );
}
