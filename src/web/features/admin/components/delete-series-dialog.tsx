import { useRef } from 'react';
import { AlertDialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import type { Series } from '../../../../contract/series.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useDeleteSeries } from '../api/delete-series.ts';
import { useAdminFailure } from '../lib/admin-session.tsx';

export interface DeleteSeriesDialogProps {
  /** The series to delete; null keeps the dialog closed. */
  series: Series | null;
  onClose: () => void;
  onDeleted: (id: number) => void;
}

/** SPEC §5: deleting asks for confirmation first (an alert dialog: focus starts on Cancel). */
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

  // The row's Delete button opened this without an AlertDialog.Trigger: give the focus back to it on close.
  const opener = useRef<HTMLElement | null>(null);

  return (
    <AlertDialog.Root open={series !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-white/10 bg-zinc-900 p-5 text-white shadow-2xl"
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            opener.current = null;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <AlertDialog.Title className="text-lg font-bold">{t('deleteDialog.title')}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-zinc-300">
            {t('deleteDialog.message')}
          </AlertDialog.Description>
          {series && (
            <p className="mt-3 truncate rounded-lg bg-white/5 px-3 py-2 text-sm font-medium">{series.title}</p>
          )}
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" className="rounded-lg" disabled={remove.isPending}>
                {t('deleteDialog.cancel')}
              </Button>
            </AlertDialog.Cancel>
            <Button variant="danger" className="rounded-lg" onClick={confirm} disabled={remove.isPending}>
              {remove.isPending && <Spinner className="size-4" />}
              {remove.isPending ? t('deleteDialog.deleting') : t('deleteDialog.confirm')}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
