// The app's own query cache (docs/decisions/062): the parts of TanStack Query's API the app uses, in a tenth of
// its size, so every first route fits its budget.
export { QueryClient, type QueryFilters } from './query-client.ts';
export { QueryClientProvider, useQueryClient } from './query-client-context.tsx';
export type { InfiniteData, Query, QueryState } from './query.ts';
export type { QueryKey } from './query-key.ts';
export {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQueries,
  useQuery,
  type UseInfiniteQueryResult,
  type UseQueryResult,
} from './use-query.ts';
export { useMutation, type UseMutationResult } from './use-mutation.ts';
