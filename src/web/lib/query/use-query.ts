import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import type { Query, QueryDefinition, QueryState } from './query.ts';
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

/** Options of one read, its key tagged with its data's type (so `setQueryData(options.queryKey, …)` is typed). */
export function queryOptions<TQueryFnData, TData = TQueryFnData, TKey extends QueryKey = QueryKey>(
  options: UseQueryOptions<TQueryFnData, TData, TKey>,
): UseQueryOptions<TQueryFnData, TData, TKey> & { queryKey: DataTag<TKey, TQueryFnData> } {
  return options as UseQueryOptions<TQueryFnData, TData, TKey> & { queryKey: DataTag<TKey, TQueryFnData> };
}

/** Placeholder data: the answer of the query this screen read before (a page, a language) until the new one comes. */
export const keepPreviousData = <T>(previousData: T | undefined): T | undefined => previousData;

export type AnyOptions = UseQueryOptions<unknown, unknown>;

/** Reads it now if wanted: on screen, enabled, and without a fresh answer. */
export function fetchIfWanted(query: Query, options: AnyOptions) {
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

export function resultOf(query: Query, state: QueryState, shown: { data: unknown; isPlaceholderData: boolean }) {
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

export function useBaseQuery(options: AnyOptions) {
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
