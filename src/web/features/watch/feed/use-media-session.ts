import { useEffect, useRef } from 'react';
import { posterOf } from '#contract/catalogue-display.ts';
import type { Episode, Series } from '#contract/series.ts';
import type { FeedDirection } from './use-feed-gestures.ts';

export interface MediaSessionControls {
  togglePlay: () => void;
  /** Moves through the feed as a swipe does: a locked episode asks to be unlocked instead of playing. */
  move: (direction: FeedDirection) => void;
  hasNext: boolean;
  hasPrevious: boolean;
}

/** The lock screen's and the headphones' picture of what plays: the series, the episode, its artwork. */
export function mediaMetadataOf(series: Series, episodeLine: string): MediaMetadataInit {
  const artwork = [...new Set([posterOf(series), series.thumbnailUrl])]
    .filter(Boolean)
    .map((src) => ({ src: new URL(src, window.location.href).href }));
  return { title: series.title, artist: episodeLine, album: 'Cliffhanger', artwork };
}

/**
 * The Media Session API for the playing episode: the series' title, "Episode N of M" and its poster on the
 * lock screen, and play, pause, previous and next episode from it and from headphones (docs/pwa.md).
 */
export function useMediaSession(
  series: Series,
  episode: Episode,
  episodeLine: string,
  video: HTMLVideoElement | null,
  controls: MediaSessionControls,
) {
  const latest = useRef(controls);
  latest.current = controls;
  const supported = typeof navigator !== 'undefined' && 'mediaSession' in navigator;

  useEffect(() => {
    if (!supported) return;
    navigator.mediaSession.metadata = new MediaMetadata(mediaMetadataOf(series, episodeLine));
  }, [supported, series, episode.id, episodeLine]);

  const { hasNext, hasPrevious } = controls;
  useEffect(() => {
    if (!supported) return;
    const handlers: [MediaSessionAction, MediaSessionActionHandler | null][] = [
      ['play', () => video?.paused && latest.current.togglePlay()],
      ['pause', () => video && !video.paused && latest.current.togglePlay()],
      // Without a neighbour the lock screen shows no button for it.
      ['previoustrack', hasPrevious ? () => latest.current.move('previous') : null],
      ['nexttrack', hasNext ? () => latest.current.move('next') : null],
      [
        'seekto',
        (details) => {
          if (video && details.seekTime !== undefined) video.currentTime = details.seekTime;
        },
      ],
    ];
    for (const [action, handler] of handlers) setHandler(action, handler);
    return () => handlers.forEach(([action]) => setHandler(action, null));
  }, [supported, video, hasNext, hasPrevious]);

  useEffect(() => {
    if (!supported || !video) return;
    const session = navigator.mediaSession;
    const showPosition = () => {
      session.playbackState = video.paused ? 'paused' : 'playing';
      if (!Number.isFinite(video.duration) || video.duration <= 0) return;
      session.setPositionState?.({
        duration: video.duration,
        playbackRate: video.playbackRate || 1,
        position: Math.min(video.currentTime, video.duration),
      });
    };
    const events = ['loadedmetadata', 'play', 'pause', 'seeked', 'ratechange', 'durationchange'];
    events.forEach((name) => video.addEventListener(name, showPosition));
    showPosition();
    return () => events.forEach((name) => video.removeEventListener(name, showPosition));
  }, [supported, video]);

  useEffect(
    () => () => {
      if (supported) navigator.mediaSession.metadata = null;
    },
    [supported],
  );
}

/** Browsers throw for an action they do not know (Firefox: seekto on old versions). */
function setHandler(action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
  try {
    navigator.mediaSession.setActionHandler(action, handler);
  } catch {
    // Not offered by this browser.
  }
}
