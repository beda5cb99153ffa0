import { useId, useState } from 'react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { formatDateTime, formatMoney, formatNumber } from '#web/lib/format.ts';
import { roleCan } from '#contract/operators.ts';
import {
  mainUnits,
  minorUnits,
  PURCHASE_STATUSES,
  type AdminPurchase,
  type PurchaseStatusName,
} from '#contract/index.ts';
import { usePurchases } from '../api/get-purchases.ts';
import { useRefundPurchase } from '../api/refund-purchase.ts';
import { useAdminFailure } from '../lib/admin-session.tsx';
import { useOperator } from '../lib/operator.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { inputClass, panelClass, selectClass } from '../components/styles.ts';

const REFUNDABLE: readonly PurchaseStatusName[] = ['paid', 'partially_refunded'];
/** How long a refund asked for keeps the list asking again every second. */
const WAIT_MS = 60_000;
const COLUMNS = ['viewer', 'package', 'amount', 'status', 'when', 'stripe', 'actions'] as const;

const money = (amountMinor: number, currency: string) => formatMoney(mainUnits(amountMinor, currency), currency);

/**
 * Purchases paid through the payment provider, newest first, by status; owner and support refund a paid one. The
 * coins follow the provider's confirmation, so a refund asked for is shown as waiting until the row changes.
 */
