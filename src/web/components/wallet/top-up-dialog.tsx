import { useState } from 'react';
import { Check, Coins } from 'lucide-react';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { bonusPercent } from '#contract/constants.ts';
import { usePackages, type CoinPackage } from '../../api/get-packages.ts';
import { isCheckout, usePurchaseCoins } from '../../api/purchase-coins.ts';
import { usePaymentsInfo } from '../../api/get-payments-info.ts';
import { balanceOf, useUser } from '../../api/get-user.ts';
import { formatNumber, formatPrice } from '../../lib/format.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { toast } from '../ui/toast.tsx';

export interface TopUpDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "Top Up Coins": pick one of the six packages, then purchase (the server credits the package, by its id). */
export function TopUpDialog({ open, onOpenChange }: TopUpDialogProps) {
  const { t } = useTranslation('common');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const user = useUser();
  const packages = usePackages('topup', { enabled: open });
  const purchase = usePurchaseCoins();
  const payments = usePaymentsInfo({ enabled: open });

  const close = (next: boolean) => {
    if (!next) setSelectedId(null);
    onOpenChange(next);
  };

  const buy = () => {
    if (!selectedId || purchase.isPending) return;
    purchase.mutate(selectedId, {
      onSuccess: (reply) => {
        if (isCheckout(reply)) return;
        toast({
          title: t('topUp.successTitle'),
          description: t('topUp.successDescription', { count: reply.totalCoins, totalCoins: reply.totalCoins }),
        });
        close(false);
      },
      onError: () => {
        toast({ title: t('topUp.failureTitle'), description: t('topUp.failureDescription'), variant: 'destructive' });
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t('topUp.title')}
      description={t('topUp.description')}
      className="sm:max-w-xl"
    >
      <div className="mb-4 flex items-center gap-3 rounded-xl bg-gradient-to-r from-amber-500/20 to-rose-500/10 rtl:bg-gradient-to-l p-3 ring-1 ring-amber-400/20">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-400/20">
          <Coins className="size-5 text-amber-300" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="text-xs text-zinc-300">{t('topUp.currentBalance')}</p>
          {user.data ? (
            <p className="text-lg leading-tight font-bold" data-testid="top-up-balance">
              {formatNumber(balanceOf(user.data))}{' '}
              <span className="text-xs font-medium text-zinc-400">
                {t('topUp.balanceBreakdown', {
                  count: user.data.coins,
                  coins: formatNumber(user.data.coins),
                  bonuses: formatNumber(user.data.bonuses),
                })}
              </span>
            </p>
          ) : (
            <Skeleton className="mt-1 h-5 w-28" />
          )}
        </div>
      </div>

      <div className="grid grid-cols-2 gap-2.5 sm:grid-cols-3" role="group" aria-label={t('topUp.packages')}>
        {packages.data
          ? packages.data.map((pkg) => (
              <PackageOption
                key={pkg.id}
                pkg={pkg}
                selected={pkg.id === selectedId}
                disabled={purchase.isPending}
                onSelect={() => setSelectedId(pkg.id)}
              />
            ))
          : Array.from({ length: 6 }, (_, i) => <Skeleton key={`skeleton-${i}`} className="h-[7.5rem] rounded-xl" />)}
      </div>
      {packages.isError && (
        <p role="alert" className="mt-3 text-sm text-red-300">
          {t('topUp.packagesError')}
        </p>
      )}

      {payments.data?.provider === 'preview' && (
        <p className="mt-3 text-xs text-zinc-400" data-testid="preview-no-charge">
          {t('topUp.previewNoCharge')}
        </p>
      )}

      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => close(false)}>
          {t('topUp.cancel')}
        </Button>
        <Button onClick={buy} disabled={!selectedId || purchase.isPending} className="sm:min-w-40">
          {purchase.isPending && <Spinner className="size-4" />}
          {purchase.isPending ? t('topUp.processing') : selectedId ? t('topUp.purchase') : t('topUp.selectPackage')}
        </Button>
      </div>
    </Dialog>
  );
}

function PackageOption({
  pkg,
  selected,
  disabled,
  onSelect,
}: {
  pkg: CoinPackage;
  selected: boolean;
  disabled: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation('common');
  const percent = bonusPercent(pkg);
  const label = pkg.popular ? t('topUp.mostPopular') : pkg.newUser ? t('topUp.newUserSpecial') : null;
  return (
    <button
      type="button"
      aria-pressed={selected}
      disabled={disabled}
      onClick={onSelect}
      data-package-id={pkg.id}
      className={`relative flex min-h-[7.5rem] flex-col items-start rounded-xl border p-3 pt-4 text-start transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${
        selected
          ? 'border-rose-500 bg-rose-500/15 ring-2 ring-rose-500/60'
          : 'border-white/10 bg-white/[0.04] hover:border-white/25 hover:bg-white/[0.07]'
      }`}
    >
      {label && (
        <span
          className={`absolute -top-2 start-2 rounded-full px-2 py-0.5 text-[10px] font-bold whitespace-nowrap ${
            pkg.popular ? 'bg-rose-600 text-white' : 'bg-amber-400 text-black'
          }`}
        >
          {label}
        </span>
      )}
      {selected && <Check className="absolute top-2 end-2 size-4 text-rose-400" aria-hidden />}
      <span className="flex items-center gap-1.5 text-lg leading-none font-extrabold">
        <Coins className="size-4 text-amber-300" aria-hidden />
        {formatNumber(pkg.coins)}
      </span>
      <span className={`mt-1.5 text-xs font-semibold ${percent > 0 ? 'text-amber-300' : 'text-zinc-400'}`}>
        {t('topUp.bonus', { bonus: formatNumber(pkg.bonus), percent })}
      </span>
      <span className="mt-0.5 text-xs text-zinc-400">
        {t('topUp.total', { count: pkg.coins + pkg.bonus, total: formatNumber(pkg.coins + pkg.bonus) })}
      </span>
      <span className="mt-auto pt-2 text-sm font-bold text-white">{formatPrice(pkg.price)}</span>
    </button>
  );
}
