import { Query, type QueryDefinition } from './query.ts';
import { hashKey, matchesKey, type DataOf, type QueryKey } from './query-key.ts';

export interface QueryFilters {
  /** Every query whose key starts with this one (objects matched by the fields given)… */
  queryKey?: QueryKey;
  /** …or only the query of exactly this key. */
  exact?: boolean;
  predicate?: (query: Query) => boolean;
}

type Updater<T> = T | ((previous: T) => T);

const apply = <T>(updater: Updater<T>, previous: T): T =>
  typeof updater === 'function' ? (updater as (previous: T) => T)(previous) : updater;

/**
 * The app's reads and their answers, by key. Answers never go stale on their own (a read may name a
 * `staleTime`); a change marks what it touched out of date (`invalidateQueries`), which the screens showing it
 * read again at once and the others when next shown. Nothing is retried, nothing is read again on focus.
 */
export class QueryClient {
  private queries = new Map<string, Query>();

  getQueryCache() {
    return { getAll: (): Query[] => [...this.queries.values()] };
  }

  /** The query of `options.queryKey`, made if new; its fetcher and settings become these. */
  build<TData>(options: QueryDefinition<unknown>): Query<TData> {
    const queryHash = hashKey(options.queryKey);
    let query = this.queries.get(queryHash);
    if (query) query.options = { ...query.options, ...options };
    else {
      query = new Query(options.queryKey, queryHash, options, (gone) => this.remove(gone));
      this.queries.set(queryHash, query);
    }
    return query as Query<TData>;
  }

  private remove(query: Query) {
    if (this.queries.get(query.queryHash) !== query) return;
    query.cancel();
    this.queries.delete(query.queryHash);
  }

  private find(filters: QueryFilters = {}): Query[] {
    const { queryKey, exact, predicate } = filters;
    const wanted = queryKey && exact ? hashKey(queryKey) : undefined;
    return [...this.queries.values()].filter(
      (query) =>
        (!queryKey || (wanted ? query.queryHash === wanted : matchesKey(query.queryKey, queryKey))) &&
        (!predicate || predicate(query)),
    );
  }

  getQueryData<TData = unknown, TKey extends QueryKey = QueryKey>(queryKey: TKey): DataOf<TKey, TData> | undefined {
    return this.queries.get(hashKey(queryKey))?.state.data as DataOf<TKey, TData> | undefined;
  }

  /** Sets a query's answer, as if the server had just given it (`updatedAt`: when it did). */
  setQueryData<TData = unknown, TKey extends QueryKey = QueryKey, TInferred = DataOf<TKey, TData>>(
    queryKey: TKey,
    updater: Updater<NoInfer<TInferred> | undefined>,
    options: { updatedAt?: number } = {},
  ): NoInfer<TInferred> | undefined {
    const existing = this.queries.get(hashKey(queryKey));
    const data = apply(updater, existing?.state.data as TInferred | undefined);
    if (data === undefined) return undefined;
    const query =
      existing ??
      this.build({ queryKey, queryFn: () => Promise.reject(new Error(`No fetcher for ${hashKey(queryKey)}`)) });
    query.setData(data, options.updatedAt);
    return data;
  }

  setQueriesData<TData>(filters: QueryFilters, updater: Updater<TData | undefined>) {
    for (const query of this.find(filters)) {
      const data = apply(updater, query.state.data as TData | undefined);
      if (data !== undefined) query.setData(data);
    }
  }

  /** Marks the matching queries out of date; those on screen are read again (a read in flight started over). */
  async invalidateQueries(filters?: QueryFilters): Promise<void> {
    const matching = this.find(filters);
    for (const query of matching) query.invalidate();
    await Promise.all(
      matching
        .filter((query) => query.isActive())
        .map((query) => query.fetch({ restart: true }).catch(() => undefined)),
    );
  }

  removeQueries(filters?: QueryFilters) {
    for (const query of this.find(filters)) this.remove(query);
  }

  /** The answer, read now unless a fresh one is at hand (fresh: within `staleTime`, by default forever). */
  async fetchQuery<TData, TKey extends QueryKey>(options: QueryDefinition<TData, TKey>): Promise<TData> {
    const query = this.build<TData>(options as unknown as QueryDefinition);
    if (!query.isStale(options.staleTime)) return query.state.data as TData;
    return query.fetch();
  }

  clear() {
    for (const query of this.queries.values()) query.cancel();
    this.queries.clear();
  }
}
