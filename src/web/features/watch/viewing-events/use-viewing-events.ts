import { useCallback, useEffect, useRef } from 'react';
import { queueViewingEvent, sendViewingEventsSoon } from '#web/lib/viewing-events.ts';
import { FIRST_FRAME_MARK } from './first-frame-mark.ts';

const MILESTONES = [25, 50, 75] as const;
/** A jump further than this between two time updates is a seek, not watching. */
const MAX_WATCH_STEP_S = 2;

export interface ViewedEpisode {
  video: HTMLVideoElement;
  seriesId: number;
  episodeNumber: number;
}

/** A cold visit's start-up runs from the navigation; later ones from the swipe or tap that asked for the episode. */
function startupOf(askedAt: number | null): number | null {
  if (askedAt !== null) return performance.now() - askedAt;
  const mark = performance.getEntriesByName(FIRST_FRAME_MARK)[0];
  return mark ? mark.startTime : null;
}

/**
 * Records what the viewer does with the episode on screen, for the operators' Insights: the play start with
 * its measured start-up time, 25/50/75/100 % and leaving before the end (the unlock dialog records the paywall itself).
 * Events only join a queue (lib/viewing-events.ts), so nothing here waits on the network or touches playback.
 */
export function useViewingEvents(episode: ViewedEpisode | null) {
  /** When the viewer asked for the next episode (swipe, key, end of the last one); null on a cold visit. */
  const intentAt = useRef<number | null>(null);
  const leaveReason = useRef<'swipe' | 'back'>('back');
  const coldStartUsed = useRef(false);

  const video = episode?.video;
  const seriesId = episode?.seriesId;
  const episodeNumber = episode?.episodeNumber;
  useEffect(() => {
    if (!video || seriesId === undefined || episodeNumber === undefined) return;
    const on = { seriesId, episodeNumber };
    // Only the first episode of a visit can be a cold start; later ones are timed from when they were asked for.
    const askedAt = intentAt.current ?? (coldStartUsed.current ? performance.now() : null);
    intentAt.current = null;
    coldStartUsed.current = true;
    let started = false;
    let reached = 0;
    let watchedMs = 0;
    let lastTime = video.currentTime;
    let percent = 0;
    /** A leave was recorded; playing again (back to the page) makes the next one count. */
    let gone = false;
    const takeWatched = () => {
      const taken = Math.round(watchedMs);
      watchedMs = 0;
      return Math.min(taken, 3_600_000);
    };

    const playStarted = (startupMs: number | null) => {
      if (started) return;
      started = true;
      queueViewingEvent({ ...on, kind: 'play_start', startupMs: Math.max(0, Math.round(startupMs ?? 0)) });
    };
    const onPlaying = () => {
      gone = false;
      playStarted(startupOf(askedAt));
    };
    const onTimeUpdate = () => {
      const step = video.currentTime - lastTime;
      lastTime = video.currentTime;
      if (!video.paused && step > 0 && step < MAX_WATCH_STEP_S) watchedMs += step * 1000;
      if (!(video.duration > 0)) return;
      percent = Math.min(99, Math.floor((video.currentTime / video.duration) * 100));
      for (const milestone of MILESTONES) {
        if (percent >= milestone && reached < milestone) {
          reached = milestone;
          queueViewingEvent({ ...on, kind: 'progress', percent: milestone, watchedMs: takeWatched() });
        }
      }
    };
    const onEnded = () => {
      if (reached === 100) return;
      reached = 100;
      queueViewingEvent({ ...on, kind: 'progress', percent: 100, watchedMs: takeWatched() });
      sendViewingEventsSoon();
    };
    const left = (reason: 'swipe' | 'back' | 'hidden') => {
      if (!started || reached === 100 || gone) return;
      gone = true;
      queueViewingEvent({ ...on, kind: 'leave', percent, reason, watchedMs: takeWatched() });
    };
    const onHidden = () => {
      // The beacon of the queue goes on the same visibilitychange; this leave joins it (it is queued first).
      if (document.visibilityState === 'hidden') left('hidden');
    };

    // Already playing: the early-start script showed its first frame before the app was here.
    if (!video.paused && video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) playStarted(startupOf(askedAt));
    video.addEventListener('playing', onPlaying);
    video.addEventListener('timeupdate', onTimeUpdate);
    video.addEventListener('ended', onEnded);
    document.addEventListener('visibilitychange', onHidden, true);
    window.addEventListener('pagehide', onHidden, true);
    return () => {
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('timeupdate', onTimeUpdate);
      video.removeEventListener('ended', onEnded);
      document.removeEventListener('visibilitychange', onHidden, true);
      window.removeEventListener('pagehide', onHidden, true);
      if (document.visibilityState !== 'hidden') left(leaveReason.current);
      leaveReason.current = 'back';
      sendViewingEventsSoon();
    };
  }, [video, seriesId, episodeNumber]);

  /** Call when the viewer moves to another episode of the feed: it times that one's start-up from now. */
  const movedOn = useCallback(() => {
    intentAt.current = performance.now();
    leaveReason.current = 'swipe';
  }, []);
  return movedOn;
}
