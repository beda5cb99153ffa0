import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

type FullscreenVideo = HTMLVideoElement & { webkitEnterFullscreen?: () => void };

export interface PlaybackAnnouncements {
  playing: () => void;
  paused: () => void;
  muted: () => void;
  soundOn: () => void;
  speed: (rate: number) => void;
}

/**
 * What the viewer does to the video on screen (play, sound, speed, seek, full screen), kept across the
 * feed's elements: the speed, the volume and the viewer's own mute carry over to the next episode.
 */
export function usePlayback(
  activeRef: RefObject<HTMLVideoElement | null>,
  volumeRef: RefObject<number>,
  announce: PlaybackAnnouncements,
) {
  const [rate, setRate] = useState(1);
  const [soundBlocked, setSoundBlocked] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const rateRef = useRef(1);
  const volumeBeforeMute = useRef(1);
  /** The viewer's own choice; a muted start forced by the browser does not count. */
  const userMutedRef = useRef(false);

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

  const prepareToPlay = useCallback(
    (video: HTMLVideoElement) => {
      video.defaultPlaybackRate = rateRef.current;
      video.playbackRate = rateRef.current;
      video.volume = volumeRef.current;
      // A video already running muted (the boot script's, refused sound) stays muted: unmuting it without a
      // gesture would make the browser pause it. Others try with sound when they start.
      if (video.paused) video.muted = userMutedRef.current;
      else if (video.muted && !userMutedRef.current) setSoundBlocked(true);
      // Back to an episode that had ended: it starts over (else it would end again at once).
      if (video.ended || (video.duration > 0 && video.currentTime >= video.duration - 0.25)) video.currentTime = 0;
    },
    [volumeRef],
  );

  const togglePlay = () => {
    const video = activeRef.current;
    if (!video) return;
    if (video.paused || video.ended) {
      startPlayback(video);
      announce.playing();
    } else {
      video.pause();
      announce.paused();
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
      announce.soundOn();
    } else {
      volumeBeforeMute.current = video.volume;
      video.muted = true;
      userMutedRef.current = true;
      announce.muted();
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
    announce.soundOn();
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
    announce.speed(value);
  };

  const seekTo = (seconds: number) => {
    const video = activeRef.current;
    if (!video || !Number.isFinite(seconds)) return;
    const end = Number.isFinite(video.duration) ? video.duration : seconds;
    video.currentTime = Math.max(0, Math.min(seconds, end));
  };

  return {
    rate,
    soundBlocked,
    fullscreen,
    startPlayback,
    prepareToPlay,
    togglePlay,
    toggleMute,
    enableSound,
    toggleFullscreen,
    changeRate,
    seekTo,
  };
}
