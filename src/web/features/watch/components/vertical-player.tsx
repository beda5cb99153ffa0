import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Maximize, Minimize, Pause, Play, RotateCcw, Volume2, VolumeX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TIMINGS } from '../../../../contract/constants.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDuration } from '../../../lib/format.ts';
import { attachVideoSource } from './video-source.ts';

export interface VerticalPlayerProps {
  src: string;
  poster?: string;
  /** Where to resume, in seconds (ignored when it is at the very start or end). */
  startAt?: number;
  /** Names the video for assistive technology. */
  label: string;
  videoRef: RefObject<HTMLVideoElement | null>;
  /** Top bar (back button, titles); shown and hidden together with the controls. */
  topBar?: ReactNode;
  /** Shown over the video when the episode has ended (e.g. a next-episode link). */
  endScreen?: ReactNode;
}

type FullscreenVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void };

/**
 * A 9:16 player: fills a phone screen, and is centred at 9:16 on larger screens (object-fit contain on black).
 * Controls hide 3 s after playback starts and come back on a tap, a mouse move or a key press.
 */
export function VerticalPlayer({ src, startAt, poster, label, videoRef, topBar, endScreen }: VerticalPlayerProps) {
  const { t } = useTranslation('watch');
  const containerRef = useRef<HTMLDivElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const volumeBeforeMute = useRef(1);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const [buffering, setBuffering] = useState(true);
  const [ended, setEnded] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [controlsVisible, setControlsVisible] = useState(true);
  const [time, setTime] = useState({ current: 0, duration: 0 });

  const scheduleHide = useCallback(() => {
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => {
      // Keep the controls for a keyboard user who is on one of them (hiding would drop their focus).
      const focused = document.activeElement;
      if (focused && containerRef.current?.contains(focused) && focused.matches(':focus-visible')) return;
      if (videoRef.current && !videoRef.current.paused) setControlsVisible(false);
    }, TIMINGS.playerControlsHideMs);
  }, [videoRef]);

  const revealControls = useCallback(() => {
    setControlsVisible(true);
    scheduleHide();
  }, [scheduleHide]);

  useEffect(() => () => clearTimeout(hideTimer.current), []);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    setEnded(false);
    setBuffering(true);
    const detach = attachVideoSource(video, src);
    const resume = () => {
      if (startAt && startAt > 1 && Number.isFinite(video.duration) && startAt < video.duration - 3) {
        video.currentTime = startAt;
      }
    };
    video.addEventListener('loadedmetadata', resume, { once: true });
    // Start at once, like every short-drama app; if the browser refuses sound without a gesture, start muted.
    video.play().catch((error: unknown) => {
      if (error instanceof DOMException && error.name === 'NotAllowedError') {
        video.muted = true;
        video.play().catch(() => setBuffering(false));
      }
    });
    return () => {
      video.removeEventListener('loadedmetadata', resume);
      detach();
    };
    // startAt is read once per source: a later progress refresh must not jump the video back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [src, videoRef]);

  useEffect(() => {
    const onFullscreenChange = () => setFullscreen(document.fullscreenElement === containerRef.current);
    document.addEventListener('fullscreenchange', onFullscreenChange);
    return () => document.removeEventListener('fullscreenchange', onFullscreenChange);
  }, []);

  const togglePlay = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused || video.ended) void video.play().catch(() => undefined);
    else video.pause();
  };

  const toggleMute = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.muted || video.volume === 0) {
      video.volume = volumeBeforeMute.current > 0 ? volumeBeforeMute.current : 1;
      video.muted = false;
    } else {
      volumeBeforeMute.current = video.volume;
      video.muted = true;
    }
  };

  const toggleFullscreen = () => {
    const container = containerRef.current;
    const video = videoRef.current as FullscreenVideo | null;
    if (document.fullscreenElement) {
      void document.exitFullscreen().catch(() => undefined);
    } else if (container?.requestFullscreen) {
      void container.requestFullscreen().catch(() => undefined);
    } else {
      // iOS Safari only lets the video element itself go full screen.
      video?.webkitEnterFullscreen?.();
    }
  };

  const seek = (seconds: number) => {
    const video = videoRef.current;
    if (video && Number.isFinite(seconds)) video.currentTime = seconds;
  };

  const onSurfaceClick = () => {
    if (controlsVisible && playing) {
      clearTimeout(hideTimer.current);
      setControlsVisible(false);
    } else revealControls();
  };

  // Keyboard: any key shows the controls; Space/K play or pause, M mutes, F toggles full screen.
  const shortcuts = useRef({ togglePlay, toggleMute, toggleFullscreen, revealControls });
  shortcuts.current = { togglePlay, toggleMute, toggleFullscreen, revealControls };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const actions = shortcuts.current;
      actions.revealControls();
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [role="dialog"]')) return;
      const key = event.key.toLowerCase();
      if (key === ' ' || key === 'k') {
        if (target?.closest('button, a')) return;
        event.preventDefault();
        actions.togglePlay();
      } else if (key === 'm') actions.toggleMute();
      else if (key === 'f') actions.toggleFullscreen();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const shown = controlsVisible || !playing;
  const fade = `transition-[opacity,visibility] duration-300 ${shown ? 'visible opacity-100' : 'invisible opacity-0'}`;

  return (
    <div
      ref={containerRef}
      className="relative mx-auto h-full w-full overflow-hidden bg-black md:aspect-[9/16] md:w-auto md:max-w-full"
      data-testid="player"
      data-controls={shown ? 'visible' : 'hidden'}
      onPointerMove={(event) => {
        if (event.pointerType === 'mouse') revealControls();
      }}
      onFocusCapture={revealControls}
    >
      <video
        ref={videoRef}
        className="absolute inset-0 size-full bg-black object-contain"
        poster={poster}
        playsInline
        preload="auto"
        aria-label={label}
        onPlay={() => {
          setPlaying(true);
          setEnded(false);
          scheduleHide();
        }}
        onPause={() => {
          setPlaying(false);
          setControlsVisible(true);
          clearTimeout(hideTimer.current);
        }}
        onEnded={() => setEnded(true)}
        onWaiting={() => setBuffering(true)}
        onPlaying={() => setBuffering(false)}
        onCanPlay={() => setBuffering(false)}
        onVolumeChange={(event) => setMuted(event.currentTarget.muted || event.currentTarget.volume === 0)}
        onLoadedMetadata={(event) => setTime({ current: 0, duration: event.currentTarget.duration })}
        onTimeUpdate={(event) =>
          setTime({ current: event.currentTarget.currentTime, duration: event.currentTarget.duration })
        }
      />

      {/* The whole surface is the tap target that shows and hides the controls (keys do the same for keyboards). */}
      <div className="absolute inset-0" aria-hidden onClick={onSurfaceClick} data-testid="player-surface" />

      {buffering && !ended && (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center" aria-hidden>
          <Spinner className="size-12 text-white/80" />
        </div>
      )}

      <div
        className={`pointer-events-none absolute inset-x-0 top-0 bg-gradient-to-b from-black/80 via-black/40 to-transparent pb-10 ${fade}`}
      >
        <div className="pointer-events-auto">{topBar}</div>
      </div>

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
            <Play className="ml-1 size-9 fill-current" aria-hidden />
          )}
        </button>
      </div>

      {ended && endScreen && (
        <div className="absolute inset-x-0 bottom-28 z-10 flex justify-center px-6">{endScreen}</div>
      )}

      <div
        className={`pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 via-black/50 to-transparent px-4 pt-12 pb-[max(1rem,env(safe-area-inset-bottom))] ${fade}`}
      >
        <div className="pointer-events-auto">
          <Scrubber
            current={time.current}
            duration={time.duration}
            onSeek={seek}
            label={t('player.seek')}
            valueText={t('player.timeOf', {
              current: formatDuration(time.current),
              duration: formatDuration(time.duration || 0),
            })}
          />
          <div className="mt-2 flex items-center gap-2">
            <span className="text-xs text-white/80 tabular-nums">
              {formatDuration(time.current)} / {formatDuration(time.duration || 0)}
            </span>
            <span className="flex-1" />
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
    </div>
  );
}

