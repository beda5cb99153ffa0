import { useEffect, useReducer, useRef } from 'react';
import type { QueryKey } from './query-key.ts';
import { useQueryClient } from './query-client-context.tsx';
import { fetchIfWanted, resultOf, type AnyOptions, type UseQueryOptions, type UseQueryResult } from './use-query.ts';

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
