import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import type { Episode, Series } from '#contract/series.ts';
import { resumePoint } from '#contract/watch-start.ts';
import { isEpisodeFree } from '#contract/constants.ts';
import { useEpisodeProgress } from '../api/get-episode-progress.ts';
import { episodePlaybackQueryOptions, useEpisodePlayback } from '../api/get-episode-playback.ts';
import type { MediaFailure } from '#web/lib/media/playback-options.ts';
import type { SheetAccess } from './episode-sheet.tsx';
import { VideoPool, type PoolEpisode } from './video-pool.ts';

/** Current, next and previous episode each hold one element. */
const POOL_SIZE = 3;
/** A token is renewed this long before it expires (a quarter of its life when that is shorter). */
const RENEW_BEFORE_MS = 60_000;
/** At most one failure in this long is met by a new token without telling the viewer. */
const SILENT_RENEWAL_EVERY_MS = 20_000;
/** The previous episode is preloaded only after the current one has played a little (it is rarely wanted). */
const PREVIOUS_PRELOAD_DELAY_MS = 3000;

export interface FeedPoolInput {
  series: Series;
  episode: Episode;
  feed: Episode[];
  index: number;
  next: Episode | undefined;
  previous: Episode | undefined;
  accessOf: (e: Episode) => SheetAccess;
  /** Set to the element on screen. */
  activeRef: RefObject<HTMLVideoElement | null>;
  /** The element that just came on screen: it should start. */
  onActivate: (video: HTMLVideoElement) => void;
}

/** The element on screen and the episode it plays, set together (an element is reused across episodes). */
export interface Activation {
  video: HTMLVideoElement;
  episodeId: number;
}

/**
 * Gives the feed's pool of <video> elements (video-pool.ts) the episode on screen, each starting at its saved
 * position, and its neighbours once it plays.
 */
