import { useState } from 'react';
import { KeyRound } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { PasskeyRow } from '#web/components/account/passkey-row.tsx';
import { useAddOperatorPasskey, useOperatorPasskeys, useRemoveOperatorPasskey } from '../api/operator-passkeys.ts';
import { readableServerMessage, useAdminFailure } from '../lib/admin-session.tsx';

/** The signed-in operator's own passkeys: add one, see when each was used, remove one. */
export function PasskeysDialog() {
  const { t } = useTranslation('team');
  const [open, setOpen] = useState(false);
  const keys = useOperatorPasskeys(open);
  const add = useAddOperatorPasskey();
  const remove = useRemoveOperatorPasskey();
  const fail = useAdminFailure();

  const addNow = () =>
    add.mutate(undefined, {
      onSuccess: () => toast({ title: t('passkeys.added') }),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) return fail(error, t('passkeys.failed'));
        // The browser's own refusal (cancelled, no authenticator) has no server message to show.
        const description = error instanceof ApiError ? readableServerMessage(error) : undefined;
        toast({ title: t('passkeys.failed'), description, variant: 'destructive' });
      },
    });

  return (
    <>
      <Button size="sm" variant="secondary" className="flex-1 rounded-lg sm:flex-none" onClick={() => setOpen(true)}>
        <KeyRound className="size-4" aria-hidden />
        {t('passkeys.open')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={t('passkeys.title')} description={t('passkeys.hint')}>
        {keys.isPending ? (
          <Spinner className="mx-auto size-5" />
        ) : keys.isError ? (
          <p role="alert" className="text-sm text-amber-200">
            {t('passkeys.loadFailed')}
          </p>
        ) : keys.data && keys.data.length > 0 ? (
          <ul className="divide-y divide-white/5" data-testid="operator-passkeys">
            {keys.data.map((key) => (
              <PasskeyRow
                key={key.id}
                passkey={key}
                t={t}
                testId="operator-passkey"
                removing={remove.isPending}
                onRemove={() =>
                  remove.mutate(key.id, {
                    onSuccess: () => toast({ title: t('passkeys.removed') }),
                    onError: (error) => fail(error, t('passkeys.removeFailed')),
                  })
                }
              />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-zinc-400">{t('passkeys.none')}</p>
        )}
        <Button className="mt-4 w-full rounded-lg" onClick={addNow} disabled={add.isPending}>
          {add.isPending && <Spinner className="size-4" />}
          {t('passkeys.add')}
        </Button>
      </Dialog>
    </>
  );
}
