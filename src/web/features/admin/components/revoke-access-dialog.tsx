import { useState } from 'react';
import { AlertDialog } from 'radix-ui';
import { UserX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useRevokeAllAccess } from '../api/revoke-all-access.ts';
import { useAdminFailure } from '../lib/admin-session.tsx';

/** Ends every viewer's access session at once (after a code leaked, say); asks first, like every destructive act. */
export function RevokeAccessDialog() {
  const { t } = useTranslation('admin');
  const revoke = useRevokeAllAccess();
  const fail = useAdminFailure();
  const [open, setOpen] = useState(false);

  const confirm = () =>
    revoke.mutate(undefined, {
      onSuccess: ({ revokedSessions }) => {
        setOpen(false);
        toast({
          title: t('access.doneTitle'),
          description: t('access.doneMessage', { count: formatNumber(revokedSessions) }),
        });
      },
      onError: (error) => {
        setOpen(false);
        fail(error, t('access.failed'));
      },
    });

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !revoke.isPending && setOpen(next)}>
      <AlertDialog.Trigger asChild>
        <Button size="sm" variant="secondary" className="flex-1 rounded-lg sm:flex-none">
          <UserX className="size-4" aria-hidden />
          {t('access.revoke')}
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-white/10 bg-zinc-900 p-5 text-white shadow-2xl">
          <AlertDialog.Title className="text-lg font-bold">{t('access.title')}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-zinc-300">
            {t('access.description')}
          </AlertDialog.Description>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" className="rounded-lg" disabled={revoke.isPending}>
                {t('access.cancel')}
              </Button>
            </AlertDialog.Cancel>
            <Button variant="danger" className="rounded-lg" onClick={confirm} disabled={revoke.isPending}>
              {revoke.isPending && <Spinner className="size-4" />}
              {t('access.confirm')}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