export function useFeedPool(input: FeedPoolInput) {
  const { series, episode, feed, index, next, previous, accessOf, activeRef } = input;
  const { t } = useTranslation('watch');
  const queryClient = useQueryClient();
  const onActivate = useRef(input.onActivate);
  onActivate.current = input.onActivate;

  // Where each episode starts: its saved position (read once, when its element gets it).
  const playable = (e: Episode | undefined): e is Episode => e !== undefined && accessOf(e) === 'playable';
  const settled = new Map([
    [episode.id, useSavedPosition(episode, playable(episode))],
    [next?.id, useSavedPosition(next, playable(next))],
    [previous?.id, useSavedPosition(previous, playable(previous))],
  ]);
  // An episode that can be locked plays from the address (with a token) the server gives once it is playable.
  const lockable = (e: Episode | undefined): e is Episode => e !== undefined && !isEpisodeFree(e.episodeNumber, series);
  const addresses = new Map([
    [episode.id, useMediaAddress(episode, playable(episode) && lockable(episode))],
    [next?.id, useMediaAddress(next, playable(next) && lockable(next))],
    [previous?.id, useMediaAddress(previous, playable(previous) && lockable(previous))],
  ]);
  const attachable = (e: Episode | undefined) =>
    playable(e) && settled.get(e.id)?.isPending === false && (!lockable(e) || addresses.get(e.id)?.data !== undefined);
  const poolEpisode = (e: Episode): PoolEpisode => ({
    id: e.id,
    videoUrl: (lockable(e) && addresses.get(e.id)?.data?.videoUrl) || e.videoUrl,
    poster: e.thumbnailUrl || undefined,
    label: t('videoLabel', { title: series.title, number: e.episodeNumber }),
    index: feed.findIndex((listed) => listed.id === e.id),
    startAt: resumePoint(settled.get(e.id)?.data?.positionSeconds ?? undefined, e.duration),
  });

  const layerRef = useRef<HTMLDivElement>(null);
  const poolRef = useRef<VideoPool | null>(null);
  const [activation, setActivation] = useState<Activation | null>(null);
  const [failure, setFailure] = useState<MediaFailure | null>(null);
  const currentIdRef = useRef(episode.id);
  currentIdRef.current = episode.id;
  const lockableRef = useRef(false);
  lockableRef.current = lockable(episode);
  const silentRenewalAt = useRef(0);
  /** A new address of the episode on screen (with a new token), or undefined when it has none or none is given. */
  const freshAddress = () =>
    queryClient.fetchQuery({ ...episodePlaybackQueryOptions(episode.id), staleTime: 0 }).then(
      (playback) => playback.videoUrl,
      () => undefined,
    );
  const freshAddressRef = useRef(freshAddress);
  freshAddressRef.current = freshAddress;

  // The token of the episode on screen is renewed shortly before it runs out, so a paused or long episode plays on.
  const expiresAt = lockable(episode) ? addresses.get(episode.id)?.data?.expiresAt : undefined;
  useEffect(() => {
    if (!expiresAt) return;
    const remaining = Date.parse(expiresAt) - Date.now();
    const timer = setTimeout(
      () => void freshAddressRef.current().then((url) => url && poolRef.current?.renew(episode.id, url)),
      Math.max(0, remaining - Math.min(RENEW_BEFORE_MS, remaining / 4)),
    );
    return () => clearTimeout(timer);
  }, [episode.id, expiresAt]);

  useLayoutEffect(() => {
    const pool = new VideoPool(layerRef.current!, POOL_SIZE);
    pool.onFailure((episodeId, reason) => {
      if (episodeId !== currentIdRef.current) return;
      // A token that ran out (a long pause) is renewed silently, once; a second failure soon after is shown.
      if (lockableRef.current && Date.now() - silentRenewalAt.current > SILENT_RENEWAL_EVERY_MS) {
        silentRenewalAt.current = Date.now();
        const video = pool.entryOf(episodeId)?.video;
        // Playing on if it was, or starting if it never did (refused before its first frame).
        const playing = video && (!video.paused || video.played.length === 0);
        void reloadRef.current().then(() => {
          if (playing) video.play().catch(() => {});
        });
        return;
      }
      setFailure(reason);
    });
    poolRef.current = pool;
    return () => {
      pool.destroy();
      poolRef.current = null;
    };
  }, []);

  // Neighbours load once the episode on screen plays (they would otherwise share the network with its start);
  // an element that already holds one (the episode just left) keeps it.
  const [startedEpisodeId, setStartedEpisodeId] = useState<number | null>(null);
  const [previousAllowedFor, setPreviousAllowedFor] = useState<number | null>(null);
  useEffect(() => {
    if (startedEpisodeId === null) return;
    const timer = setTimeout(() => setPreviousAllowedFor(startedEpisodeId), PREVIOUS_PRELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [startedEpisodeId]);
  const preloadNext = startedEpisodeId === episode.id;
  const preloadPrevious = previousAllowedFor === episode.id;

  const currentReady = attachable(episode);
  const nextReady = attachable(next);
  const previousReady = attachable(previous);
  useLayoutEffect(() => {
    const pool = poolRef.current;
    if (!pool) return;
    if (!currentReady) {
      for (const entry of pool.entries) entry.video.pause();
      activeRef.current = null;
      setActivation(null);
      return;
    }
    const current = poolEpisode(episode);
    pool.adoptEarly(current);
    const neighbours: PoolEpisode[] = [];
    if (nextReady && (preloadNext || pool.entryOf(next!.id)))
      neighbours.push({ ...poolEpisode(next!), preload: 'auto' });
    // The previous episode was just watched: its start is rarely needed again, so it loads lightly.
    if (previousReady && (preloadPrevious || pool.entryOf(previous!.id))) {
      neighbours.push({ ...poolEpisode(previous!), preload: 'metadata' });
    }
    const entry = pool.sync(current, neighbours);
    activeRef.current = entry.video;
    setActivation((previous) =>
      previous?.video === entry.video && previous.episodeId === current.id
        ? previous
        : { video: entry.video, episodeId: current.id },
    );
    setFailure(entry.failure);
    // poolEpisode reads the settled positions: they count only when an element is first given an episode.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [
    episode.id,
    index,
    currentReady,
    next?.id,
    nextReady,
    preloadNext,
    previous?.id,
    previousReady,
    preloadPrevious,
    t,
  ]);

  useEffect(() => {
    const video = activation?.video;
    if (!video) return;
    for (const entry of poolRef.current?.entries ?? []) if (entry.video !== video) entry.video.pause();
    onActivate.current(video);
  }, [activation]);

  useEffect(() => {
    if (!activation) return;
    const { video, episodeId } = activation;
    const started = () => setStartedEpisodeId(episodeId);
    if (!video.paused && video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) started();
    video.addEventListener('playing', started);
    return () => video.removeEventListener('playing', started);
  }, [activation]);

  /** Loads the episode on screen again after a failure; one that can be locked with a new token first. */
  const reloadCurrent = async () => {
    poolRef.current?.reload(episode.id, lockable(episode) ? await freshAddress() : undefined);
  };

  const reloadRef = useRef(reloadCurrent);
  reloadRef.current = reloadCurrent;

  return { layerRef, poolRef, activation, failure, setFailure, reloadCurrent };
}

/** The address with a token of an episode that can be locked, read only once the viewer can play it. */
function useMediaAddress(episode: Episode | undefined, wanted: boolean) {
  return useEpisodePlayback(episode?.id ?? 0, wanted);
}

/** The position `episode` was left at, read only for one the viewer can play. */
function useSavedPosition(episode: Episode | undefined, playable: boolean) {
  return useEpisodeProgress(episode?.id ?? 0, playable);
}
