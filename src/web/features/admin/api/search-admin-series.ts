import { keepPreviousData, queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import { catalogueQueryKey } from '#web/api/get-series.ts';
import { searchSeries, type SeriesSearch } from '#web/api/search-series.ts';

/** The dashboard's searches of the catalogue (table, pickers): under the catalogue's key, so a series change refreshes them. */
export const adminSeriesSearchQueryKey = [...catalogueQueryKey, 'admin-search'] as const;

/** One page of the dashboard's search of the catalogue, continuing after `cursor` (GET /api/series/search). */
export const adminSeriesPageQueryOptions = (search: SeriesSearch & { limit: number }, cursor: string | null) =>
  queryOptions({
    queryKey: [...adminSeriesSearchQueryKey, search.q.trim(), search.genre, search.notIn ?? null, search.limit, cursor],
    queryFn: ({ signal }) => searchSeries(search, cursor, signal),
    // The last page stays shown while the next loads.
    placeholderData: keepPreviousData,
  });

export function useAdminSeriesPage(search: SeriesSearch & { limit: number }, cursor: string | null) {
  return useQuery(adminSeriesPageQueryOptions(search, cursor));
}
