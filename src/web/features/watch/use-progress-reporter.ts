import { useEffect, useRef, type RefObject } from 'react';
import { TIMINGS } from '#contract/constants.ts';
import { useRecordProgress, type ProgressReport } from './api/record-progress.ts';

/**
 * Reports where the viewer is in an episode: at most every 5 s while playing, and on pause, on end and when
 * the page is hidden or left; not on every timeupdate (docs/decisions/005-progress-reporting.md).
 */
export function useProgressReporter(
  videoRef: RefObject<HTMLVideoElement | null>,
  episode: { seriesId: number; episodeId: number } | null,
) {
  const record = useRecordProgress();
  const recordRef = useRef(record);
  recordRef.current = record;
  const seriesId = episode?.seriesId;
  const episodeId = episode?.episodeId;

  useEffect(() => {
    const video = videoRef.current;
    if (!video || seriesId === undefined || episodeId === undefined) return;
    let lastSentAt = Date.now();
    let lastSent = '';
    // Read from the events, not from the element at send time: when the episode changes or the page is left,
    // the player may already have dropped its source (and with it the position) before this effect cleans up.
    const latest = { position: 0, duration: 0, ended: false };
    const observe = () => {
      if (video.currentTime > 0) latest.position = video.currentTime;
      if (Number.isFinite(video.duration) && video.duration > 0) latest.duration = video.duration;
      latest.ended = video.ended;
    };

    const send = (ended = latest.ended) => {
      const { duration } = latest;
      if (duration <= 0) return;
      const position = ended ? duration : Math.min(latest.position, duration);
      if (position <= 0) return;
      const report: ProgressReport = {
        seriesId,
        episodeId,
        progress: ended ? 100 : (position / duration) * 100,
        positionSeconds: position,
      };
      const fingerprint = `${Math.round(report.progress)}:${report.positionSeconds.toFixed(1)}`;
      if (fingerprint === lastSent) return;
      lastSent = fingerprint;
      lastSentAt = Date.now();
      void recordRef.current(report);
    };

    const onTimeUpdate = () => {
      observe();
      if (!video.paused && Date.now() - lastSentAt >= TIMINGS.progressReportIntervalMs) send();
    };
    const onPause = () => {
      observe();
      if (!video.ended) send();
    };
    const onEnded = () => {
      observe();
      send(true);
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') send();
    };
    const onPageHide = () => send();

    video.addEventListener('timeupdate', onTimeUpdate);
    video.addEventListener('pause', onPause);
    video.addEventListener('ended', onEnded);
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      video.removeEventListener('timeupdate', onTimeUpdate);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('ended', onEnded);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pagehide', onPageHide);
      // Leaving inside the app (back button, next episode): the last position still counts.
      send();
    };
  }, [videoRef, seriesId, episodeId]);
}
