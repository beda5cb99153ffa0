import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { loadTexts, preloadTexts, shownLanguageTag } from '#web/lib/texts/text-store.ts';
import { useLocation } from 'wouter';
import type { Episode, Series } from '#contract/series.ts';
import { paths } from '#web/lib/paths.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { preloadDialog } from '#web/components/ui/dialog.tsx';
import { lazyPart, useLazyPart } from '#web/lib/lazy-part.ts';
import { EpisodeUnlockOnDemand, type EpisodeUnlockOpener } from '#web/components/wallet/episode-unlock-on-demand.tsx';
import type { AutoUnlockHandle } from './auto-unlocker.tsx';
import { SubtitlesMenu } from '../subtitles/subtitles-menu.tsx';
import { useSubtitleChoice } from '../subtitles/use-subtitle-choice.ts';
import { PlayerControlBar } from './player-control-bar.tsx';
import { CentrePlayButton, TapForSound } from './player-notices.tsx';
import { PlayerTopBar } from './player-top-bar.tsx';
import { useControlsVisibility } from './use-controls-visibility.ts';
import { useFeedEpisodes } from './use-feed-episodes.ts';
import { useFeedGestures, type FeedDirection } from './use-feed-gestures.ts';
import { useFeedPool } from './use-feed-pool.ts';
import { useFeedTrack } from './use-feed-track.ts';
import { usePlayback } from './use-playback.ts';
import { usePlayerElement } from './use-player-element.ts';

// Only on a tap (the episode list): not part of the player's first paint,
// fetched with the dialog's own code once the page is idle.
const episodeSheet = lazyPart(async () => {
  const [{ EpisodeSheet }] = await Promise.all([import('./episode-sheet.tsx'), preloadDialog()]);
  return { default: EpisodeSheet };
});

const endNotices = lazyPart(() => import('./end-notices.tsx'));
// None of these shows or plays the episode, so they are not in the player's first route; they are asked for as
// soon as its code runs, alongside the episode's data, and are here before the feed is (docs/decisions/062).
const playbackRecording = lazyPart(() => import('./playback-recording.tsx'));
const playerKeys = lazyPart(() => import('./player-keys.tsx'));
if (typeof window !== 'undefined') {
  // A failed fetch is asked for again when the feed mounts (useLazyPart).
  playbackRecording.preload().catch(() => undefined);
  playerKeys.preload().catch(() => undefined);
}
// Below and above the episode on screen, seen only while dragging to a locked neighbour.
const lockedPeeksPart = lazyPart<{ locked: Episode[]; feed: Episode[] }>(() =>
  import('./locked-peeks.tsx').then((m) => ({ default: m.LockedPeeks })),
);
// Only where an episode's subtitles are on.
const subtitleCues = lazyPart(() => import('../subtitles/subtitle-cues.tsx'));
// The lock screen's view of the player (Media Session), fetched when the page is idle.
const mediaSession = lazyPart(() => import('./media-session.tsx'));
// With its words: a text still on its way would suspend it, and a suspended part hides the whole feed,
// whose video elements would then be dropped and made again (the playing episode restarted).
const autoUnlocker = lazyPart(async () => {
  const [module] = await Promise.all([import('./auto-unlocker.tsx'), loadTexts(shownLanguageTag(), ['auto-unlock'])]);
  return module;
});

export interface WatchFeedProps {
  series: Series;
  /** The episode in the address bar: the one on screen. */
  episode: Episode;
}

/**
 * The vertical feed of a series' episodes: swipe up or down (drag, wheel, arrow keys) to the next or
 * previous one in place, the next one starting by itself at the end; the neighbours are loaded while the
 * current one plays, in a small pool of reused <video> elements (use-feed-pool.ts). A locked neighbour opens
 * the unlock dialog instead of playing. Controls: play/pause, mute restoring the volume, full
 * screen, speed, the episode list; they hide 3 s after playback starts and come back on a tap, a mouse move
 * or a key.
 */
