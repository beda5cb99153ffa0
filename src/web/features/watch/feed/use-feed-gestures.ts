import { useEffect, useRef, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import { TIMINGS } from '#contract/constants.ts';

export type FeedDirection = 'next' | 'previous';

export interface FeedGestureHandlers {
  /** Follow the finger: the feed is pulled by `offsetPx` (negative: up, towards the next episode). */
  onDrag: (offsetPx: number) => void;
  /** The drag ended without moving: the feed springs back. */
  onCancel: () => void;
  onMove: (direction: FeedDirection) => void;
  /** Whether there is an episode in that direction at all (pulling towards none only stretches a little). */
  canMove: (direction: FeedDirection) => boolean;
}

/** A drag shorter than this is a tap (it shows or hides the controls). */
const TAP_SLOP_PX = 10;
/** A quick flick moves on even when it is shorter than the swipe threshold. */
const FLICK_PX_PER_MS = 0.5;
/** One wheel gesture (a notch or a trackpad swipe, with its inertia) moves one episode. */
const WHEEL_QUIET_MS = 250;

/**
 * Vertical feed gestures: a drag (touch, pen or mouse) of more than the 50 px swipe threshold, or a flick,
 * moves to the next (up) or previous (down) episode; the wheel does the same on a desktop.
 * Returns the pointer handlers for the surface and `wasDrag()`, true right after a drag (so its click is not a tap).
 */
export function useFeedGestures(rootRef: RefObject<HTMLElement | null>, handlers: FeedGestureHandlers) {
  const latest = useRef(handlers);
  latest.current = handlers;
  const drag = useRef<{ id: number; x: number; y: number; at: number; dragging: boolean } | null>(null);
  const justDragged = useRef(false);

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    let sum = 0;
    let lastWheelAt = 0;
    let moved = false;
    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey || Math.abs(event.deltaY) < Math.abs(event.deltaX)) return;
      const now = event.timeStamp;
      // A pause between wheel events ends the gesture; the next one may move again.
      if (now - lastWheelAt > WHEEL_QUIET_MS) {
        sum = 0;
        moved = false;
      }
      lastWheelAt = now;
      if (moved) return;
      sum += event.deltaMode === WheelEvent.DOM_DELTA_LINE ? event.deltaY * 16 : event.deltaY;
      if (Math.abs(sum) < TIMINGS.swipeThresholdPx) return;
      const direction: FeedDirection = sum > 0 ? 'next' : 'previous';
      moved = true;
      if (latest.current.canMove(direction)) latest.current.onMove(direction);
    };
    root.addEventListener('wheel', onWheel, { passive: true });
    return () => root.removeEventListener('wheel', onWheel);
  }, [rootRef]);

  const onPointerDown = (event: ReactPointerEvent<HTMLElement>) => {
    if (!event.isPrimary || (event.pointerType === 'mouse' && event.button !== 0)) return;
    drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY, at: event.timeStamp, dragging: false };
    justDragged.current = false;
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLElement>) => {
    const state = drag.current;
    if (!state || state.id !== event.pointerId) return;
    const dy = event.clientY - state.y;
    const dx = event.clientX - state.x;
    if (!state.dragging) {
      if (Math.abs(dy) < TAP_SLOP_PX || Math.abs(dy) < Math.abs(dx)) return;
      state.dragging = true;
      event.currentTarget.setPointerCapture?.(event.pointerId);
    }
    const direction: FeedDirection = dy < 0 ? 'next' : 'previous';
    // Past the first or last episode the feed only stretches a little.
    latest.current.onDrag(latest.current.canMove(direction) ? dy : dy / 4);
  };

  const finish = (event: ReactPointerEvent<HTMLElement>, cancelled: boolean) => {
    const state = drag.current;
    if (!state || state.id !== event.pointerId) return;
    drag.current = null;
    if (!state.dragging) return;
    justDragged.current = true;
    const dy = event.clientY - state.y;
    const velocity = dy / Math.max(1, event.timeStamp - state.at);
    const direction: FeedDirection = dy < 0 ? 'next' : 'previous';
    const far = Math.abs(dy) > TIMINGS.swipeThresholdPx || Math.abs(velocity) > FLICK_PX_PER_MS;
    if (!cancelled && far && latest.current.canMove(direction)) latest.current.onMove(direction);
    else latest.current.onCancel();
  };

  return {
    surfaceHandlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: (event: ReactPointerEvent<HTMLElement>) => finish(event, false),
      onPointerCancel: (event: ReactPointerEvent<HTMLElement>) => finish(event, true),
    },
    /** True once for the click that follows a drag. */
    consumeDrag: () => {
      const was = justDragged.current;
      justDragged.current = false;
      return was;
    },
  };
}
