import { describe, expect, it } from 'vitest';
import { QueryClient } from './query-client.ts';
import { hashKey, matchesKey } from './query-key.ts';
import { readPages } from './paged-read.ts';
import { shareEqualParts } from './structural-sharing.ts';

/** A fetcher that answers when told to, counting its calls and the signals it was given. */
function manualFetcher<T>() {
  const calls: {
    resolve: (value: T) => void;
    reject: (error: Error) => void;
    signal: AbortSignal;
    pageParam: unknown;
  }[] = [];
  const queryFn = ({ signal, pageParam }: { signal: AbortSignal; pageParam?: unknown }) =>
    new Promise<T>((resolve, reject) => calls.push({ resolve, reject, signal, pageParam }));
  return { calls, queryFn };
}

describe('keys', () => {
  it('hash objects by their fields, whatever their order', () => {
    expect(hashKey(['/api/series', 1, { lang: 'es', limit: 20 }])).toBe(
      hashKey(['/api/series', 1, { limit: 20, lang: 'es' }]),
    );
    expect(hashKey(['/api/series', 1])).not.toBe(hashKey(['/api/series', '1']));
  });

  it('match a filter that is their beginning, objects by the fields the filter names', () => {
    expect(matchesKey(['/api/series', '3', { lang: 'es' }], ['/api/series'])).toBe(true);
    expect(matchesKey(['/api/series', '3', { lang: 'es' }], ['/api/series', '3', { lang: 'es' }])).toBe(true);
    expect(matchesKey(['/api/series', '3', { lang: 'es', x: 1 }], ['/api/series', '3', { lang: 'es' }])).toBe(true);
    expect(matchesKey(['/api/series', '3'], ['/api/series', '4'])).toBe(false);
    expect(matchesKey(['/api/series'], ['/api/series', '3'])).toBe(false);
    expect(matchesKey(['/api/user'], ['/api/series'])).toBe(false);
  });
});

describe('structural sharing', () => {
  it('keeps the equal parts of the old answer, and the whole of it when nothing changed', () => {
    const before = {
      items: [
        { id: 1, title: 'A' },
        { id: 2, title: 'B' },
      ],
      total: 2,
    };
    const same = structuredClone(before);
    expect(shareEqualParts(before, same)).toBe(before);

    const changed = {
      items: [
        { id: 1, title: 'A' },
        { id: 2, title: 'B2' },
      ],
      total: 2,
    };
    const shared = shareEqualParts(before, changed);
    expect(shared).toEqual(changed);
    expect(shared).not.toBe(before);
    expect(shared.items[0]).toBe(before.items[0]);
    expect(shared.items[1]).not.toBe(before.items[1]);
  });

  it('does not keep an old part where a field was added or removed', () => {
    expect(shareEqualParts({ a: 1 }, { a: 1, b: 2 })).toEqual({ a: 1, b: 2 });
    expect(shareEqualParts({ a: 1, b: 2 }, { a: 1 })).toEqual({ a: 1 });
    expect(shareEqualParts([1, 2, 3], [1, 2])).toEqual([1, 2]);
  });
});

