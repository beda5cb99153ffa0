import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import type { ServedQuery } from '../../contract/page-data.ts';
import { USER_DATA_FRESH_MS } from '../../contract/constants.ts';
import { apiRequest } from './api-client.ts';

/** Default reads: GET the path made by joining the query key's segments with slashes (SPEC §7). */
const getByQueryKey: QueryFunction = ({ queryKey, signal }) => apiRequest(queryKey.map(String).join('/'), { signal });

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // SPEC §9: data never goes stale by default, no refetch on focus, no polling, no retries.
      queries: {
        queryFn: getByQueryKey,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

/** User data (balance, lists) is fresh for five minutes (SPEC §9). */
export const userDataFreshness = { staleTime: USER_DATA_FRESH_MS } as const;

/** The answers a page was rendered from on the server, to send with it. */
export const answeredQueries = (client: QueryClient): ServedQuery[] =>
  client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success')
    .map((query) => ({ key: query.queryKey, data: query.state.data, updatedAt: query.state.dataUpdatedAt }));

/** The browser's cache starts with what the server rendered the page from (fresh as of the server's read). */
export function seedQueries(client: QueryClient, queries: ServedQuery[]) {
  for (const query of queries) client.setQueryData(query.key, query.data, { updatedAt: query.updatedAt });
}
