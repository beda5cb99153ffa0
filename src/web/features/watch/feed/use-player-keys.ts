import { useEffect, useRef, type RefObject } from 'react';
import type { FeedDirection } from './use-feed-gestures.ts';

const SEEK_STEP_SECONDS = 5;

export interface PlayerKeyActions {
  togglePlay: () => void;
  toggleMute: () => void;
  toggleFullscreen: () => void;
  revealControls: () => void;
  move: (direction: FeedDirection) => void;
  seekTo: (seconds: number) => void;
  /** Further single-letter keys (lower case) and what they do. */
  letters?: Record<string, () => void>;
}

/** The player's keyboard: space/k play, m mute, f full screen, ↑/↓ episodes, ←/→ seek 5 s. */
export function usePlayerKeys(activeRef: RefObject<HTMLVideoElement | null>, actions: PlayerKeyActions) {
  const keyActions = useRef(actions);
  keyActions.current = actions;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const actions = keyActions.current;
      actions.revealControls();
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [role="dialog"], [role="menu"]')) return;
      const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      const video = activeRef.current;
      switch (key) {
        case ' ':
        case 'k':
          if (target?.closest('button, a')) return;
          event.preventDefault();
          actions.togglePlay();
          break;
        case 'm':
          actions.toggleMute();
          break;
        case 'f':
          actions.toggleFullscreen();
          break;
        case 'ArrowDown':
        case 'ArrowUp':
          // On the speed button the arrows open its menu.
          if (target?.closest('[aria-haspopup="menu"]')) return;
          event.preventDefault();
          if (!event.repeat) actions.move(key === 'ArrowDown' ? 'next' : 'previous');
          break;
        case 'ArrowLeft':
        case 'ArrowRight':
          event.preventDefault();
          if (video)
            actions.seekTo(video.currentTime + (key === 'ArrowRight' ? SEEK_STEP_SECONDS : -SEEK_STEP_SECONDS));
          break;
        default:
          actions.letters?.[key]?.();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [activeRef]);
}
