import { useCallback, useImperativeHandle, useState, type Ref } from 'react';
import type { Episode, Series } from '#contract/series.ts';
import { useAutoUnlock } from '#web/api/get-auto-unlock.ts';
import { balanceOf, useUser } from '#web/api/get-user.ts';
import { useUnlockEpisode } from '#web/api/unlock-episode.ts';
import { toast } from '#web/components/ui/toast.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { useUndoAutoUnlock } from '../api/undo-auto-unlock.ts';
import { AutoUnlockNotice, type AutoUnlocked } from './auto-unlock-notice.tsx';

export interface AutoUnlockHandle {
  /** Unlocks the episode the player moves on to when the balance covers it; false when the viewer must be asked. */
  tryUnlock(target: Episode): boolean;
}

export interface AutoUnlockerProps {
  ref: Ref<AutoUnlockHandle>;
  series: Series;
  /** The episode on screen. */
  episode: Episode;
  /** The episode was unlocked by the player: play it. */
  onUnlocked: (target: Episode) => void;
  /** The unlock was refused or undone: ask as a tap would (after going back to `fromId` for an undo). */
  onAsk: (episodeNumber: number, fromId?: number) => void;
  onUndone: (episodeNumber: number) => void;
}

/**
 * The player's auto-unlock, in a chunk of its own (only viewers who turned it on in their profile use it): the
 * next locked episode is unlocked as the player moves on to it, when the balance covers it, and "Unlocked episode
 * N for C coins" offers Undo for the 10 seconds the server accepts one.
 */
export default function AutoUnlocker({ ref, series, episode, onUnlocked, onAsk, onUndone }: AutoUnlockerProps) {
  const { t } = useTranslation('auto-unlock');
  const on = useAutoUnlock().data?.enabled === true;
  // Read only when it is on: reading the viewer gives a first visitor their viewer, which their first write should.
  const balance = balanceOf(useUser({ enabled: on }).data);
  const undo = useUndoAutoUnlock();
  const [autoUnlocked, setAutoUnlocked] = useState<(AutoUnlocked & { fromId: number }) | null>(null);
  const endUndoOffer = useCallback(() => setAutoUnlocked(null), []);
  const { mutate: unlockEpisode, isPending: unlockPending } = useUnlockEpisode();

  useImperativeHandle(
    ref,
    () => ({
      tryUnlock: (target) => {
        if (!on || balance < series.episodeCost || unlockPending) return false;
        const fromId = episode.id;
        unlockEpisode(
          { seriesId: series.id, episodeNumber: target.episodeNumber, auto: true },
          {
            onSuccess: (reply) => {
              if (reply.cost > 0) setAutoUnlocked({ episodeNumber: target.episodeNumber, cost: reply.cost, fromId });
              onUnlocked(target);
            },
            onError: () => onAsk(target.episodeNumber),
          },
        );
        return true;
      },
    }),
    [on, balance, series, unlockPending, episode.id, unlockEpisode, onUnlocked, onAsk],
  );

  const undoAutoUnlock = () => {
    if (!autoUnlocked) return;
    const { episodeNumber, fromId } = autoUnlocked;
    undo.mutate(
      { seriesId: series.id, episodeNumber },
      {
        onSuccess: () => {
          setAutoUnlocked(null);
          onUndone(episodeNumber);
          toast({ title: t('undone', { number: episodeNumber }) });
          // Back where the viewer was, with the episode's unlock prompt as before.
          onAsk(episodeNumber, fromId);
        },
        onError: (error) => {
          setAutoUnlocked(null);
          toast({
            title: t('undoFailed'),
            description: error instanceof ApiError ? error.serverMessage : undefined,
            variant: 'destructive',
          });
        },
      },
    );
  };

  if (!autoUnlocked || autoUnlocked.episodeNumber !== episode.episodeNumber) return null;
  return (
    <AutoUnlockNotice
      unlocked={autoUnlocked}
      undoing={undo.isPending}
      onUndo={undoAutoUnlock}
      onExpire={endUndoOffer}
    />
  );
}
