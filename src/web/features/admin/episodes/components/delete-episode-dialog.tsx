import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import type { AdminEpisode } from '#contract/episodes.ts';
import { toast } from '#web/components/ui/toast.tsx';
import { useDeleteEpisode } from '../../api/delete-episode.ts';
import { useAdminFailure } from '../../lib/admin-session.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';

export interface DeleteEpisodeDialogProps {
  /** The episode to delete; null keeps the dialog closed. */
  episode: AdminEpisode | null;
  onClose: () => void;
  /** After the episode is gone (its row, and the button that opened this, no longer exist). */
  onDeleted: () => void;
}

/** Deleting asks first, in an alert dialog whose focus starts on Cancel. */
export function DeleteEpisodeDialog({ episode, onClose, onDeleted }: DeleteEpisodeDialogProps) {
  const { t } = useTranslation('admin');
  const remove = useDeleteEpisode();
  const fail = useAdminFailure();

  const confirm = () => {
    if (!episode || remove.isPending) return;
    remove.mutate(episode, {
      onSuccess: () => {
        toast({
          title: t('episodes.deleted'),
          description: t('episodes.deletedMessage', { number: episode.episodeNumber, title: episode.title }),
        });
        onClose();
        onDeleted();
      },
      onError: (error) => {
        onClose();
        fail(error, t('episodes.deleteFailed'));
      },
    });
  };

  return (
    <ConfirmDialog
      open={episode !== null}
      onClose={onClose}
      title={t('episodes.deleteDialog.title')}
      message={t('episodes.deleteDialog.message')}
      subject={episode && t('episodes.numberedTitle', { number: episode.episodeNumber, title: episode.title })}
      cancelLabel={t('episodes.deleteDialog.cancel')}
      confirmLabel={t('episodes.deleteDialog.confirm')}
      pendingLabel={t('episodes.deleteDialog.deleting')}
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
