import { useEffect, useRef, useState, type RefObject } from 'react';

export interface PlayerElementEvents {
  onPlay: () => void;
  onPause: () => void;
  onEnded: () => void;
}

/** What the element on screen is doing (playing, ended, muted, buffering), read from its events (its time: use-playback-time.ts). */
/** `volumeRef` keeps the last audible volume, which unmuting and the next episode restore. */
export function usePlayerElement(
  video: HTMLVideoElement | null,
  volumeRef: RefObject<number>,
  events: PlayerElementEvents,
) {
  const [playing, setPlaying] = useState(false);
  const [ended, setEnded] = useState(false);
  const [muted, setMuted] = useState(false);
  const [buffering, setBuffering] = useState(true);
  const latest = useRef(events);
  latest.current = events;

  useEffect(() => {
    if (!video) return;
    const readVolume = () => {
      setMuted(video.muted || video.volume === 0);
      if (video.volume > 0) volumeRef.current = video.volume;
    };
    const onPlay = () => {
      setPlaying(true);
      setEnded(false);
      latest.current.onPlay();
    };
    const onPause = () => {
      setPlaying(false);
      latest.current.onPause();
    };
    const onEnd = () => {
      setEnded(true);
      latest.current.onEnded();
    };
    const onWaiting = () => setBuffering(true);
    const onReady = () => setBuffering(false);
    setPlaying(!video.paused);
    if (!video.paused) latest.current.onPlay();
    setEnded(video.ended);
    setBuffering(video.readyState < HTMLMediaElement.HAVE_FUTURE_DATA);
    readVolume();
    const listeners: [string, () => void][] = [
      ['play', onPlay],
      ['pause', onPause],
      ['ended', onEnd],
      ['waiting', onWaiting],
      ['playing', onReady],
      ['canplay', onReady],
      ['volumechange', readVolume],
    ];
    for (const [name, listener] of listeners) video.addEventListener(name, listener);
    return () => {
      for (const [name, listener] of listeners) video.removeEventListener(name, listener);
    };
  }, [video, volumeRef]);

  return { playing, ended, muted, buffering };
}
