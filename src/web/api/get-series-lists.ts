import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Series } from '../../contract/series.ts';
import { apiRequest } from '../lib/api-client.ts';

export const allSeriesQueryKey = ['/api/series'] as const;
export const newSeriesQueryKey = ['/api/series', 'new'] as const;

/** GET /api/series: the whole catalogue. */
export const getAllSeries = (signal?: AbortSignal) => apiRequest<Series[]>('/api/series', { signal });
/** GET /api/series/new: the series marked new. */
export const getNewSeries = (signal?: AbortSignal) => apiRequest<Series[]>('/api/series/new', { signal });

export const allSeriesQueryOptions = () =>
  queryOptions({ queryKey: allSeriesQueryKey, queryFn: ({ signal }) => getAllSeries(signal) });

export const newSeriesQueryOptions = () =>
  queryOptions({ queryKey: newSeriesQueryKey, queryFn: ({ signal }) => getNewSeries(signal) });

export function useAllSeries() {
  return useQuery(allSeriesQueryOptions());
}

export function useNewSeries() {
  return useQuery(newSeriesQueryOptions());
}
