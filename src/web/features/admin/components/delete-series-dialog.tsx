import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import type { Series } from '#contract/series.ts';
import { toast } from '#web/components/ui/toast.tsx';
import { useDeleteSeries } from '../api/delete-series.ts';
import { useAdminFailure } from '../lib/admin-session.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

export interface DeleteSeriesDialogProps {
  /** The series to delete; null keeps the dialog closed. */
  series: Series | null;
  onClose: () => void;
  onDeleted: (id: number) => void;
}

/** Deleting asks for confirmation first (an alert dialog: focus starts on Cancel). */
export function DeleteSeriesDialog({ series, onClose, onDeleted }: DeleteSeriesDialogProps) {
  const { t } = useTranslation('admin');
  const remove = useDeleteSeries();
  const fail = useAdminFailure();

  const confirm = () => {
    if (!series || remove.isPending) return;
    remove.mutate(series.id, {
      onSuccess: () => {
        toast({ title: t('content.deleted'), description: t('content.deletedMessage', { title: series.title }) });
        onDeleted(series.id);
        onClose();
      },
      onError: (error) => {
        onClose();
        fail(error, t('content.deleteFailed'));
      },
    });
  };

  return (
    <ConfirmDialog
      open={series !== null}
      onClose={onClose}
      title={t('deleteDialog.title')}
      message={t('deleteDialog.message')}
      subject={series?.title}
      cancelLabel={t('deleteDialog.cancel')}
      confirmLabel={t('deleteDialog.confirm')}
      pendingLabel={t('deleteDialog.deleting')}
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
