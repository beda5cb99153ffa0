import { useState } from 'react';
import { KeyRound, MonitorSmartphone } from 'lucide-react';
import type { Account } from '#contract/accounts.ts';
import { useAfterAccountChange } from '#web/api/account.ts';
import { useDevices, useSignOutDevice, useSignOutEverywhere } from '#web/api/devices.ts';
import { addPasskey, useRemovePasskey } from '#web/api/passkeys.ts';
import { PasskeyRow } from '#web/components/account/passkey-row.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';

/** Passkeys that sign in to this account, and the browsers signed in to it. */
export function SignInMethods({ account }: { account: Account | undefined }) {
  const { t } = useTranslation('profile');
  const [adding, setAdding] = useState(false);
  const afterAccountChange = useAfterAccountChange();
  const remove = useRemovePasskey();

  const add = async () => {
    setAdding(true);
    try {
      afterAccountChange(await addPasskey());
      toast({ title: t('passkeys.added') });
    } catch (error) {
      toast({
        title: t('passkeys.failed'),
        description: error instanceof ApiError ? error.serverMessage : undefined,
        variant: 'destructive',
      });
    } finally {
      setAdding(false);
    }
  };

  return (
    <>
      <section aria-labelledby="passkeys-heading" className="rounded-2xl bg-white/[0.04] p-4 ring-1 ring-white/5">
        <div className="flex items-center gap-3">
          <KeyRound className="size-5 text-zinc-300" aria-hidden />
          <h2 id="passkeys-heading" className="flex-1 font-semibold">
            {t('passkeys.title')}
          </h2>
          <Button onClick={() => void add()} disabled={adding} data-testid="add-passkey">
            {t('passkeys.add')}
          </Button>
        </div>
        <p className="mt-2 text-sm text-zinc-400">{t('passkeys.hint')}</p>
        {account && account.passkeys.length > 0 && (
          <ul className="mt-3 divide-y divide-white/5" data-testid="passkey-list">
            {account.passkeys.map((key) => (
              <PasskeyRow key={key.id} passkey={key} t={t} testId="passkey" onRemove={() => remove.mutate(key.id)} />
            ))}
          </ul>
        )}
      </section>
      {account?.signedIn && <Devices />}
    </>
  );
}

function Devices() {
  const { t } = useTranslation('profile');
  const devices = useDevices(true);
  const signOutDevice = useSignOutDevice();
  const everywhere = useSignOutEverywhere();
  return (
    <section aria-labelledby="devices-heading" className="rounded-2xl bg-white/[0.04] p-4 ring-1 ring-white/5">
      <div className="flex items-center gap-3">
        <MonitorSmartphone className="size-5 text-zinc-300" aria-hidden />
        <h2 id="devices-heading" className="flex-1 font-semibold">
          {t('devices.title')}
        </h2>
        <Button variant="secondary" onClick={() => everywhere.mutate()} disabled={everywhere.isPending}>
          {t('devices.signOutEverywhere')}
        </Button>
      </div>
      <ul className="mt-3 divide-y divide-white/5" data-testid="device-list">
        {devices.data?.map((device) => (
          <li key={device.id} className="flex items-center gap-3 py-2.5" data-testid="device">
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">
                {device.browser}
                {device.current && <span className="ms-2 text-xs text-emerald-300">{t('devices.current')}</span>}
              </p>
              <p className="text-xs text-zinc-400">
                {t('devices.signedIn', { date: formatDateTime(device.signedInAt) })} ·{' '}
                {t('devices.lastSeen', { date: formatDateTime(device.lastSeenAt) })}
              </p>
            </div>
            <button
              type="button"
              onClick={() => signOutDevice.mutate(device.id)}
              className="rounded-full px-3 py-1.5 text-xs font-semibold text-zinc-200 ring-1 ring-white/15 hover:bg-white/10"
            >
              {t('devices.signOut')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