describe('QueryClient', () => {
  it('asks the server once for a read wanted twice at the same time', async () => {
    const client = new QueryClient();
    const { calls, queryFn } = manualFetcher<number>();
    const query = client.build({ queryKey: ['/api/n'], queryFn });
    const first = query.fetch();
    const second = query.fetch();
    expect(calls).toHaveLength(1);
    expect(query.state.fetchStatus).toBe('fetching');
    calls[0]!.resolve(7);
    expect(await first).toBe(7);
    expect(await second).toBe(7);
    expect(query.state).toMatchObject({ status: 'success', data: 7, fetchStatus: 'idle', isInvalidated: false });
  });

  it('keeps the earlier answer when a read fails, and says so', async () => {
    const client = new QueryClient();
    const { calls, queryFn } = manualFetcher<number>();
    const query = client.build({ queryKey: ['/api/n'], queryFn });
    const first = query.fetch();
    calls[0]!.resolve(1);
    await first;
    const second = query.fetch();
    calls[1]!.reject(new Error('Series not found'));
    await expect(second).rejects.toThrow('Series not found');
    expect(query.state).toMatchObject({ status: 'error', data: 1, fetchStatus: 'idle' });
    expect(query.state.error?.message).toBe('Series not found');
  });

  it('after a change, reads again what is on screen, dropping a read begun before the change', async () => {
    const client = new QueryClient();
    const { calls, queryFn } = manualFetcher<string>();
    const shown = client.build<string>({ queryKey: ['/api/user', 'balance'], queryFn });
    const stop = shown.observe({ enabled: true });
    const hidden = client.build<string>({ queryKey: ['/api/user', 'ledger'], queryFn });
    const other = client.build<string>({ queryKey: ['/api/series'], queryFn });
    other.observe({ enabled: true });

    const before = shown.fetch();
    const invalidated = client.invalidateQueries({ queryKey: ['/api/user'] });
    expect(calls).toHaveLength(2);
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[0]!.resolve('old');
    calls[1]!.resolve('new');
    await invalidated;
    expect(await before).toBe('old');
    expect(shown.state.data).toBe('new');
    // The one not on screen is only marked, to be read when next shown; the other key is untouched.
    expect(hidden.state.isInvalidated).toBe(true);
    expect(hidden.isStale()).toBe(true);
    expect(other.state.isInvalidated).toBe(false);
    stop();
  });

  it('an exact filter or a predicate narrows what a change reaches', async () => {
    const client = new QueryClient();
    const queryFn = async () => 1;
    const series = client.build({ queryKey: ['/api/series', '3', { lang: 'es' }], queryFn });
    const episodes = client.build({ queryKey: ['/api/series', '3', 'episodes'], queryFn });
    await client.invalidateQueries({ queryKey: ['/api/series', '3'], exact: true });
    expect(series.state.isInvalidated || episodes.state.isInvalidated).toBe(false);
    await client.invalidateQueries({
      queryKey: ['/api/series', '3'],
      predicate: (query) => typeof query.queryKey[2] === 'object',
    });
    expect(series.state.isInvalidated).toBe(true);
    expect(episodes.state.isInvalidated).toBe(false);
  });

  it('sets data by key, through an updater, typed by the key of queryOptions', () => {
    const client = new QueryClient();
    expect(client.setQueryData<number[]>(['/api/liked'], (ids) => [...(ids ?? []), 4])).toEqual([4]);
    client.setQueryData<number[]>(['/api/liked'], (ids) => [...(ids ?? []), 5]);
    expect(client.getQueryData(['/api/liked'])).toEqual([4, 5]);
    client.setQueriesData<{ likes: number }>({ queryKey: ['/api/liked'] }, (value) => value);
    client.setQueryData(['/api/user'], { coins: 10 }, { updatedAt: 1234 });
    const query = client
      .getQueryCache()
      .getAll()
      .find((candidate) => candidate.queryKey[0] === '/api/user');
    expect(query?.state).toMatchObject({ status: 'success', dataUpdatedAt: 1234 });
  });

  it('fetchQuery answers from the cache while fresh and reads again once stale', async () => {
    const client = new QueryClient();
    let reads = 0;
    const options = { queryKey: ['/api/playback', 1], queryFn: async () => ++reads };
    expect(await client.fetchQuery(options)).toBe(1);
    expect(await client.fetchQuery(options)).toBe(1);
    expect(await client.fetchQuery({ ...options, staleTime: 0 })).toBe(2);
    // A staleTime decided from the answer.
    expect(await client.fetchQuery({ ...options, staleTime: (query) => (query.state.data === 2 ? 0 : Infinity) })).toBe(
      3,
    );
  });

  it('reads a paged list page by page, and reads again as many pages as were shown', async () => {
    const client = new QueryClient();
    const { calls, queryFn } = manualFetcher<{ items: string[]; next: string | null }>();
    const query = client.build<{ pages: { items: string[] }[]; pageParams: unknown[] }>({
      queryKey: ['/api/series/lists', 'new'],
      queryFn,
      initialPageParam: null,
      getNextPageParam: (last: unknown) => (last as { next: string | null }).next,
      read: readPages,
    } as Parameters<QueryClient['build']>[0]);
    const first = query.fetch();
    expect(calls[0]!.pageParam).toBe(null);
    calls[0]!.resolve({ items: ['a'], next: 'c1' });
    await first;
    const second = query.fetch({ nextPage: true });
    expect(query.state.fetchingNextPage).toBe(true);
    expect(calls[1]!.pageParam).toBe('c1');
    calls[1]!.resolve({ items: ['b'], next: null });
    await second;
    expect(query.state.data?.pages.map((page) => page.items[0])).toEqual(['a', 'b']);
    expect(query.state.data?.pageParams).toEqual([null, 'c1']);

    // At the end of the list, no request.
    await query.fetch({ nextPage: true });
    expect(calls).toHaveLength(2);

    const again = query.fetch({ restart: true });
    expect(calls[2]!.pageParam).toBe(null);
    calls[2]!.resolve({ items: ['a2'], next: 'c2' });
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls[3]!.pageParam).toBe('c2');
    calls[3]!.resolve({ items: ['b2'], next: null });
    await again;
    expect(query.state.data?.pages.map((page) => page.items[0])).toEqual(['a2', 'b2']);
  });

  it('removes a query nobody reads once its time is up', async () => {
    const client = new QueryClient();
    const query = client.build({ queryKey: ['/api/progress', 1], queryFn: async () => 1, gcTime: 0 });
    const stop = query.observe({ enabled: true });
    stop();
    // Outside a browser nothing is collected (a server render keeps its reads until it is done).
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(client.getQueryCache().getAll()).toHaveLength(1);
    client.removeQueries({ queryKey: ['/api/progress'] });
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});
