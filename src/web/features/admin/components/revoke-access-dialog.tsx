import { useState } from 'react';
import { UserX } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useRevokeAllAccess } from '../api/revoke-all-access.ts';
import { useAdminFailure } from '../lib/admin-session.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

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
          description: t('access.doneMessage', { count: revokedSessions }),
        });
      },
      onError: (error) => {
        setOpen(false);
        fail(error, t('access.failed'));
      },
    });

  return (
    <ConfirmDialog
      open={open}
      onClose={() => setOpen(false)}
      title={t('access.title')}
      message={t('access.description')}
      cancelLabel={t('access.cancel')}
      confirmLabel={t('access.confirm')}
      pending={revoke.isPending}
      onConfirm={confirm}
      trigger={
        <Button size="sm" variant="secondary" className="flex-1 rounded-lg sm:flex-none" onClick={() => setOpen(true)}>
          <UserX className="size-4" aria-hidden />
          {t('access.revoke')}
        </Button>
      }
    />
  );
}
