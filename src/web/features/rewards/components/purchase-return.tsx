import { useEffect } from 'react';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import { useSearchParams } from 'wouter';
import { CheckCircle2, CircleSlash, Loader2 } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { transactionsQueryOptions } from '#web/api/get-transactions.ts';
import { userQueryOptions } from '#web/api/get-user.ts';
import { formatNumber } from '#web/lib/format.ts';
import { usePurchase } from '../api/get-purchase.ts';

/**
 * Back from the payment page on /rewards?purchase=…: how that purchase stands, read from the server (so a reload
 * loses nothing), asked again until it is paid or over.
 */
export function PurchaseReturn() {
  const { t } = useTranslation('rewards');
  const [params] = useSearchParams();
  const purchaseId = params.get('purchase');
  const cancelled = params.get('cancelled') === '1';
  const purchase = usePurchase(purchaseId);
  const queryClient = useQueryClient();
  const status = purchase.data?.status;

  useEffect(() => {
    if (status !== 'paid') return;
    void queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey, exact: true });
    void queryClient.invalidateQueries({ queryKey: transactionsQueryOptions().queryKey });
  }, [status, queryClient]);

  if (!purchaseId || !purchase.data) return null;
  const paid = status === 'paid' || status === 'refunded' || status === 'partially_refunded' || status === 'disputed';
  const [Icon, text, tone] = paid
    ? [CheckCircle2, t('return.paid', { coins: formatNumber(purchase.data.totalCoins) }), 'text-emerald-300']
    : cancelled
      ? [CircleSlash, t('return.cancelled'), 'text-zinc-300']
      : status === 'pending'
        ? [Loader2, t('return.waiting'), 'text-amber-200']
        : [CircleSlash, t('return.notPaid'), 'text-zinc-300'];
  return (
    <p
      role="status"
      data-testid="purchase-return"
      data-status={status}
      className={`flex items-center gap-2 rounded-2xl bg-white/[0.06] px-4 py-3 text-sm font-semibold ring-1 ring-white/10 ${tone}`}
    >
      <Icon className={`size-5 shrink-0 ${Icon === Loader2 ? 'animate-spin' : ''}`} aria-hidden />
      {text}
    </p>
  );
}