/** A thin progress line with a native range input on top (invisible, but it is what the finger and keys move). */
function Scrubber({
  current,
  duration,
  onSeek,
  label,
  valueText,
}: {
  current: number;
  duration: number;
  onSeek: (seconds: number) => void;
  label: string;
  valueText: string;
}) {
  const max = Number.isFinite(duration) && duration > 0 ? duration : 0;
  const percent = max > 0 ? Math.min(100, (current / max) * 100) : 0;
  return (
    <div className="group/scrub relative flex h-6 items-center">
      <div className="pointer-events-none h-1 w-full overflow-hidden rounded-full bg-white/25 transition-[height] group-hover/scrub:h-1.5">
        <div className="h-full rounded-full bg-rose-500" style={{ width: `${percent}%` }} />
      </div>
      <div
        className="pointer-events-none absolute top-1/2 size-3 -translate-x-1/2 -translate-y-1/2 rounded-full bg-white shadow ring-2 ring-rose-500 group-has-[:focus-visible]/scrub:ring-4"
        style={{ left: `${percent}%` }}
      />
      <input
        type="range"
        min={0}
        max={max}
        step={0.1}
        value={Math.min(current, max)}
        onChange={(event) => onSeek(Number(event.target.value))}
        aria-label={label}
        aria-valuetext={valueText}
        className="absolute inset-0 size-full cursor-pointer opacity-0"
      />
    </div>
  );
}
