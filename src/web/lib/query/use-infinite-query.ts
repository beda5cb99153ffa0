import { useCallback } from 'react';
import type { QueryFunctionContext } from './query.ts';
import { nextPageParamOf, readPages, type InfiniteData, type Paging } from './paged-read.ts';
import type { DataTag, QueryKey } from './query-key.ts';
import { resultOf, useBaseQuery, type AnyOptions, type UseQueryOptions, type UseQueryResult } from './use-query.ts';

export type UseInfiniteQueryOptions<TPage = unknown, TKey extends QueryKey = QueryKey, TPageParam = unknown> = Omit<
  UseQueryOptions<InfiniteData<TPage, TPageParam>, InfiniteData<TPage, TPageParam>, TKey>,
  'queryFn' | 'select'
> &
  Paging<TPage, TPageParam> & {
    queryFn: (context: QueryFunctionContext<TKey, TPageParam>) => Promise<TPage>;
  };

export type UseInfiniteQueryResult<TData = InfiniteData<unknown>> = UseQueryResult<TData> & {
  fetchNextPage: () => Promise<unknown>;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
};

export function infiniteQueryOptions<TPage, TKey extends QueryKey = QueryKey, TPageParam = unknown>(
  options: UseInfiniteQueryOptions<TPage, TKey, TPageParam>,
): UseInfiniteQueryOptions<TPage, TKey, TPageParam> & { queryKey: DataTag<TKey, InfiniteData<TPage, TPageParam>> } {
  return { ...options, read: readPages } as UseInfiniteQueryOptions<TPage, TKey, TPageParam> & {
    queryKey: DataTag<TKey, InfiniteData<TPage, TPageParam>>;
  };
}

/** A list read page by page: `fetchNextPage` adds the next one, while `hasNextPage`. */
export function useInfiniteQuery<TPage, TKey extends QueryKey = QueryKey, TPageParam = unknown>(
  options: UseInfiniteQueryOptions<TPage, TKey, TPageParam>,
): UseInfiniteQueryResult<InfiniteData<TPage, TPageParam>> {
  const { query, state, shown } = useBaseQuery({ ...options, read: readPages } as unknown as AnyOptions);
  const fetchNextPage = useCallback(() => query.fetch({ nextPage: true }).catch(() => undefined), [query]);
  const nextParam = shown.isPlaceholderData
    ? undefined
    : nextPageParamOf(options as unknown as Paging, state.data as InfiniteData<unknown> | undefined);
  return {
    ...resultOf(query, state, shown),
    fetchNextPage,
    hasNextPage: nextParam !== null && nextParam !== undefined,
    isFetchingNextPage: state.fetchStatus === 'fetching' && state.fetchingNextPage,
  } as UseInfiniteQueryResult<InfiniteData<TPage, TPageParam>>;
}
