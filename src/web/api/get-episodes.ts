import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Episode } from '../../contract/series.ts';

export const episodesQueryKey = (seriesId: number | string) => ['/api/series', String(seriesId), 'episodes'] as const;

export const episodesQueryOptions = (seriesId: number | string) =>
  queryOptions<Episode[]>({ queryKey: episodesQueryKey(seriesId) });

export function useEpisodes(seriesId: number | string | undefined) {
  return useQuery({ ...episodesQueryOptions(seriesId ?? ''), enabled: seriesId !== undefined && seriesId !== '' });
}
