import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import type { ViewerAccount } from '#contract/operators.ts';
import { useGrantCoins } from '../api/grant-coins.ts';
import { useViewerAccount } from '../api/get-viewer-account.ts';
import { readableServerMessage, useAdminFailure } from '../lib/admin-session.tsx';
import { inputClass, panelClass } from '../components/styles.ts';

/** Support: a viewer by the UID on their profile, their balance, ledger and unlocks, and coins with a reason. */
export default function ViewersTab() {
  const { t } = useTranslation('team');
  const [typed, setTyped] = useState('');
  const [uid, setUid] = useState('');
  const account = useViewerAccount(uid);
  const uidId = useId();

  const find = (event: FormEvent) => {
    event.preventDefault();
    setUid(typed.trim());
  };

  return (
    <section aria-labelledby="viewers-title" className="space-y-4">
      <div>
        <h2 id="viewers-title" className="text-lg font-semibold">
          {t('viewers.title')}
        </h2>
        <p className="text-sm text-zinc-400">{t('viewers.subtitle')}</p>
      </div>
      <form onSubmit={find} className="flex items-end gap-3">
        <div className="w-64 space-y-1">
          <label htmlFor={uidId} className="text-xs text-zinc-300">
            {t('viewers.uid')}
          </label>
          <input
            id={uidId}
            value={typed}
            maxLength={64}
            onChange={(event) => setTyped(event.target.value)}
            className={`${inputClass} font-mono`}
          />
        </div>
        <Button type="submit" size="sm" className="rounded-lg">
          {t('viewers.find')}
        </Button>
      </form>
      {uid !== '' &&
        (account.isPending ? (
          <Spinner />
        ) : account.isError ? (
          <p role="alert" className="text-sm text-amber-200">
            {account.error instanceof ApiError && account.error.status < 500
              ? readableServerMessage(account.error)
              : t('viewers.lookupFailed')}
          </p>
        ) : (
          <ViewerDetails account={account.data} />
        ))}
    </section>
  );
}

function ViewerDetails({ account }: { account: ViewerAccount }) {
  const { t, i18n } = useTranslation('team');
  const grant = useGrantCoins(account.id);
  const fail = useAdminFailure();
  const [coins, setCoins] = useState('');
  const [reason, setReason] = useState('');
  const ids = { coins: useId(), reason: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    grant.mutate(
      { coins: Number(coins), reason },
      {
        onSuccess: () => {
          setCoins('');
          setReason('');
          toast({ title: t('viewers.granted') });
        },
        onError: (error) => fail(error, t('viewers.failed')),
      },
    );
  };

  return (
    <div className="space-y-4" data-testid="viewer-account">
      <div className={`${panelClass} flex flex-wrap gap-6 p-4`}>
        <p className="font-mono text-sm">{account.uid}</p>
        <p>
          <span className="text-xs text-zinc-400">{t('viewers.coins')} </span>
          <span data-testid="viewer-coins" className="font-semibold">
            {account.coins}
          </span>
        </p>
        <p>
          <span className="text-xs text-zinc-400">{t('viewers.bonuses')} </span>
          <span className="font-semibold">{account.bonuses}</span>
        </p>
      </div>
      <form onSubmit={submit} className={`${panelClass} flex flex-wrap items-end gap-3 p-4`}>
        <h3 className="basis-full text-sm font-semibold">{t('viewers.grantTitle')}</h3>
        <div className="w-48 space-y-1">
          <label htmlFor={ids.coins} className="text-xs text-zinc-300">
            {t('viewers.amount')}
          </label>
          <input
            id={ids.coins}
            type="number"
            step={1}
            required
            value={coins}
            onChange={(event) => setCoins(event.target.value)}
            className={inputClass}
          />
        </div>
        <div className="min-w-48 flex-1 space-y-1">
          <label htmlFor={ids.reason} className="text-xs text-zinc-300">
            {t('viewers.reason')}
          </label>
          <input
            id={ids.reason}
            required
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className={inputClass}
          />
        </div>
        <Button type="submit" size="sm" className="rounded-lg" disabled={grant.isPending}>
          {grant.isPending && <Spinner className="size-4" />}
          {t('viewers.grant')}
        </Button>
      </form>
      <div className="grid gap-4 md:grid-cols-2">
        <div className={`${panelClass} p-4`}>
          <h3 className="mb-2 text-sm font-semibold">{t('viewers.ledger')}</h3>
          {account.ledger.length === 0 ? (
            <p className="text-sm text-zinc-400">{t('viewers.none')}</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {account.ledger.map((entry) => (
                <li key={entry.id} data-testid="viewer-ledger-entry" className="flex flex-wrap gap-x-3">
                  <span className="text-zinc-400">{new Date(entry.createdAt).toLocaleString(i18n.language)}</span>
                  <span>{t(`viewers.kinds.${entry.kind}`)}</span>
                  <span className="font-mono">
                    {entry.coinsDelta > 0 ? '+' : ''}
                    {entry.coinsDelta}
                  </span>
                  {entry.reason && <span className="text-zinc-300">{entry.reason}</span>}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className={`${panelClass} p-4`}>
          <h3 className="mb-2 text-sm font-semibold">{t('viewers.unlocks')}</h3>
          {account.unlocks.length === 0 ? (
            <p className="text-sm text-zinc-400">{t('viewers.none')}</p>
          ) : (
            <ul className="space-y-1 text-sm">
              {account.unlocks.map((unlock) => (
                <li key={`${unlock.seriesId}-${unlock.episodeNumber}`}>
                  {t('viewers.episode', { series: unlock.seriesId, episode: unlock.episodeNumber })}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </div>
  );
}
