import { QueryClient, type QueryFunction } from '@tanstack/react-query';
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
