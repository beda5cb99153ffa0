import { useState } from 'react';
import { Check, Coins } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { bonusPercent } from '#contract/constants.ts';
import { usePackages } from '#web/api/get-packages.ts';
import { isCheckout, usePurchaseCoins } from '#web/api/purchase-coins.ts';
import { usePaymentsInfo } from '#web/api/get-payments-info.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { formatNumber, formatPrice } from '#web/lib/format.ts';

/** The four rewards-page packages, bought for real like the Top Up dialog's: pick one, then purchase. */
export function RewardPackages() {
  const { t } = useTranslation('rewards');
  const packages = usePackages('rewards');
  const purchase = usePurchaseCoins();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const payments = usePaymentsInfo();

  const buy = () => {
    if (!selectedId || purchase.isPending) return;
    purchase.mutate(selectedId, {
      onSuccess: (reply) => {
        if (isCheckout(reply)) return;
        toast({
          title: t('purchase.successTitle'),
          description: t('purchase.successDescription', { count: reply.totalCoins, totalCoins: reply.totalCoins }),
        });
        setSelectedId(null);
      },
      onError: () =>
        toast({
          title: t('purchase.failureTitle'),
          description: t('purchase.failureDescription'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" role="group" aria-label={t('packages.title')}>
        {packages.data
          ? packages.data.map((pkg) => {
              const selected = pkg.id === selectedId;
              const percent = bonusPercent(pkg);
              return (
                <button
                  key={pkg.id}
                  type="button"
                  aria-pressed={selected}
                  disabled={purchase.isPending}
                  onClick={() => setSelectedId(pkg.id)}
                  data-package-id={pkg.id}
                  className={`relative flex flex-col items-start rounded-2xl border p-4 text-start transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${
                    selected
                      ? 'border-rose-500 bg-rose-500/15 ring-2 ring-rose-500/60'
                      : 'border-white/10 bg-white/[0.04] hover:border-white/25 hover:bg-white/[0.07]'
                  }`}
                >
                  {selected && <Check className="absolute top-3 end-3 size-4 text-rose-400" aria-hidden />}
                  <span className="flex items-center gap-1.5 text-xl leading-none font-extrabold">
                    <Coins className="size-5 text-amber-300" aria-hidden />
                    {formatNumber(pkg.coins)}
                  </span>
                  <span className={`mt-2 text-xs font-semibold ${percent > 0 ? 'text-amber-300' : 'text-zinc-400'}`}>
                    {pkg.bonus > 0
                      ? t('packages.bonus', { bonus: formatNumber(pkg.bonus), percent })
                      : t('packages.noBonus')}
                  </span>
                  <span className="mt-3 rounded-full bg-white/10 px-3 py-1 text-sm font-bold">
                    {formatPrice(pkg.price)}
                  </span>
                </button>
              );
            })
          : Array.from({ length: 4 }, (_, i) => <Skeleton key={i} className="h-32 rounded-2xl" />)}
      </div>
      {packages.isError && (
        <p role="alert" className="mt-3 text-sm text-red-300">
          {t('packages.error')}
        </p>
      )}
      {payments.data?.provider === 'preview' && (
        <p className="mt-3 text-xs text-zinc-400" data-testid="preview-no-charge">
          {t('purchase.previewNoCharge')}
        </p>
      )}
      <Button
        size="lg"
        className="mt-4 w-full sm:w-auto sm:min-w-56"
        onClick={buy}
        disabled={!selectedId || purchase.isPending}
      >
        {purchase.isPending && <Spinner className="size-4" />}
        {purchase.isPending
          ? t('purchase.processing')
          : selectedId
            ? t('purchase.purchase')
            : t('purchase.selectPackage')}
      </Button>
    </div>
  );
}
