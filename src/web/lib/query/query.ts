import type { QueryKey } from './query-key.ts';
import { shareEqualParts } from './structural-sharing.ts';

export interface QueryState<TData = unknown> {
  data: TData | undefined;
  error: Error | null;
  /** `pending` until the first answer; `error` when the last read failed (earlier data is kept). */
  status: 'pending' | 'success' | 'error';
  fetchStatus: 'idle' | 'fetching';
  /** The read in flight adds the next page of a paged list (the pages already read stay as they are). */
  fetchingNextPage: boolean;
  dataUpdatedAt: number;
  /** Marked out of date by a change: read again when next wanted, whatever its freshness. */
  isInvalidated: boolean;
}

export interface QueryFunctionContext<TKey extends QueryKey = QueryKey, TPageParam = never> {
  queryKey: TKey;
  signal: AbortSignal;
  pageParam: TPageParam;
}

/** What every observer and fetch of a query may set; the latest given wins. */
export interface QueryDefinition<TQueryFnData = unknown, TKey extends QueryKey = QueryKey> {
  queryKey: TKey;
  queryFn: (context: QueryFunctionContext<TKey, never>) => Promise<TQueryFnData>;
  /** How long an answer counts as fresh (ms, or decided from the query); by default it never goes stale on its own. */
  staleTime?: number | ((query: Query<NoInfer<TQueryFnData>>) => number);
  /** How long a query no screen reads is kept (ms; five minutes by default). */
  gcTime?: number;
  /** Nothing is retried: a failed read is shown, and asked again by the viewer. */
  retry?: false;
  enabled?: boolean;
  /** How the answer is read with `queryFn`: once, unless a paged list says otherwise (paged-read.ts). */
  read?: ReadAnswer;
}

/** Reads a query's answer by asking `ask` (its queryFn with a page parameter) as often as it needs. */
export type ReadAnswer = (
  ask: (pageParam: unknown) => Promise<unknown>,
  known: unknown,
  options: Record<string, unknown>,
  nextPage: boolean,
) => Promise<unknown>;

type AnyDefinition = QueryDefinition<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const FIVE_MINUTES = 5 * 60_000;
const inBrowser = typeof window !== 'undefined';

/**
 * One read of the server and its answer: fetched once at a time however many screens want it, told to every
 * screen that reads it, kept for a while after the last one goes.
 */
export class Query<TData = unknown> {
  state: QueryState<TData>;
  options: AnyDefinition;
  private listeners = new Set<() => void>();
  private observers = new Set<{ enabled: boolean }>();
  private inFlight: { promise: Promise<TData>; controller: AbortController } | undefined;
  private gcTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    readonly queryKey: QueryKey,
    readonly queryHash: string,
    options: AnyDefinition,
    private readonly onGone: (query: Query) => void,
  ) {
    this.options = options;
    this.state = {
      data: undefined,
      error: null,
      status: 'pending',
      fetchStatus: 'idle',
      fetchingNextPage: false,
      dataUpdatedAt: 0,
      isInvalidated: false,
    };
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private update(change: Partial<QueryState<TData>>) {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener();
  }

  /** A screen that reads this query; while one does (and is enabled), a change refetches it. */
  observe(observer: { enabled: boolean }): () => void {
    this.observers.add(observer);
    clearTimeout(this.gcTimer);
    return () => {
      this.observers.delete(observer);
      if (this.observers.size === 0 && inBrowser) {
        this.gcTimer = setTimeout(() => {
          if (this.observers.size === 0 && !this.inFlight) this.onGone(this);
        }, this.options.gcTime ?? FIVE_MINUTES);
      }
    };
  }

  isActive(): boolean {
    return [...this.observers].some((observer) => observer.enabled);
  }

  isStale(freshFor = this.options.staleTime): boolean {
    const staleTime = typeof freshFor === 'function' ? freshFor(this) : (freshFor ?? Infinity);
    return (
      this.state.isInvalidated || this.state.data === undefined || Date.now() - this.state.dataUpdatedAt >= staleTime
    );
  }

  setData(data: TData, updatedAt = Date.now(), change: Partial<QueryState<TData>> = {}) {
    this.update({
      data: shareEqualParts(this.state.data, data),
      error: null,
      status: 'success',
      dataUpdatedAt: updatedAt,
      isInvalidated: false,
      ...change,
    });
  }

  invalidate() {
    if (!this.state.isInvalidated) this.update({ isInvalidated: true });
  }

  /**
   * Reads the server: the read in flight is shared unless `restart` (a change since it began: its answer would be
   * out of date, so it is dropped for a new one). `nextPage` adds the next page of a paged list.
   */
  fetch({ restart = false, nextPage = false }: { restart?: boolean; nextPage?: boolean } = {}): Promise<TData> {
    if (this.inFlight) {
      if (!restart) return this.inFlight.promise;
      this.inFlight.controller.abort();
    }
    const controller = new AbortController();
    const promise = this.read(controller.signal, nextPage).then(
      (data) => {
        if (this.inFlight?.controller === controller) {
          this.inFlight = undefined;
          this.setData(data, Date.now(), { fetchStatus: 'idle', fetchingNextPage: false });
        }
        return data;
      },
      (error: unknown) => {
        if (this.inFlight?.controller === controller) {
          this.inFlight = undefined;
          this.update({
            error: error instanceof Error ? error : new Error(String(error)),
            status: 'error',
            fetchStatus: 'idle',
            fetchingNextPage: false,
          });
        }
        throw error;
      },
    );
    this.inFlight = { promise, controller };
    this.update({ fetchStatus: 'fetching', fetchingNextPage: nextPage });
    return promise;
  }

  private async read(signal: AbortSignal, nextPage: boolean): Promise<TData> {
    const { queryFn, read } = this.options;
    const ask = (pageParam: unknown) =>
      (queryFn as (context: QueryFunctionContext<QueryKey, unknown>) => Promise<unknown>)({
        queryKey: this.queryKey,
        signal,
        pageParam,
      });
    if (!read) return (await ask(undefined)) as TData;
    return (await read(ask, this.state.data, this.options as unknown as Record<string, unknown>, nextPage)) as TData;
  }

  /** Stops its read in flight (the query is being removed). */
  cancel() {
    this.inFlight?.controller.abort();
    this.inFlight = undefined;
    clearTimeout(this.gcTimer);
  }
}
