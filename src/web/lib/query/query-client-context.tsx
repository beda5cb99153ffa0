import { createContext, useContext, type ReactNode } from 'react';
import type { QueryClient } from './query-client.ts';

const QueryClientContext = createContext<QueryClient | null>(null);

export function QueryClientProvider({ client, children }: { client: QueryClient; children: ReactNode }) {
  return <QueryClientContext value={client}>{children}</QueryClientContext>;
}

export function useQueryClient(): QueryClient {
  const client = useContext(QueryClientContext);
  if (!client) throw new Error('useQueryClient: no QueryClientProvider above this component');
  return client;
}
