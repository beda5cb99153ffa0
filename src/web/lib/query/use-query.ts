import { useCallback, useEffect, useReducer, useRef, useSyncExternalStore } from 'react';
import {
  nextPageParamOf,
  type InfiniteData,
  type Paging,
  type Query,
  type QueryDefinition,
  type QueryFunctionContext,
  type QueryState,
} from './query.ts';
import type { DataTag, QueryKey } from './query-key.ts';
import { shareEqualParts } from './structural-sharing.ts';
import { useQueryClient } from './query-client-context.tsx';

// A placeholder is data or a function making it; data that is a function cannot be told apart, so it is ruled out.
type Placeholder<TQueryFnData> =
  | (TQueryFnData extends (...args: never[]) => unknown ? never : TQueryFnData)
  | ((
      previousData: TQueryFnData | undefined,
      previousQuery: Query<TQueryFnData> | undefined,
    ) => TQueryFnData | undefined);

export interface UseQueryOptions<
  TQueryFnData = unknown,
  TData = TQueryFnData,
  TKey extends QueryKey = QueryKey,
> extends QueryDefinition<TQueryFnData, TKey> {
  /** What the screen shows of the answer (kept the same object while its result is equal). */
  select?: (data: TQueryFnData) => TData;
  /** Shown while the query has no answer yet: `keepPreviousData` shows the last query's answer meanwhile. */
  placeholderData?: NoInfer<Placeholder<TQueryFnData>>;
  /** Read again every so many ms while on screen, or not (`false`); a function decides after every change. */
  refetchInterval?: number | false | ((query: Query<NoInfer<TQueryFnData>>) => number | false | undefined);
}

interface ResultBase {
  fetchStatus: QueryState['fetchStatus'];
  dataUpdatedAt: number;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/** A read's result; checking `isPending`, `isError` or `isSuccess` tells TypeScript whether `data` is there. */
export type UseQueryResult<TData = unknown> = ResultBase &
  (
    | {
        status: 'pending';
        isPending: true;
        isSuccess: false;
        isError: false;
        data: undefined;
        error: null;
        isPlaceholderData: false;
      }
    | {
        status: 'error';
        isPending: false;
        isSuccess: false;
        isError: true;
        data: TData | undefined;
        error: Error;
        isPlaceholderData: false;
      }
    | {
        status: 'success';
        isPending: false;
        isSuccess: true;
        isError: false;
        data: TData;
        error: null;
        /** `data` is the placeholder (the last query's answer), not this query's. */
        isPlaceholderData: boolean;
      }
  );

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

/** Options of one read, its key tagged with its data's type (so `setQueryData(options.queryKey, …)` is typed). */
export function queryOptions<TQueryFnData, TData = TQueryFnData, TKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TQueryFnData, TData, TKey>,
): UseQueryOptions<TQueryFnData, TData, TKey> & { queryKey: DataTag<TKey, TQueryFnData> } {
  return options as UseQueryOptions<TQueryFnData, TData, TKey> & { queryKey: DataTag<TKey, TQueryFnData> };
}

export function infiniteQueryOptions<TPage, TKey extends QueryKey = QueryKey, TPageParam = unknown>(
  options: UseInfiniteQueryOptions<TPage, TKey, TPageParam>,
): UseInfiniteQueryOptions<TPage, TKey, TPageParam> & { queryKey: DataTag<TKey, InfiniteData<TPage, TPageParam>> } {
  return options as UseInfiniteQueryOptions<TPage, TKey, TPageParam> & {
    queryKey: DataTag<TKey, InfiniteData<TPage, TPageParam>>;
  };
}

/** Placeholder data: the answer of the query this screen read before (a page, a language) until the new one comes. */
export const keepPreviousData = <T>(previousData: T | undefined): T | undefined => previousData;

type AnyOptions = UseQueryOptions<unknown, unknown> & Partial<Paging>;

/** Reads it now if wanted: on screen, enabled, and without a fresh answer. */
function fetchIfWanted(query: Query, options: AnyOptions) {
  if (options.enabled === false || query.state.fetchStatus === 'fetching') return;
  if (query.isStale(options.staleTime)) query.fetch().catch(() => undefined);
}

