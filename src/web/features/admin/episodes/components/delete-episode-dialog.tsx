import { AlertDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import type { AdminEpisode } from '../../../../../contract/episodes.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { toast } from '../../../../components/ui/toast.tsx';
import { useDeleteEpisode } from '../../api/delete-episode.ts';
import { useAdminFailure } from '../../lib/admin-session.tsx';

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
    <AlertDialog.Root open={episode !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-white/10 bg-zinc-900 p-5 text-white shadow-2xl">
          <AlertDialog.Title className="text-lg font-bold">{t('episodes.deleteDialog.title')}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-zinc-300">
            {t('episodes.deleteDialog.message')}
          </AlertDialog.Description>
          {episode && (
            <p className="mt-3 truncate rounded-lg bg-white/5 px-3 py-2 text-sm font-medium">
              {t('episodes.numberedTitle', { number: episode.episodeNumber, title: episode.title })}
            </p>
          )}
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" className="rounded-lg" disabled={remove.isPending}>
                {t('episodes.deleteDialog.cancel')}
              </Button>
            </AlertDialog.Cancel>
            <Button variant="danger" className="rounded-lg" onClick={confirm} disabled={remove.isPending}>
              {remove.isPending && <Spinner className="size-4" />}
              {remove.isPending ? t('episodes.deleteDialog.deleting') : t('episodes.deleteDialog.confirm')}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
