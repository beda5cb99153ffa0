import { Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ChevronLeft,
  ListVideo,
  Lock,
  Maximize,
  Minimize,
  Pause,
  Play,
  RotateCcw,
  Volume2,
  VolumeX,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { TIMINGS, isEpisodeFree } from '../../../../contract/constants.ts';
import type { Episode, Series } from '../../../../contract/series.ts';
import { paths } from '../../../lib/paths.ts';
import { episodeQueryKey } from '../../../api/get-episode.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { EpisodeUnlock } from '../../../components/wallet/episode-unlock.tsx';
import { formatDuration } from '../../../lib/format.ts';
import { episodeProgressQuery, watchEpisodesQuery, watchUnlocksQuery } from '../api/watch-queries.ts';
import type { MediaFailure } from '../hls/media-attachment.ts';
import { useProgressReporter } from '../use-progress-reporter.ts';
import { useViewingEvents } from '../viewing-events/use-viewing-events.ts';
import { EpisodeSheet, type SheetAccess } from './episode-sheet.tsx';
import { resumePoint } from '../../../../contract/watch-start.ts';
import { Scrubber } from './scrubber.tsx';
import { SpeedMenu } from './speed-menu.tsx';
import { useFeedGestures, type FeedDirection } from './use-feed-gestures.ts';
import { VideoPool, type PoolEpisode } from './video-pool.ts';

export interface WatchFeedProps {
  series: Series;
  /** The episode in the address bar: the one on screen. */
  episode: Episode;
}

type FullscreenVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void };

/** Current, next and previous episode each hold one element. */
const POOL_SIZE = 3;
const SLIDE_MS = 280;
const SEEK_STEP_SECONDS = 5;
/** The previous episode is preloaded only after the current one has played a little (it is rarely wanted). */
const PREVIOUS_PRELOAD_DELAY_MS = 3000;

/**
 * The vertical feed of a series' episodes: swipe up or down (drag, wheel, arrow keys) to the next or
 * previous one in place, the next one starting by itself at the end; the neighbours are loaded while the
 * current one plays, in a small pool of reused <video> elements (video-pool.ts). A locked neighbour opens the
 * unlock dialog instead of playing. Controls (SPEC §2, §4): play/pause, mute restoring the volume, full
 * screen, speed, the episode list; they hide 3 s after playback starts and come back on a tap, a mouse move
 * or a key.
 */
