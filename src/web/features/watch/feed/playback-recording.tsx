import { useEffect, type RefObject } from 'react';
import { useProgressReporter } from '../use-progress-reporter.ts';
import { useViewingEvents } from '../viewing-events/use-viewing-events.ts';

export interface PlaybackRecordingProps {
  videoRef: RefObject<HTMLVideoElement | null>;
  /** The episode on screen, once its video is the feed's; null before. */
  onScreen: { video: HTMLVideoElement; seriesId: number; episodeId: number; episodeNumber: number } | null;
  /** Given the call that notes a move to another episode (whose start-up is then timed from the move). */
  movedOnRef: RefObject<(() => void) | null>;
}

/**
 * What the player records of the episode on screen: the viewer's place in it (progress) and the operators'
 * viewing events. Nothing here shows or plays the episode, so its code comes just after the player's
 * (both start from what the video already did: a first frame, a position).
 */
export default function PlaybackRecording({ videoRef, onScreen, movedOnRef }: PlaybackRecordingProps) {
  useProgressReporter(videoRef, onScreen && { seriesId: onScreen.seriesId, episodeId: onScreen.episodeId });
  const movedOn = useViewingEvents(
    onScreen && { video: onScreen.video, seriesId: onScreen.seriesId, episodeNumber: onScreen.episodeNumber },
  );
  useEffect(() => {
    movedOnRef.current = movedOn;
    return () => {
      movedOnRef.current = null;
    };
  }, [movedOn, movedOnRef]);
  return null;
}
