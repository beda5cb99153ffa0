import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Series } from '../../contract/series.ts';
import { apiRequest } from '../lib/api-client.ts';

export const popularSeriesQueryKey = ['/api/series', 'popular'] as const;

/** GET /api/series/popular: the catalogue, most liked first. */
export const getPopularSeries = (signal?: AbortSignal) => apiRequest<Series[]>('/api/series/popular', { signal });

export const popularSeriesQueryOptions = () =>
  queryOptions({ queryKey: popularSeriesQueryKey, queryFn: ({ signal }) => getPopularSeries(signal) });

export function usePopularSeries() {
  return useQuery(popularSeriesQueryOptions());
}
