import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Episode } from '../../contract/series.ts';

export const episodeQueryKey = (episodeId: number | string) => ['/api/episodes', String(episodeId)] as const;

export const episodeQueryOptions = (episodeId: number | string) =>
  queryOptions<Episode>({ queryKey: episodeQueryKey(episodeId) });

export function useEpisode(episodeId: number | string) {
  return useQuery(episodeQueryOptions(episodeId));
}