export function WatchFeed({ series, episode }: WatchFeedProps) {
  const { t } = useTranslation('watch');
  const [, navigate] = useLocation();
  const { feed, index, next, previous, accessOf, markUnlocked, markLocked } = useFeedEpisodes(series, episode);

  const [announcement, setAnnouncement] = useState('');
  const announce = (text: string) =>
    setAnnouncement((previousText) => (previousText === text ? `${text}\u00a0` : text));

  const rootRef = useRef<HTMLDivElement>(null);
  const activeRef = useRef<HTMLVideoElement | null>(null);
  const volumeRef = useRef(1);
  const playback = usePlayback(activeRef, volumeRef, {
    playing: () => announce(t('announce.playing')),
    paused: () => announce(t('announce.paused')),
    muted: () => announce(t('announce.muted')),
    soundOn: () => announce(t('announce.soundOn')),
    speed: (rate) => announce(t('announce.speed', { rate })),
  });
  const { startPlayback, prepareToPlay } = playback;
  const { layerRef, poolRef, activation, failure, setFailure, reloadCurrent } = useFeedPool({
    series,
    episode,
    feed,
    index,
    next,
    previous,
    accessOf,
    activeRef,
    onActivate: (video) => {
      prepareToPlay(video);
      startPlayback(video);
    },
  });
  const active = activation?.video ?? null;
  const { trackRef, placeTrack } = useFeedTrack(index);

  const [sheetOpen, setSheetOpen] = useState(false);
  const [sheetOpened, setSheetOpened] = useState(false);
  const EpisodeSheet = useLazyPart(episodeSheet, sheetOpened);
  const [speedMenuOpen, setSpeedMenuOpen] = useState(false);
  const [subtitlesMenuOpen, setSubtitlesMenuOpen] = useState(false);
  const unlock = useRef<EpisodeUnlockOpener>(null);
  const openUnlock = (episodeNumber: number) => unlock.current?.open(episodeNumber);
  // Learnt once the unlock dialog is on screen (the dialog does not wait for the feed to render again).
  const [unlocking, setUnlocking] = useState<number | null>(null);
  const overlayOpen = sheetOpen || speedMenuOpen || subtitlesMenuOpen || unlocking !== null;

  // Auto-unlock (off unless the viewer turned it on in their profile): otherwise nothing is spent without a tap.
  // Its code, with the viewer's setting, arrives once the page is idle.
  const AutoUnlocker = useLazyPart(autoUnlocker, false);
  const autoUnlock = useRef<AutoUnlockHandle>(null);
  /** Unlocks the episode the player moves on to (auto-unlock), or asks the viewer. */
  const unlockOrAsk = useCallback((target: Episode) => {
    if (!autoUnlock.current?.tryUnlock(target)) unlock.current?.open(target.episodeNumber);
  }, []);
  const playAutoUnlocked = useCallback(
    (target: Episode) => {
      markUnlocked(target.episodeNumber);
      activeRef.current?.pause();
      navigate(paths.watch(target.id), { replace: true });
    },
    [markUnlocked, navigate],
  );
  const askAfterAutoUnlock = useCallback(
    (episodeNumber: number, fromId?: number) => {
      if (fromId !== undefined) {
        activeRef.current?.pause();
        navigate(paths.watch(fromId), { replace: true });
      }
      unlock.current?.open(episodeNumber);
    },
    [navigate],
  );
  const { controlsVisible, scheduleHide, revealControls, pinControls, hideControls } = useControlsVisibility(
    rootRef,
    activeRef,
    overlayOpen,
  );

  const onScreenVideo = activation?.episodeId === episode.id ? activation.video : null;
  const subtitles = useSubtitleChoice(episode.subtitles ?? []);
  const SubtitleCues = useLazyPart(subtitleCues, subtitles.selected !== undefined);
  const toggleSubtitles = () => {
    if (subtitles.tracks.length === 0) return;
    const track = subtitles.toggle();
    announce(track ? t('announce.subtitlesOn', { label: track.label }) : t('announce.subtitlesOff'));
  };

  const firstEpisode = useRef(episode.id);
  useEffect(() => {
    if (episode.id !== firstEpisode.current) announce(t('announce.episode', { number: episode.episodeNumber }));
  }, [episode.id, episode.episodeNumber, t]);

  const PlaybackRecording = useLazyPart(playbackRecording, true);
  const movedOnRef = useRef<(() => void) | null>(null);
  const viewerMovedOn = useCallback(() => movedOnRef.current?.(), []);

  // ---- moving through the feed
  const move = useCallback(
    (direction: FeedDirection) => {
      const target = direction === 'next' ? next : previous;
      if (!target) return;
      const access = accessOf(target);
      if (access !== 'playable') {
        placeTrack(0, true);
        if (access === 'locked') unlockOrAsk(target);
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
    [next, previous, accessOf, placeTrack, poolRef, prepareToPlay, startPlayback, navigate, viewerMovedOn, unlockOrAsk],
  );

  const { playing, ended, muted, buffering } = usePlayerElement(active, volumeRef, {
    onPlay: () => {
      scheduleHide();
      // The unlock dialog's texts, fetched once the video runs, so that the dialog opens at once.
      preloadTexts(['series']);
    },
    onPause: pinControls,
    onEnded: () => {
      if (!next) return;
      if (accessOf(next) === 'playable') move('next');
      else if (accessOf(next) === 'locked') unlockOrAsk(next);
    },
  });

  const jumpTo = (target: Episode) => {
    setSheetOpen(false);
    if (target.id === episode.id) return;
    const access = accessOf(target);
    if (access === 'locked') openUnlock(target.episodeNumber);
    else if (access === 'playable') {
      viewerMovedOn();
      activeRef.current?.pause();
      navigate(paths.watch(target.id), { replace: true });
    }
  };

  const retry = () => {
    setFailure(null);
    void reloadCurrent().then(() => {
      if (activeRef.current) startPlayback(activeRef.current);
    });
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
    if (controlsVisible && playing) hideControls();
    else revealControls();
  };

  const PlayerKeys = useLazyPart(playerKeys, true);

  // ---- what is drawn
  const shown = controlsVisible || !playing || overlayOpen;
  const fade = `transition-[opacity,visibility] duration-300 ${shown ? 'visible opacity-100' : 'invisible opacity-0'}`;
  const nextAccess = next ? accessOf(next) : undefined;
  const failed = !!failure;
  const afterLast = ended && nextAccess !== 'playable';
  const EndNotices = useLazyPart(endNotices, failed || afterLast);
  const MediaSession = useLazyPart(mediaSession, false);
  const lockedPeeks = [next, previous].filter((e): e is Episode => e !== undefined && accessOf(e) === 'locked');
  const LockedPeeks = useLazyPart(lockedPeeksPart, lockedPeeks.length > 0);

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
          {LockedPeeks && <LockedPeeks locked={lockedPeeks} feed={feed} />}
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

        {SubtitleCues && subtitles.selected && (
          <SubtitleCues video={onScreenVideo} track={subtitles.selected} size={subtitles.size} controlsShown={shown} />
        )}
        {PlaybackRecording && (
          <PlaybackRecording
            videoRef={activeRef}
            onScreen={
              onScreenVideo && {
                video: onScreenVideo,
                seriesId: series.id,
                episodeId: episode.id,
                episodeNumber: episode.episodeNumber,
              }
            }
            movedOnRef={movedOnRef}
          />
        )}
        {PlayerKeys && (
          <PlayerKeys
            activeRef={activeRef}
            actions={{
              togglePlay: playback.togglePlay,
              toggleMute: playback.toggleMute,
              toggleFullscreen: playback.toggleFullscreen,
              revealControls,
              move,
              seekTo: playback.seekTo,
              letters: { c: toggleSubtitles },
            }}
          />
        )}
        <PlayerTopBar series={series} episode={episode} fade={fade} />
        {playback.soundBlocked && muted && <TapForSound onEnable={playback.enableSound} />}
        <CentrePlayButton playing={playing} ended={ended} fade={fade} onToggle={playback.togglePlay} />
        {EndNotices && (failed || afterLast) && (
          <EndNotices
            failed={failed}
            afterLast={afterLast}
            onRetry={retry}
            series={series}
            next={next}
            nextAccess={nextAccess}
            onUnlock={openUnlock}
          />
        )}
        {AutoUnlocker && (
          // A language switched while watching loads its texts here, not by hiding the player.
          <Suspense fallback={null}>
            <AutoUnlocker
              ref={autoUnlock}
              series={series}
              episode={episode}
              onUnlocked={playAutoUnlocked}
              onAsk={askAfterAutoUnlock}
              onUndone={markLocked}
            />
          </Suspense>
        )}
        {MediaSession && (
          <Suspense fallback={null}>
            <MediaSession
              series={series}
              episode={episode}
              video={active}
              togglePlay={playback.togglePlay}
              move={move}
              hasNext={next !== undefined}
              hasPrevious={previous !== undefined}
            />
          </Suspense>
        )}

        <PlayerControlBar
          fade={fade}
          video={active}
          onSeek={playback.seekTo}
          rate={playback.rate}
          onRateChange={playback.changeRate}
          onSpeedMenuOpenChange={setSpeedMenuOpen}
          onOpenEpisodes={() => {
            setSheetOpened(true);
            setSheetOpen(true);
          }}
          muted={muted}
          onToggleMute={playback.toggleMute}
          fullscreen={playback.fullscreen}
          onToggleFullscreen={playback.toggleFullscreen}
          extra={
            <SubtitlesMenu
              tracks={subtitles.tracks}
              selected={subtitles.selected}
              size={subtitles.size}
              onSelect={subtitles.select}
              onSizeChange={subtitles.setSize}
              onOpenChange={setSubtitlesMenuOpen}
            />
          }
        />

        <div role="status" aria-live="polite" className="sr-only">
          {announcement}
        </div>
      </div>

      {sheetOpened && EpisodeSheet && (
        <EpisodeSheet
          open={sheetOpen}
          onOpenChange={setSheetOpen}
          seriesTitle={series.title}
          episodes={feed}
          currentEpisodeId={episode.id}
          accessOf={accessOf}
          onSelect={jumpTo}
        />
      )}
      <EpisodeUnlockOnDemand
        ref={unlock}
        series={series}
        onShownChange={setUnlocking}
        onUnlocked={(number) => {
          markUnlocked(number);
          const target = feed.find((e) => e.episodeNumber === number);
          if (target) {
            activeRef.current?.pause();
            navigate(paths.watch(target.id), { replace: true });
          }
        }}
      />
    </div>
  );
}
