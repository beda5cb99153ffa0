import { useEffect, useState } from 'react';

/**
 * The element's position and length, read from its events. Only what shows them (the control bar) uses it,
 * so that a playing episode renders that bar again a few times a second, not the whole feed.
 */
export function usePlaybackTime(video: HTMLVideoElement | null) {
  const [time, setTime] = useState({ current: 0, duration: 0 });
  useEffect(() => {
    if (!video) return;
    const readTime = () => setTime({ current: video.currentTime, duration: video.duration || 0 });
    readTime();
    const events = ['timeupdate', 'durationchange', 'loadedmetadata', 'seeked'];
    for (const name of events) video.addEventListener(name, readTime);
    return () => {
      for (const name of events) video.removeEventListener(name, readTime);
    };
  }, [video]);
  return time;
}
