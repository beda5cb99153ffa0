import { Coins, Lock } from 'lucide-react';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { formatNumber } from '../../lib/format.ts';

export interface UnlockDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  seriesTitle: string;
  episodeNumber: number;
  cost: number;
  /** coins + bonuses; undefined while loading */
  balance: number | undefined;
  pending: boolean;
  onUnlock: () => void;
  onTopUp: () => void;
}

/** Unlock is enabled only when the balance covers the cost; otherwise the dialog says how much is missing. */
export function UnlockDialog({
  open,
  onOpenChange,
  seriesTitle,
  episodeNumber,
  cost,
  balance,
  pending,
  onUnlock,
  onTopUp,
}: UnlockDialogProps) {
  const { t } = useTranslation('series');
  const enough = balance !== undefined && balance >= cost;
  const missing = balance === undefined ? 0 : Math.max(0, cost - balance);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
      title={t('unlock.title', { number: episodeNumber })}
      description={seriesTitle}
      className="sm:max-w-sm"
    >
      <div className="flex flex-col items-center gap-1 rounded-xl bg-white/[0.04] p-4 text-center ring-1 ring-white/10">
        <span className="flex size-12 items-center justify-center rounded-full bg-amber-400/15">
          <Lock className="size-6 text-amber-300" aria-hidden />
        </span>
        <p className="mt-1 text-sm text-zinc-300">{t('unlock.cost')}</p>
        <p className="flex items-center gap-1.5 text-2xl font-extrabold" data-testid="unlock-cost">
          <Coins className="size-5 text-amber-300" aria-hidden />
          {t('unlock.coins', { count: cost, formatted: formatNumber(cost) })}
        </p>
      </div>
      <dl className="mt-3 flex items-center justify-between rounded-xl px-1 text-sm">
        <dt className="text-zinc-400">{t('unlock.balance')}</dt>
        <dd className="font-semibold" data-testid="unlock-balance">
          {balance === undefined ? '…' : t('unlock.coins', { count: balance, formatted: formatNumber(balance) })}
        </dd>
      </dl>

      {balance !== undefined && !enough && (
        <p
          role="status"
          className="mt-3 rounded-lg bg-red-500/10 px-3 py-2 text-center text-sm text-red-200 ring-1 ring-red-400/20"
        >
          {t('unlock.needMore', { count: missing, formatted: formatNumber(missing) })}
        </p>
      )}

      <div className="mt-5 flex flex-col gap-2">
        <Button
          size="lg"
          variant={balance !== undefined && !enough ? 'secondary' : 'primary'}
          onClick={onUnlock}
          disabled={!enough || pending}
        >
          {pending && <Spinner className="size-4" />}
          {balance !== undefined && !enough ? t('unlock.notEnough') : t('unlock.unlock')}
        </Button>
        {balance !== undefined && !enough && (
          <Button size="lg" onClick={onTopUp}>
            <Coins className="size-4" aria-hidden />
            {t('unlock.topUp')}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
