import { QueryClient } from '#web/lib/query/query-client.ts';
import type { ServedQuery } from '#contract/page-data.ts';
import { USER_DATA_FRESH_MS } from '#contract/constants.ts';

/** Every read names its own fetcher (src/web/api and each feature's api folder); answers never go stale by default (see QueryClient). */
export function createQueryClient() {
  return new QueryClient();
}

/** The viewer's own data (balance, lists) is read again after five minutes. */
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
