import type { RefObject } from 'react';
import { usePlayerKeys, type PlayerKeyActions } from './use-player-keys.ts';

/** The player's keyboard, as a part of its own: no tap or first paint needs it, so its code comes just after. */
export default function PlayerKeys({
  activeRef,
  actions,
}: {
  activeRef: RefObject<HTMLVideoElement | null>;
  actions: PlayerKeyActions;
}) {
  usePlayerKeys(activeRef, actions);
  return null;
}
