import { queryOptions } from '@tanstack/react-query';
import { VIEWER_USER_ID } from '../../../../contract/constants.ts';
import type { EpisodeProgress } from '../../../../contract/library.ts';
import type { Episode, Series } from '../../../../contract/series.ts';
import type { UnlockedEpisode } from '../../../../contract/wallet.ts';
import { episodeQueryKey } from '../../../api/get-episode.ts';
import { episodesQueryKey } from '../../../api/get-episodes.ts';
import { seriesQueryKey } from '../../../api/get-series.ts';
import { unlockedEpisodesQueryKey } from '../../../api/get-unlocked-episodes.ts';
import { userDataFreshness } from '../../../lib/query-client.ts';
import {
  episodePlaybackUrl,
  episodeUrl,
  episodesUrl,
  seriesUnlocksUrl,
  seriesUrl,
} from '../../../../contract/watch-start.ts';
import type { EpisodePlayback } from '../../../../contract/episodes.ts';
import { getEpisodeProgress, getJson } from '../feed/early-start.ts';

/**
 * The player's reads, under the app's usual query keys (so other screens' invalidations reach them), each
 * taking the answer of the early start when there is one (see feed/early-start.ts).
 */
export const watchEpisodeQuery = (episodeId: number | string) =>
  queryOptions<Episode>({
    queryKey: episodeQueryKey(episodeId),
    queryFn: ({ signal }) => getJson<Episode>(episodeUrl(episodeId), signal),
  });

export const watchSeriesQuery = (seriesId: number | string, lang: string) =>
  queryOptions<Series>({
    queryKey: seriesQueryKey(seriesId, lang),
    queryFn: ({ signal }) => getJson<Series>(seriesUrl(seriesId, lang), signal),
  });

export const watchEpisodesQuery = (seriesId: number | string) =>
  queryOptions<Episode[]>({
    queryKey: episodesQueryKey(seriesId),
    queryFn: ({ signal }) => getJson<Episode[]>(episodesUrl(seriesId), signal),
  });

export const watchUnlocksQuery = (seriesId: number) =>
  queryOptions<UnlockedEpisode[]>({
    queryKey: [...unlockedEpisodesQueryKey, seriesId],
    queryFn: ({ signal }) => getJson<UnlockedEpisode[]>(seriesUnlocksUrl(seriesId), signal),
    ...userDataFreshness,
  });

/**
 * GET /api/user/user-1/episodes/{id}/progress: where this episode was left (null: never watched).
 * Not kept once no screen shows it: the next visit reads the position saved meanwhile.
 */
export const episodeProgressQuery = (episodeId: number) =>
  queryOptions<EpisodeProgress | null>({
    queryKey: ['/api/user', VIEWER_USER_ID, 'episodes', episodeId, 'progress'],
    queryFn: ({ signal }) => getEpisodeProgress(episodeId, signal),
    gcTime: 0,
  });

/** A token is asked for again this long before it expires, so an element given the episode gets one that still works. */
const PLAYBACK_RENEW_MS = 60_000;

/**
 * GET /api/episodes/{id}/playback: the address an episode that can be locked plays from (its token checked by
 * the server once, not per segment). Fresh until shortly before its token expires.
 */
export const episodePlaybackQuery = (episodeId: number) =>
  queryOptions<EpisodePlayback>({
    queryKey: ['/api/episodes', episodeId, 'playback'],
    queryFn: ({ signal }) => getJson<EpisodePlayback>(episodePlaybackUrl(episodeId), signal),
    staleTime: (query) => {
      const expiresAt = query.state.data?.expiresAt;
      return expiresAt ? Math.max(0, Date.parse(expiresAt) - Date.now() - PLAYBACK_RENEW_MS) : Infinity;
    },
  });