/** Keeps `query` observed while mounted, reads it when it needs it, and again at `refetchInterval`. */
function useObserved(query: Query, options: AnyOptions) {
  const enabled = options.enabled !== false;
  useEffect(() => query.observe({ enabled }), [query, enabled]);
  useEffect(() => {
    fetchIfWanted(query, options);
    // Only when the query or being enabled change, or it is marked out of date: as TanStack Query does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, enabled, query.state.isInvalidated]);
  const { refetchInterval } = options;
  const interval = typeof refetchInterval === 'function' ? refetchInterval(query) : refetchInterval;
  const { state } = query;
  useEffect(() => {
    if (!enabled || !interval) return;
    const timer = setTimeout(() => query.fetch().catch(() => undefined), interval);
    return () => clearTimeout(timer);
  }, [query, enabled, interval, state]);
}

/** The query's state, re-rendering on each change. */
function useQueryState(query: Query): QueryState {
  const subscribe = useCallback((listener: () => void) => query.subscribe(listener), [query]);
  const snapshot = useCallback(() => query.state, [query]);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** The data shown: the answer (through `select`), else the placeholder from the last query that had an answer. */
function useShownData(query: Query, state: QueryState, options: AnyOptions) {
  const lastAnswered = useRef<Query | undefined>(undefined);
  useEffect(() => {
    if (state.data !== undefined) lastAnswered.current = query;
  });
  const { placeholderData, select } = options;
  const previous = lastAnswered.current;
  let data = state.data;
  let isPlaceholderData = false;
  if (data === undefined && placeholderData !== undefined && state.status === 'pending') {
    data =
      typeof placeholderData === 'function'
        ? (placeholderData as (data: unknown, query: Query | undefined) => unknown)(previous?.state.data, previous)
        : placeholderData;
    isPlaceholderData = data !== undefined;
  }
  const selected = useRef<{ data: unknown; shown: unknown } | undefined>(undefined);
  let shown = data;
  if (select && data !== undefined) {
    shown = shareEqualParts(selected.current?.shown, select(data));
  }
  useEffect(() => {
    selected.current = { data, shown };
  });
  return { data: shown, isPlaceholderData };
}

function resultOf(query: Query, state: QueryState, shown: { data: unknown; isPlaceholderData: boolean }) {
  const status = shown.isPlaceholderData ? 'success' : state.status;
  return {
    data: shown.data,
    error: state.error,
    status,
    fetchStatus: state.fetchStatus,
    dataUpdatedAt: state.dataUpdatedAt,
    isPending: status === 'pending',
    isSuccess: status === 'success',
    isError: status === 'error',
    isFetching: state.fetchStatus === 'fetching',
    isPlaceholderData: shown.isPlaceholderData,
    refetch: () => query.fetch({ restart: true }).catch(() => undefined),
  };
}

function useBaseQuery(options: AnyOptions) {
  const client = useQueryClient();
  const query = client.build(options);
  const state = useQueryState(query);
  useObserved(query, options);
  const shown = useShownData(query, state, options);
  return { query, state, shown };
}

/** One read of the server: its answer, whether it is on its way or failed, read when first shown. */
export function useQuery<TQueryFnData, TData = TQueryFnData, TKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TQueryFnData, TData, TKey>,
): UseQueryResult<TData> {
  const { query, state, shown } = useBaseQuery(options as unknown as AnyOptions);
  const refetch = useCallback(() => query.fetch({ restart: true }).catch(() => undefined), [query]);
  return { ...resultOf(query, state, shown), refetch } as UseQueryResult<TData>;
}

/** A list read page by page: `fetchNextPage` adds the next one, while `hasNextPage`. */
export function useInfiniteQuery<TPage, TKey extends QueryKey = QueryKey, TPageParam = unknown>(
  options: UseInfiniteQueryOptions<TPage, TKey, TPageParam>,
): UseInfiniteQueryResult<InfiniteData<TPage, TPageParam>> {
  const { query, state, shown } = useBaseQuery(options as unknown as AnyOptions);
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

/** Several reads at once, as many as `queries` (a list that may change length). */
export function useQueries<TQueryFnData, TKey extends QueryKey>({
  queries,
}: {
  queries: UseQueryOptions<TQueryFnData, TQueryFnData, TKey>[];
}): UseQueryResult<TQueryFnData>[] {
  const client = useQueryClient();
  const built = queries.map((options) => client.build(options as unknown as AnyOptions));
  const [, changed] = useReducer((count: number) => count + 1, 0);
  const hashes = built.map((query) => query.queryHash).join('\n');
  const states = built.map((query) => query.state);
  const rendered = useRef(states);
  useEffect(() => {
    rendered.current = states;
  });
  useEffect(() => {
    const stops = built.flatMap((query, index) => {
      fetchIfWanted(query, queries[index] as unknown as AnyOptions);
      return [query.subscribe(changed), query.observe({ enabled: queries[index]?.enabled !== false })];
    });
    // A change between the render and this subscription would otherwise be missed.
    if (built.some((query, index) => query.state !== rendered.current[index])) changed();
    return () => stops.forEach((stop) => stop());
    // The queries are named by their hashes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hashes, client]);
  return built.map((query) =>
    resultOf(query, query.state, { data: query.state.data, isPlaceholderData: false }),
  ) as UseQueryResult<TQueryFnData>[];
}
