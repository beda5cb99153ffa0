import { useState } from 'react';
import { Download, FileLock2 } from 'lucide-react';
import { MY_DATA_URL, useDeleteAccount } from '../api/my-data.ts';
import { useUser } from '#web/api/get-user.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { formatNumber } from '#web/lib/format.ts';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';

/** A signed-in account's own data: a copy to take away, or the account deleted (after saying what is lost). */
export function YourData() {
  const { t } = useTranslation('profile');
  const [confirming, setConfirming] = useState(false);
  const user = useUser().data;
  const remove = useDeleteAccount();

  const deleteAccount = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: t('data.deleted') });
      },
      onError: (error) =>
        toast({
          title: t('data.failed'),
          description: error instanceof ApiError ? error.serverMessage : undefined,
          variant: 'destructive',
        }),
    });

  return (
    <section aria-labelledby="data-heading" className="rounded-2xl bg-white/[0.04] p-4 ring-1 ring-white/5">
      <div className="flex items-center gap-3">
        <FileLock2 className="size-5 text-zinc-300" aria-hidden />
        <h2 id="data-heading" className="flex-1 font-semibold">
          {t('data.title')}
        </h2>
      </div>
      <p className="mt-2 text-sm text-zinc-400">{t('data.hint')}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a
          href={MY_DATA_URL}
          download
          className="inline-flex h-10 items-center gap-2 rounded-full bg-white/10 px-4 text-sm font-semibold text-white hover:bg-white/15"
        >
          <Download className="size-4" aria-hidden />
          {t('data.download')}
        </a>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {t('data.delete')}
        </Button>
      </div>
      <Dialog
        open={confirming}
        onOpenChange={(open) => !remove.isPending && setConfirming(open)}
        title={t('data.confirmTitle')}
        description={t('data.confirmText', {
          coins: formatNumber(user?.coins ?? 0),
          bonuses: formatNumber(user?.bonuses ?? 0),
        })}
        className="sm:max-w-sm"
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={remove.isPending}>
            {t('data.cancel')}
          </Button>
          <Button variant="danger" onClick={deleteAccount} disabled={remove.isPending}>
            {t('data.confirm')}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
