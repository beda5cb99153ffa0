import { Link } from 'wouter';
import { ArrowLeft, LogOut, Plus } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useLogOutAdmin } from '../api/log-out-admin.ts';
import { useAdminFailure } from '../lib/admin-session.tsx';
import { PasskeysDialog } from './passkeys-dialog.tsx';
import { RevokeAccessDialog } from './revoke-access-dialog.tsx';
import { useCan, useOperator } from '../lib/operator.tsx';

export function DashboardHeader({ onAddSeries }: { onAddSeries: () => void }) {
  const { t } = useTranslation(['admin', 'team']);
  const operator = useOperator();
  const canEdit = useCan('edit');
  const canRevoke = useCan('revokeViewerAccess');
  const logOut = useLogOutAdmin();
  const fail = useAdminFailure();

  const logOutNow = () =>
    logOut.mutate(undefined, {
      onSuccess: () => toast({ title: t('login.loggedOutTitle'), description: t('login.loggedOutMessage') }),
      onError: (error) => fail(error, t('login.logoutFailed')),
    });

  return (
    <header className="border-b border-white/10 bg-ink-950/90 backdrop-blur md:sticky md:top-0 md:z-30">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-3 px-4 py-3 lg:px-8">
        <div className="flex min-w-0 flex-1 basis-full items-center gap-3 sm:basis-0">
          <Link
            href="~/"
            aria-label={t('header.back')}
            title={t('header.back')}
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-zinc-300 hover:bg-white/10 hover:text-white"
          >
            <ArrowLeft className="size-5 rtl:-scale-x-100" aria-hidden />
          </Link>
          <div className="min-w-0">
            <h1 className="truncate text-lg font-bold leading-tight tracking-tight">{t('header.title')}</h1>
            <p className="truncate text-xs text-zinc-400">{t('header.subtitle')}</p>
            {operator && (
              <p className="truncate text-xs font-medium text-zinc-300" data-testid="signed-in-operator">
                {t('team:signedInAs', { name: operator.name, role: t(`team:roles.${operator.role}`) })}
              </p>
            )}
          </div>
        </div>
        <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
          {canEdit && (
            <Button size="sm" className="flex-1 rounded-lg sm:flex-none" onClick={onAddSeries}>
              <Plus className="size-4" aria-hidden />
              {t('header.addSeries')}
            </Button>
          )}
          {canRevoke && <RevokeAccessDialog />}
          <PasskeysDialog />
          <Button
            size="sm"
            variant="secondary"
            className="flex-1 rounded-lg sm:flex-none"
            onClick={logOutNow}
            disabled={logOut.isPending}
          >
            {logOut.isPending ? (
              <Spinner className="size-4" />
            ) : (
              <LogOut className="size-4 rtl:-scale-x-100" aria-hidden />
            )}
            {t('header.logout')}
          </Button>
        </div>
      </div>
    </header>
  );
}
