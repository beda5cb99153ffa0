import { useCallback, useLayoutEffect, useRef } from 'react';

const SLIDE_MS = 280;

/** The track of slides: placed at the episode on screen, following a finger while dragging. */
export function useFeedTrack(index: number) {
  const trackRef = useRef<HTMLDivElement>(null);
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
  return { trackRef, placeTrack };
}