export function WatchFeed({ series, episode }: WatchFeedProps) {
  const { t, i18n } = useTranslation('watch');
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();

  // ---- the feed: every episode of the series, in order, with its access
  const episodesQuery = useQuery(watchEpisodesQuery(series.id));
  const unlocksQuery = useQuery({ ...watchUnlocksQuery(series.id), enabled: !series.isFree });
  const [justUnlocked, setJustUnlocked] = useState<ReadonlySet<number>>(new Set());

  const feed = useMemo(() => {
    const listed = [...(episodesQuery.data ?? [])].sort((a, b) => a.episodeNumber - b.episodeNumber);
    return listed.some((e) => e.id === episode.id) ? listed : [episode];
  }, [episodesQuery.data, episode]);

  useEffect(() => {
    // Each listed episode is also its own query: after a swipe the page has the new episode at once.
    for (const listed of episodesQuery.data ?? []) queryClient.setQueryData(episodeQueryKey(listed.id), listed);
  }, [episodesQuery.data, queryClient]);

  const unlockedNumbers = useMemo(
    () => new Set([...(unlocksQuery.data ?? []).map((unlock) => unlock.episodeNumber), ...justUnlocked]),
    [unlocksQuery.data, justUnlocked],
  );
  const accessOf = useCallback(
    (e: Episode): SheetAccess =>
      !e.videoUrl
        ? 'soon'
        : isEpisodeFree(e.episodeNumber, series) || unlockedNumbers.has(e.episodeNumber)
          ? 'playable'
          : 'locked',
    [series, unlockedNumbers],
  );

  const index = Math.max(
    0,
    feed.findIndex((e) => e.id === episode.id),
  );
  const next = feed[index + 1];
  const previous = index > 0 ? feed[index - 1] : undefined;

  // ---- where each episode starts: its saved position (read once, when its element gets it)
  const nearby = [episode, next, previous].filter((e): e is Episode => e !== undefined && accessOf(e) === 'playable');
  const progress = useQueries({ queries: nearby.map((e) => episodeProgressQuery(e.id)) });
  const settled = new Map(nearby.map((e, i) => [e.id, progress[i]!] as const));
  const attachable = (e: Episode | undefined) =>
    e !== undefined && accessOf(e) === 'playable' && settled.get(e.id)?.isPending === false;
  const poolEpisode = (e: Episode): PoolEpisode => ({
    id: e.id,
    videoUrl: e.videoUrl,
    poster: e.thumbnailUrl || undefined,
    label: t('videoLabel', { title: series.title, number: e.episodeNumber }),
    index: feed.findIndex((listed) => listed.id === e.id),
    startAt: resumePoint(settled.get(e.id)?.data?.positionSeconds ?? undefined, e.duration),
  });

  // ---- the pool of video elements, and the one on screen
  const rootRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const poolRef = useRef<VideoPool | null>(null);
  const activeRef = useRef<HTMLVideoElement | null>(null);
  /** The element on screen and the episode it plays, set together (an element is reused across episodes). */
  const [activation, setActivation] = useState<{ video: HTMLVideoElement; episodeId: number } | null>(null);
  const active = activation?.video ?? null;
  const [failure, setFailure] = useState<MediaFailure | null>(null);
  const currentIdRef = useRef(episode.id);
  currentIdRef.current = episode.id;

  useLayoutEffect(() => {
    const pool = new VideoPool(layerRef.current!, POOL_SIZE);
    pool.onFailure((episodeId, reason) => {
      if (episodeId === currentIdRef.current) setFailure(reason);
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

  // ---- the track: slides to the episode on screen; follows a finger while dragging
  const placedIndex = useRef<number | null>(null);
  const placeTrack = useCallback(
    (offsetPx: number, animate: boolean) => {
      const track = trackRef.current;
      if (!track) return;
      const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      track.style.transition =
        animate && !reduceMotion ? `transform ${SLIDE_MS}ms cubic-bezier(0.2, 0.8, 0.2, 1)` : 'none';
      track.style.transform = `translateY(calc(${-index * 100}% + ${offsetPx}px))`;
    },
    [index],
  );
  useLayoutEffect(() => {
    // Slide to a neighbour; jump (no slide across the feed) when the episode list was used.
    const from = placedIndex.current;
    placeTrack(0, from !== null && Math.abs(from - index) === 1);
    placedIndex.current = index;
  }, [index, placeTrack]);

  // ---- player state, read from the element on screen
  const [playing, setPlaying] = useState(false);
  const [ended, setEnded] = useState(false);
  const [muted, setMuted] = useState(false);
  const [buffering, setBuffering] = useState(true);
  const [time, setTime] = useState({ current: 0, duration: 0 });
  const [rate, setRate] = useState(1);
  const [soundBlocked, setSoundBlocked] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [controlsVisible, setControlsVisible] = useState(true);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [speedMenuOpen, setSpeedMenuOpen] = useState(false);
  const [unlocking, setUnlocking] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const rateRef = useRef(1);
  const volumeRef = useRef(1);
  const volumeBeforeMute = useRef(1);
  /** The viewer's own choice; a muted start forced by the browser does not count. */
  const userMutedRef = useRef(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const overlayOpen = sheetOpen || speedMenuOpen || unlocking !== null;
  const overlayOpenRef = useRef(overlayOpen);
  overlayOpenRef.current = overlayOpen;

  const announce = (text: string) =>
    setAnnouncement((previousText) => (previousText === text ? `${text}\u00a0` : text));

  /** Plays with sound when the browser allows it; if it refuses (no gesture yet), muted, with "Tap for sound". */
  const startPlayback = useCallback((video: HTMLVideoElement) => {
    const withSound = !video.muted;
    video.play().catch((error: unknown) => {
      if (!(error instanceof DOMException) || error.name !== 'NotAllowedError' || !withSound) return;
      video.muted = true;
      setSoundBlocked(true);
      void video.play().catch(() => undefined);
    });
  }, []);

  const prepareToPlay = useCallback((video: HTMLVideoElement) => {
    video.defaultPlaybackRate = rateRef.current;
    video.playbackRate = rateRef.current;
    video.volume = volumeRef.current;
    // A video already running muted (the boot script's, refused sound) stays muted: unmuting it without a
    // gesture would make the browser pause it. Others try with sound when they start.
    if (video.paused) video.muted = userMutedRef.current;
    else if (video.muted && !userMutedRef.current) setSoundBlocked(true);
    // Back to an episode that had ended: it starts over (else it would end again at once).
    if (video.ended || (video.duration > 0 && video.currentTime >= video.duration - 0.25)) video.currentTime = 0;
  }, []);

  useEffect(() => {
    const video = activation?.video;
    if (!video) return;
    for (const entry of poolRef.current?.entries ?? []) if (entry.video !== video) entry.video.pause();
    prepareToPlay(video);
    startPlayback(video);
  }, [activation, prepareToPlay, startPlayback]);

  useEffect(() => {
    if (!activation) return;
    const { video, episodeId } = activation;
    const started = () => setStartedEpisodeId(episodeId);
    if (!video.paused && video.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA) started();
    video.addEventListener('playing', started);
    return () => video.removeEventListener('playing', started);
  }, [activation]);

  const firstEpisode = useRef(episode.id);
  useEffect(() => {
    if (episode.id !== firstEpisode.current) announce(t('announce.episode', { number: episode.episodeNumber }));
  }, [episode.id, episode.episodeNumber, t]);

  useProgressReporter(
    activeRef,
    activation?.episodeId === episode.id ? { seriesId: series.id, episodeId: episode.id } : null,
  );
  const viewerMovedOn = useViewingEvents(
    activation?.episodeId === episode.id
      ? { video: activation.video, seriesId: series.id, episodeNumber: episode.episodeNumber }
      : null,
    { seriesId: series.id, episodeNumber: unlocking },
  );

  // ---- controls hide 3 s after playback starts (SPEC §4, §9)
  const scheduleHide = useCallback(() => {
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => {
      // Keep them for a keyboard user on one of them, and while a menu or sheet is open.
      const focused = document.activeElement;
      if (focused && rootRef.current?.contains(focused) && focused.matches(':focus-visible')) return;
      if (overlayOpenRef.current) return;
      if (activeRef.current && !activeRef.current.paused) setControlsVisible(false);
    }, TIMINGS.playerControlsHideMs);
  }, []);
  const revealControls = useCallback(() => {
    setControlsVisible(true);
    scheduleHide();
  }, [scheduleHide]);
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  // ---- moving through the feed
  const move = useCallback(
    (direction: FeedDirection) => {
      const target = direction === 'next' ? next : previous;
      if (!target) return;
      const access = accessOf(target);
      if (access !== 'playable') {
        placeTrack(0, true);
        if (access === 'locked') setUnlocking(target.episodeNumber);
        return;
      }
      // Start the next episode right here, inside the viewer's gesture (which lets it start with sound).
      const entry = poolRef.current?.entryOf(target.id);
      if (entry && entry.attachment) {
        prepareToPlay(entry.video);
        startPlayback(entry.video);
      }
      viewerMovedOn();
      activeRef.current?.pause();
      navigate(paths.watch(target.id), { replace: true });
    },
    [next, previous, accessOf, placeTrack, prepareToPlay, startPlayback, navigate, viewerMovedOn],
  );

  const onEnded = () => {
    if (!next) return;
    if (accessOf(next) === 'playable') move('next');
    else if (accessOf(next) === 'locked') setUnlocking(next.episodeNumber);
  };
  const onEndedRef = useRef(onEnded);
  onEndedRef.current = onEnded;

  // ---- the element on screen tells what it does
  useEffect(() => {
    const video = active;
    if (!video) return;
    const readTime = () => setTime({ current: video.currentTime, duration: video.duration || 0 });
    const readVolume = () => {
      setMuted(video.muted || video.volume === 0);
      if (video.volume > 0) volumeRef.current = video.volume;
    };
    const onPlay = () => {
      setPlaying(true);
      setEnded(false);
      scheduleHide();
      // The unlock dialog's texts, fetched once the video runs, so that the dialog opens at once.
      void i18n.loadNamespaces('series');
    };
    const onPause = () => {
      setPlaying(false);
      setControlsVisible(true);
      clearTimeout(hideTimer.current);
    };
    const onEnd = () => {
      setEnded(true);
      onEndedRef.current();
    };
    const onWaiting = () => setBuffering(true);
    const onReady = () => setBuffering(false);
    setPlaying(!video.paused);
    if (!video.paused) scheduleHide();
    setEnded(video.ended);
    setBuffering(video.readyState < HTMLMediaElement.HAVE_FUTURE_DATA);
    readTime();
    readVolume();
    const listeners: [string, () => void][] = [
      ['play', onPlay],
      ['pause', onPause],
      ['ended', onEnd],
      ['waiting', onWaiting],
      ['playing', onReady],
      ['canplay', onReady],
      ['timeupdate', readTime],
      ['durationchange', readTime],
      ['loadedmetadata', readTime],
      ['seeked', readTime],
      ['volumechange', readVolume],
    ];
    for (const [name, listener] of listeners) video.addEventListener(name, listener);
    return () => {
      for (const [name, listener] of listeners) video.removeEventListener(name, listener);
    };
  }, [active, scheduleHide, i18n]);

  // ---- actions
  const togglePlay = () => {
    const video = activeRef.current;
    if (!video) return;
    if (video.paused || video.ended) {
      startPlayback(video);
      announce(t('announce.playing'));
    } else {
      video.pause();
      announce(t('announce.paused'));
    }
  };

  const toggleMute = () => {
    const video = activeRef.current;
    if (!video) return;
    if (video.muted || video.volume === 0) {
      video.volume = volumeBeforeMute.current > 0 ? volumeBeforeMute.current : 1;
      video.muted = false;
      userMutedRef.current = false;
      setSoundBlocked(false);
      announce(t('announce.soundOn'));
    } else {
      volumeBeforeMute.current = video.volume;
      video.muted = true;
      userMutedRef.current = true;
      announce(t('announce.muted'));
    }
  };

  const enableSound = () => {
    const video = activeRef.current;
    if (!video) return;
    if (video.volume === 0) video.volume = volumeBeforeMute.current > 0 ? volumeBeforeMute.current : 1;
    video.muted = false;
    userMutedRef.current = false;
    setSoundBlocked(false);
    startPlayback(video);
    announce(t('announce.soundOn'));
  };

  const toggleFullscreen = () => {
    const video = activeRef.current as FullscreenVideo | null;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    // The whole document, so that dialogs and menus (drawn at the end of the page) still show.
    else if (document.documentElement.requestFullscreen)
      void document.documentElement.requestFullscreen().catch(() => undefined);
    // iOS Safari only lets the video element itself go full screen.
    else video?.webkitEnterFullscreen?.();
  };
  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const changeRate = (value: number) => {
    rateRef.current = value;
    const video = activeRef.current;
    if (video) {
      video.defaultPlaybackRate = value;
      video.playbackRate = value;
    }
    setRate(value);
    announce(t('announce.speed', { rate: value }));
  };

  const seekTo = (seconds: number) => {
    const video = activeRef.current;
    if (!video || !Number.isFinite(seconds)) return;
    const end = Number.isFinite(video.duration) ? video.duration : seconds;
    video.currentTime = Math.max(0, Math.min(seconds, end));
  };

  const jumpTo = (target: Episode) => {
    setSheetOpen(false);
    if (target.id === episode.id) return;
    const access = accessOf(target);
    if (access === 'locked') setUnlocking(target.episodeNumber);
    else if (access === 'playable') {
      viewerMovedOn();
      activeRef.current?.pause();
      navigate(paths.watch(target.id), { replace: true });
    }
  };

  const retry = () => {
    setFailure(null);
    poolRef.current?.reload(episode.id);
    if (activeRef.current) startPlayback(activeRef.current);
  };

  // ---- gestures and keys
  const { surfaceHandlers, consumeDrag } = useFeedGestures(rootRef, {
    onDrag: (offset) => placeTrack(offset, false),
    onCancel: () => placeTrack(0, true),
    onMove: move,
    canMove: (direction) => (direction === 'next' ? next : previous) !== undefined,
  });

  const onSurfaceClick = () => {
    if (consumeDrag()) return;
    if (controlsVisible && playing) {
      clearTimeout(hideTimer.current);
      setControlsVisible(false);
    } else revealControls();
  };

  const keyActions = useRef({ togglePlay, toggleMute, toggleFullscreen, revealControls, move, seekTo });
  keyActions.current = { togglePlay, toggleMute, toggleFullscreen, revealControls, move, seekTo };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const actions = keyActions.current;
      actions.revealControls();
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [role="dialog"], [role="menu"]')) return;
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      const video = activeRef.current;
      switch (key) {
        case ' ':
        case 'k':
          if (target?.closest('button, a')) return;
          event.preventDefault();
          actions.togglePlay();
          break;
        case 'm':
          actions.toggleMute();
          break;
        case 'f':
          actions.toggleFullscreen();
          break;
        case 'ArrowDown':
        case 'ArrowUp':
          // On the speed button the arrows open its menu.
          if (target?.closest('[aria-haspopup="menu"]')) return;
          event.preventDefault();
          if (!event.repeat) actions.move(key === 'ArrowDown' ? 'next' : 'previous');
          break;
        case 'ArrowLeft':
        case 'ArrowRight':
          event.preventDefault();
          if (video)
            actions.seekTo(video.currentTime + (key === 'ArrowRight' ? SEEK_STEP_SECONDS : -SEEK_STEP_SECONDS));
          break;
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // ---- what is drawn
  const shown = controlsVisible || !playing || overlayOpen;
  const fade = `transition-[opacity,visibility] duration-300 ${shown ? 'visible opacity-100' : 'invisible opacity-0'}`;
  const nextAccess = next ? accessOf(next) : undefined;
  const lockedPeeks = [next, previous].filter((e): e is Episode => e !== undefined && accessOf(e) === 'locked');
  const timeText = t('player.timeOf', {
    current: formatDuration(time.current),
    duration: formatDuration(time.duration),
  });

  return (
    <div className="fixed inset-0 z-40 bg-black text-white">
      <h1 className="sr-only">{t('heading', { title: series.title, number: episode.episodeNumber })}</h1>
      <div
        ref={rootRef}
        className="relative mx-auto h-full w-full overflow-hidden bg-black md:aspect-[9/16] md:w-auto md:max-w-full"
        data-testid="player"
        data-controls={shown ? 'visible' : 'hidden'}
        data-episode={episode.id}
        onPointerMove={(event) => {
          if (event.pointerType === 'mouse') revealControls();
        }}
        onFocusCapture={revealControls}
      >
        <div ref={trackRef} className="absolute inset-0 will-change-transform">
          <div ref={layerRef} className="absolute inset-0" />
          {lockedPeeks.map((locked) => (
            <div
              key={locked.id}
              className="absolute inset-0 isolate flex flex-col items-center justify-center gap-3 overflow-hidden px-8 text-center"
              style={{ transform: `translateY(${feed.findIndex((listed) => listed.id === locked.id) * 100}%)` }}
              aria-hidden
            >
              {locked.thumbnailUrl && (
                <img
                  src={locked.thumbnailUrl}
                  alt=""
                  className="absolute inset-0 -z-10 size-full object-cover opacity-40 blur-xl"
                />
              )}
              <span className="flex size-14 items-center justify-center rounded-full bg-black/50">
                <Lock className="size-7 text-amber-300" />
              </span>
              <p className="text-lg font-bold">{t('locked.title', { number: locked.episodeNumber })}</p>
            </div>
          ))}
        </div>

        {/* The whole surface is the tap and drag target (keys and the wheel do the same for keyboards and mice). */}
        <div
          className="absolute inset-0 touch-none select-none"
          aria-hidden
          data-testid="player-surface"
          onClick={onSurfaceClick}
          {...surfaceHandlers}
        />

        {(buffering || !active) && !ended && !failure && (
          <div className="pointer-events-none absolute inset-0 flex items-center justify-center" aria-hidden>
            <Spinner className="size-12 text-white/80" />
          </div>
        )}

        <div
          className={`pointer-events-none absolute inset-x-0 top-0 bg-gradient-to-b from-black/80 via-black/40 to-transparent pb-10 ${fade}`}
        >
          <div className="pointer-events-auto flex items-center gap-2 px-2 pt-[max(0.5rem,env(safe-area-inset-top))]">
            <Link
              href={paths.series(series.id)}
              aria-label={t('backToSeries', { title: series.title })}
              className="flex size-11 shrink-0 items-center justify-center rounded-full bg-black/30 text-white backdrop-blur-sm hover:bg-black/50"
            >
              <ChevronLeft className="size-7 rtl:rotate-180" aria-hidden />
            </Link>
            <div className="min-w-0 flex-1">
              <p dir="auto" className="truncate text-base font-bold drop-shadow">
                {series.title}
              </p>
              <p className="truncate text-xs text-white/75">
                {t('episodeLine', { number: episode.episodeNumber, total: series.totalEpisodes })}
                {episode.title ? ` · ${episode.title}` : ''}
              </p>
            </div>
          </div>
        </div>

        {soundBlocked && muted && (
          <button
            type="button"
            onClick={enableSound}
            className="absolute top-[calc(max(0.5rem,env(safe-area-inset-top))+3.5rem)] left-1/2 z-10 flex -translate-x-1/2 items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-bold text-black shadow-lg hover:bg-zinc-200"
          >
            <VolumeX className="size-4" aria-hidden />
            {t('player.tapForSound')}
          </button>
        )}

        <div className={`pointer-events-none absolute inset-0 flex items-center justify-center ${fade}`}>
          <button
            type="button"
            onClick={togglePlay}
            aria-label={playing ? t('player.pause') : ended ? t('player.replay') : t('player.play')}
            className="pointer-events-auto flex size-20 items-center justify-center rounded-full bg-black/45 text-white ring-1 ring-white/20 backdrop-blur-sm transition hover:bg-black/60 active:scale-95"
          >
            {playing ? (
              <Pause className="size-9 fill-current" aria-hidden />
            ) : ended ? (
              <RotateCcw className="size-9" aria-hidden />
            ) : (
              <Play className="ms-1 size-9 fill-current" aria-hidden />
            )}
          </button>
        </div>

        {failure && (
          <div
            className="absolute inset-x-0 bottom-32 z-10 flex flex-col items-center gap-3 px-6 text-center"
            role="alert"
          >
            <p className="text-sm text-white/90">{t('player.failed')}</p>
            <button
              type="button"
              onClick={retry}
              className="rounded-full bg-white/15 px-5 py-2.5 text-sm font-bold backdrop-blur hover:bg-white/25"
            >
              {t('player.retry')}
            </button>
          </div>
        )}

        {ended && nextAccess !== 'playable' && (
          <div className="absolute inset-x-0 bottom-32 z-10 flex justify-center px-6">
            {next && nextAccess === 'locked' ? (
              <button
                type="button"
                onClick={() => setUnlocking(next.episodeNumber)}
                className="flex items-center gap-2 rounded-full bg-gradient-to-r from-rose-600 to-orange-500 px-5 py-3 text-sm font-bold shadow-lg hover:brightness-110"
              >
                <Lock className="size-4" aria-hidden />
                {t('unlockNext', { number: next.episodeNumber })}
              </button>
            ) : (
              <Link
                href={paths.series(series.id)}
                className="rounded-full bg-white/15 px-5 py-3 text-sm font-bold backdrop-blur hover:bg-white/25"
              >
                {t('allEpisodes')}
              </Link>
            )}
          </div>
        )}

        <div
          className={`pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 via-black/50 to-transparent px-4 pt-12 pb-[max(1rem,env(safe-area-inset-bottom))] ${fade}`}
        >
          <div className="pointer-events-auto">
            <Scrubber
              current={time.current}
              duration={time.duration}
              onSeek={seekTo}
              label={t('player.seek')}
              valueText={timeText}
            />
            <div className="mt-2 flex items-center gap-1">
              <span className="text-xs text-white/80 tabular-nums">
                {formatDuration(time.current)} / {formatDuration(time.duration)}
              </span>
              <span className="flex-1" />
              <SpeedMenu rate={rate} onRateChange={changeRate} onOpenChange={setSpeedMenuOpen} />
              <button
                type="button"
                onClick={() => setSheetOpen(true)}
                aria-label={t('player.episodes')}
                aria-haspopup="dialog"
                className="flex size-11 items-center justify-center rounded-full text-white hover:bg-white/10"
              >
                <ListVideo className="size-6" aria-hidden />
              </button>
              <button
                type="button"
                onClick={toggleMute}
                aria-label={muted ? t('player.unmute') : t('player.mute')}
                aria-pressed={muted}
                className="flex size-11 items-center justify-center rounded-full text-white hover:bg-white/10"
              >
                {muted ? <VolumeX className="size-6" aria-hidden /> : <Volume2 className="size-6" aria-hidden />}
              </button>
              <button
                type="button"
                onClick={toggleFullscreen}
                aria-label={fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
                aria-pressed={fullscreen}
                className="flex size-11 items-center justify-center rounded-full text-white hover:bg-white/10"
              >
                {fullscreen ? <Minimize className="size-6" aria-hidden /> : <Maximize className="size-6" aria-hidden />}
              </button>
            </div>
          </div>
        </div>

        <div role="status" aria-live="polite" className="sr-only">
          {announcement}
        </div>
      </div>

      <EpisodeSheet
        open={sheetOpen}
        onOpenChange={setSheetOpen}
        seriesTitle={series.title}
        episodes={feed}
        currentEpisodeId={episode.id}
        accessOf={accessOf}
        onSelect={jumpTo}
      />
      {unlocking !== null && (
        // Its texts (the series namespace) load on first use without suspending the player.
        <Suspense fallback={null}>
          <EpisodeUnlock
            series={series}
            episodeNumber={unlocking}
            onClose={() => setUnlocking(null)}
            onUnlocked={(number) => {
              setJustUnlocked((numbers) => new Set([...numbers, number]));
              setUnlocking(null);
              const target = feed.find((e) => e.episodeNumber === number);
              if (target) {
                activeRef.current?.pause();
                navigate(paths.watch(target.id), { replace: true });
              }
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