export default function PurchasesTab() {
  const { t } = useTranslation('team');
  const canRefund = roleCan(useOperator()?.role, 'refundPurchases');
  const [status, setStatus] = useState<PurchaseStatusName | ''>('');
  // Purchases whose refund was asked for, with what was refunded of them then.
  const [waiting, setWaiting] = useState(new Map<string, number>());
  const list = usePurchases(status, waiting.size > 0);
  const purchases = list.data?.pages.flat() ?? [];
  const [refunding, setRefunding] = useState<AdminPurchase | null>(null);
  const statusId = useId();

  const settled = purchases.filter((p) => waiting.has(p.id) && p.refundedAmount !== waiting.get(p.id));
  if (settled.length > 0) setWaiting(new Map([...waiting].filter(([id]) => !settled.some((p) => p.id === id))));

  return (
    <section aria-labelledby="purchases-title" className="space-y-4">
      <div>
        <h2 id="purchases-title" className="text-lg font-semibold">
          {t('purchases.title')}
        </h2>
        <p className="text-sm text-zinc-400">{t('purchases.subtitle')}</p>
      </div>
      <div className="w-56 space-y-1">
        <label htmlFor={statusId} className="text-xs text-zinc-300">
          {t('purchases.status')}
        </label>
        <select
          id={statusId}
          value={status}
          onChange={(event) => setStatus(event.target.value as PurchaseStatusName | '')}
          className={selectClass}
        >
          <option value="">{t('purchases.anyStatus')}</option>
          {PURCHASE_STATUSES.map((name) => (
            <option key={name} value={name}>
              {t(`purchases.statuses.${name}`)}
            </option>
          ))}
        </select>
      </div>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <p role="alert">{t('purchases.loadFailed')}</p>
      ) : purchases.length === 0 ? (
        <p className="text-sm text-zinc-400">{t('purchases.empty')}</p>
      ) : (
        <div className={`${panelClass} overflow-x-auto`}>
          <table className="w-full text-sm">
            <thead className="text-xs text-zinc-400">
              <tr>
                {COLUMNS.filter((column) => canRefund || column !== 'actions').map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 text-start font-medium">
                    {t(`purchases.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {purchases.map((purchase) => (
                <PurchaseRow
                  key={purchase.id}
                  purchase={purchase}
                  waiting={waiting.has(purchase.id)}
                  onRefund={canRefund ? () => setRefunding(purchase) : undefined}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.hasNextPage && (
        <Button
          size="sm"
          variant="secondary"
          className="rounded-lg"
          onClick={() => list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
        >
          {list.isFetchingNextPage && <Spinner className="size-4" />}
          {t('purchases.more')}
        </Button>
      )}
      {refunding && (
        <RefundDialog
          purchase={refunding}
          onClose={() => setRefunding(null)}
          onRequested={(purchase) => {
            setWaiting(new Map([...waiting, [purchase.id, purchase.refundedAmount]]));
            // Stripe confirms within seconds; a row that never changes here (another filter) stops being asked for.
            window.setTimeout(
              () => setWaiting((now) => new Map([...now].filter(([id]) => id !== purchase.id))),
              WAIT_MS,
            );
            setRefunding(null);
          }}
        />
      )}
    </section>
  );
}

function PurchaseRow(props: { purchase: AdminPurchase; waiting: boolean; onRefund?: () => void }) {
  const { t } = useTranslation('team');
  const { purchase, waiting, onRefund } = props;
  return (
    <tr
      className="border-t border-white/5 align-top"
      data-testid="purchase-row"
      data-purchase-id={purchase.id}
      data-status={purchase.status}
    >
      <td className="px-3 py-2 font-mono text-xs">{purchase.viewerUid}</td>
      <td className="whitespace-nowrap px-3 py-2">
        {purchase.packageId}
        <span className="block text-xs text-zinc-400">
          {t('purchases.coins', { coins: formatNumber(purchase.coins + purchase.bonuses) })}
        </span>
      </td>
      <td className="whitespace-nowrap px-3 py-2 tabular-nums" data-testid="purchase-amount">
        {money(purchase.amount, purchase.currency)}
        {purchase.refundedAmount > 0 && (
          <span className="block text-xs text-zinc-400">
            {t('purchases.refunded', { amount: money(purchase.refundedAmount, purchase.currency) })}
          </span>
        )}
      </td>
      <td className="px-3 py-2">
        <span data-testid="purchase-status">{t(`purchases.statuses.${purchase.status}`)}</span>
        {waiting && <span className="block text-xs text-amber-200">{t('purchases.waiting')}</span>}
        {purchase.coinsNotRecovered > 0 && (
          <span className="block text-xs text-amber-200" data-testid="coins-not-recovered">
            {t('purchases.notRecovered', { coins: formatNumber(purchase.coinsNotRecovered) })}
          </span>
        )}
      </td>
      <td className="whitespace-nowrap px-3 py-2 text-zinc-300">
        {formatDateTime(purchase.paidAt ?? purchase.createdAt)}
      </td>
      <td className="px-3 py-2 font-mono text-xs break-all text-zinc-400">
        {purchase.paymentIntentId ?? purchase.checkoutSessionId}
      </td>
      {onRefund && (
        <td className="px-3 py-2">
          {REFUNDABLE.includes(purchase.status) && (
            <Button size="sm" variant="secondary" className="rounded-lg" onClick={onRefund} disabled={waiting}>
              {t('purchases.refund')}
            </Button>
          )}
        </td>
      )}
    </tr>
  );
}

/** The amount to refund, all that is left unless the operator types less; the server checks it again. */
function RefundDialog(props: {
  purchase: AdminPurchase;
  onClose: () => void;
  onRequested: (purchase: AdminPurchase) => void;
}) {
  const { t } = useTranslation('team');
  const { purchase } = props;
  const refund = useRefundPurchase();
  const fail = useAdminFailure();
  const left = purchase.amount - purchase.refundedAmount;
  const [typed, setTyped] = useState(String(mainUnits(left, purchase.currency)));
  const amountId = useId();
  const amount = minorUnits(Number(typed.replace(',', '.')), purchase.currency);
  const valid = typed.trim() !== '' && Number.isFinite(amount) && amount >= 1 && amount <= left;

  const confirm = () => {
    if (!valid) return;
    refund.mutate(
      { purchaseId: purchase.id, amount: amount === left ? undefined : amount },
      {
        onSuccess: () => {
          toast({ title: t('purchases.requested') });
          props.onRequested(purchase);
        },
        onError: (error) => fail(error, t('purchases.failed')),
      },
    );
  };

  return (
    <ConfirmDialog
      open
      onClose={props.onClose}
      title={t('purchases.refundTitle')}
      message={t('purchases.refundMessage')}
      subject={`${purchase.packageId} · ${purchase.viewerUid} · ${money(purchase.amount, purchase.currency)}`}
      cancelLabel={t('purchases.cancel')}
      confirmLabel={
        valid ? t('purchases.refundAmount', { amount: money(amount, purchase.currency) }) : t('purchases.refund')
      }
      pendingLabel={t('purchases.refunding')}
      pending={refund.isPending}
      onConfirm={confirm}
    >
      <div className="mt-3 space-y-1">
        <label htmlFor={amountId} className="text-xs text-zinc-300">
          {t('purchases.amount', { currency: purchase.currency.toUpperCase() })}
        </label>
        <input
          id={amountId}
          inputMode="decimal"
          value={typed}
          aria-invalid={!valid}
          aria-describedby={`${amountId}-hint`}
          onChange={(event) => setTyped(event.target.value)}
          className={inputClass}
        />
        <p id={`${amountId}-hint`} className={`text-xs ${valid ? 'text-zinc-400' : 'text-red-300'}`}>
          {t('purchases.amountHint', { amount: money(left, purchase.currency) })}
        </p>
      </div>
    </ConfirmDialog>
  );
}
