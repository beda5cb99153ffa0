import { useQuery } from '@tanstack/react-query';
import type { Series } from '../../contract/series.ts';

export const seriesQueryKey = (id: number | string) => ['/api/series', String(id)] as const;

export function useSeries(id: number | string) {
  return useQuery<Series>({ queryKey: seriesQueryKey(id) });
}
