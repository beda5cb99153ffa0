import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import { isEpisodeFree } from '#contract/constants.ts';
import type { Episode, Series } from '#contract/series.ts';
import { episodeQueryOptions } from '#web/api/get-episode.ts';
import { useEpisodes } from '#web/api/get-episodes.ts';
import { useUnlockedEpisodes } from '#web/api/get-unlocked-episodes.ts';
import { useVipPlays } from '#web/api/get-vip-pass.ts';
import type { SheetAccess } from './episode-sheet.tsx';

/** Every episode of the series in order, the one on screen and its neighbours, and what each one allows. */
export function useFeedEpisodes(series: Series, episode: Episode) {
  const queryClient = useQueryClient();
  const episodesQuery = useEpisodes(series.id);
  const unlocksQuery = useUnlockedEpisodes(series.id, { enabled: !series.isFree });
  const [justUnlocked, setJustUnlocked] = useState<ReadonlySet<number>>(new Set());
  const vip = useVipPlays();

  const feed = useMemo(() => {
    const listed = [...(episodesQuery.data ?? [])].sort((a, b) => a.episodeNumber - b.episodeNumber);
    return listed.some((e) => e.id === episode.id) ? listed : [episode];
  }, [episodesQuery.data, episode]);

  useEffect(() => {
    // Each listed episode is also its own query: after a swipe the page has the new episode at once.
    for (const listed of episodesQuery.data ?? [])
      queryClient.setQueryData(episodeQueryOptions(listed.id).queryKey, listed);
  }, [episodesQuery.data, queryClient]);

  const unlockedNumbers = useMemo(
    () => new Set([...(unlocksQuery.data ?? []).map((unlock) => unlock.episodeNumber), ...justUnlocked]),
    [unlocksQuery.data, justUnlocked],
  );
  const accessOf = useCallback(
    (e: Episode): SheetAccess =>
      !e.videoUrl
        ? 'soon'
        : vip || isEpisodeFree(e.episodeNumber, series) || unlockedNumbers.has(e.episodeNumber)
          ? 'playable'
          : 'locked',
    [series, unlockedNumbers, vip],
  );
  const markUnlocked = useCallback((number: number) => setJustUnlocked((numbers) => new Set([...numbers, number])), []);
  /** After an Undo: the episode is locked again. */
  const markLocked = useCallback(
    (number: number) => setJustUnlocked((numbers) => new Set([...numbers].filter((n) => n !== number))),
    [],
  );

  const index = Math.max(
    0,
    feed.findIndex((e) => e.id === episode.id),
  );
  const next = feed[index + 1];
  const previous = index > 0 ? feed[index - 1] : undefined;
  return { feed, index, next, previous, accessOf, markUnlocked, markLocked };
}
