import { useState } from 'react';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import type { Series } from '#contract/series.ts';
import { balanceOf, useUser } from '../../api/get-user.ts';
import { useUnlockEpisode } from '../../api/unlock-episode.ts';
import { toast } from '../ui/toast.tsx';
import { TopUpDialog } from './top-up-dialog.tsx';
import { UnlockDialog } from './unlock-dialog.tsx';

export interface EpisodeUnlockProps {
  series: Pick<Series, 'id' | 'title' | 'episodeCost'>;
  /** The locked episode; null keeps everything closed. */
  episodeNumber: number | null;
  onClose: () => void;
  onUnlocked: (episodeNumber: number) => void;
}

/**
 * The whole unlock flow for one locked episode: the unlock dialog (Unlock enabled only when the balance
 * covers the cost), its success and failure toasts, and Top Up when coins are short, after which the unlock
 * dialog comes back for the same episode.
 */
export function EpisodeUnlock({ series, episodeNumber, onClose, onUnlocked }: EpisodeUnlockProps) {
  const { t } = useTranslation('series');
  const user = useUser();
  const unlock = useUnlockEpisode();
  const [toppingUp, setToppingUp] = useState(false);

  const confirm = () => {
    if (episodeNumber === null) return;
    unlock.mutate(
      { seriesId: series.id, episodeNumber },
      {
        onSuccess: () => {
          toast({
            title: t('toast.unlockedTitle'),
            description: t('toast.unlockedDescription', { number: episodeNumber }),
          });
          onUnlocked(episodeNumber);
        },
        onError: () =>
          toast({
            title: t('toast.unlockFailedTitle'),
            description: t('toast.unlockFailedDescription'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <>
      {episodeNumber !== null && (
        <UnlockDialog
          open={!toppingUp}
          onOpenChange={(open) => {
            if (!open) onClose();
          }}
          seriesTitle={series.title}
          episodeNumber={episodeNumber}
          cost={series.episodeCost}
          balance={user.data ? balanceOf(user.data) : undefined}
          pending={unlock.isPending}
          onUnlock={confirm}
          onTopUp={() => setToppingUp(true)}
        />
      )}
      <TopUpDialog open={toppingUp && episodeNumber !== null} onOpenChange={(open) => setToppingUp(open)} />
    </>
  );
}
