import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { TIMINGS } from '#contract/constants.ts';

/** The controls hide 3 s after playback starts and come back on a tap, a mouse move or a key. */
export function useControlsVisibility(
  rootRef: RefObject<HTMLElement | null>,
  activeRef: RefObject<HTMLVideoElement | null>,
  overlayOpen: boolean,
) {
  const [controlsVisible, setControlsVisible] = useState(true);
  const hideTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const overlayOpenRef = useRef(overlayOpen);
  overlayOpenRef.current = overlayOpen;

  const scheduleHide = useCallback(() => {
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => {
      // Keep them for a keyboard user on one of them, and while a menu or sheet is open.
      const focused = document.activeElement;
      if (focused && rootRef.current?.contains(focused) && focused.matches(':focus-visible')) return;
      if (overlayOpenRef.current) return;
      if (activeRef.current && !activeRef.current.paused) setControlsVisible(false);
    }, TIMINGS.playerControlsHideMs);
  }, [rootRef, activeRef]);
  const revealControls = useCallback(() => {
    setControlsVisible(true);
    scheduleHide();
  }, [scheduleHide]);
  /** Shown and kept (the video paused). */
  const pinControls = useCallback(() => {
    setControlsVisible(true);
    clearTimeout(hideTimer.current);
  }, []);
  const hideControls = useCallback(() => {
    clearTimeout(hideTimer.current);
    setControlsVisible(false);
  }, []);
  useEffect(() => () => clearTimeout(hideTimer.current), []);
  return { controlsVisible, scheduleHide, revealControls, pinControls, hideControls };
}
