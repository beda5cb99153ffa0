import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchSeries, type SeriesSearch } from '../../../api/search-series.ts';
import { adminSearchQueryKey } from './query-keys.ts';

/** One page of the dashboard's search of the catalogue (the series table, the pickers); the last page stays shown while the next loads. */
export function useAdminSeriesPage(search: SeriesSearch & { limit: number }, cursor: string | null) {
  return useQuery({
    queryKey: [...adminSearchQueryKey, search.q.trim(), search.genre, search.notIn ?? null, search.limit, cursor],
    queryFn: ({ signal }) => searchSeries(search, cursor, signal),
    placeholderData: keepPreviousData,
  });
}
