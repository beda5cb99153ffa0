import { ArrowLeftRight, CalendarCheck, Coins, Gift, LifeBuoy, LockOpen, Receipt, Undo2, UserPlus } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { findCoinPackage } from '#contract/constants.ts';
import type { Series } from '#contract/series.ts';
import type { LedgerEntry } from '#contract/wallet.ts';
import { formatDateTime, formatNumber, formatPrice } from '#web/lib/format.ts';

const signed = (value: number) => `${value > 0 ? '+' : value < 0 ? '−' : ''}${formatNumber(Math.abs(value))}`;

/** The viewer's wallet ledger: type, amounts, price and date of each entry. */
export function TransactionList({ entries, seriesById }: { entries: LedgerEntry[]; seriesById: Map<number, Series> }) {
  const { t } = useTranslation('account');
  const packageDetail = (packageId: string | null) => {
    const pkg = packageId ? findCoinPackage(packageId) : undefined;
    if (!pkg) return t('transactions.packageUnknown');
    return pkg.bonus > 0
      ? t('transactions.packageDetail', {
          count: pkg.coins,
          coins: formatNumber(pkg.coins),
          bonus: formatNumber(pkg.bonus),
        })
      : t('transactions.packageDetailNoBonus', { count: pkg.coins, coins: formatNumber(pkg.coins) });
  };
  return (
    <ul
      className="divide-y divide-white/5 overflow-hidden rounded-2xl bg-white/[0.04] ring-1 ring-white/5"
      data-testid="transactions"
    >
      {entries.map((entry) => {
        const series = entry.seriesId === null ? undefined : seriesById.get(entry.seriesId);
        const detail =
          entry.kind === 'purchase'
            ? packageDetail(entry.packageId)
            : entry.kind === 'unlock' || entry.kind === 'undo'
              ? t(entry.kind === 'undo' ? 'transactions.undoDetail' : 'transactions.unlockDetail', {
                  title: series?.title ?? t('transactions.removedSeries'),
                  number: entry.episodeNumber ?? 0,
                })
              : entry.kind === 'welcome'
                ? t('transactions.welcomeDetail')
                : entry.kind === 'grant'
                  ? t('transactions.grantDetail')
                  : entry.kind === 'refund'
                    ? packageDetail(entry.packageId)
                    : entry.kind === 'transfer'
                      ? t(
                          entry.coinsDelta + entry.bonusesDelta >= 0
                            ? 'transactions.transferIn'
                            : 'transactions.transferOut',
                        )
                      : entry.kind === 'invitation'
                        ? t('transactions.invitationDetail')
                        : t('transactions.checkInDetail');
        const Icon = {
          purchase: Receipt,
          unlock: LockOpen,
          checkin: CalendarCheck,
          welcome: Gift,
          grant: LifeBuoy,
          transfer: ArrowLeftRight,
          undo: Undo2,
          refund: Undo2,
          invitation: UserPlus,
        }[entry.kind];
        const tone =
          entry.kind === 'purchase'
            ? 'bg-emerald-400/10 text-emerald-300'
            : entry.kind === 'unlock'
              ? 'bg-rose-500/10 text-rose-300'
              : 'bg-amber-400/10 text-amber-300';
        return (
          <li
            key={entry.id}
            className="flex items-center gap-3 px-4 py-3"
            data-kind={entry.kind}
            data-testid="transaction"
          >
            <span className={`flex size-10 shrink-0 items-center justify-center rounded-xl ${tone}`}>
              <Icon className="size-5" aria-hidden />
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-sm font-semibold">{t(`transactions.kind.${entry.kind}`)}</p>
              <p className="truncate text-xs text-zinc-400">{detail}</p>
              <p className="text-[11px] text-zinc-400">
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </p>
            </div>
            <div className="shrink-0 text-end">
              {entry.coinsDelta !== 0 && (
                <p
                  className={`flex items-center justify-end gap-1 text-sm font-bold ${entry.coinsDelta > 0 ? 'text-emerald-300' : 'text-zinc-200'}`}
                >
                  <Coins className="size-3.5 text-amber-300" aria-hidden />
                  {t('transactions.coins', { count: Math.abs(entry.coinsDelta), amount: signed(entry.coinsDelta) })}
                </p>
              )}
              {entry.bonusesDelta !== 0 && (
                <p className={`text-xs font-semibold ${entry.bonusesDelta > 0 ? 'text-amber-300' : 'text-zinc-300'}`}>
                  {t('transactions.bonuses', {
                    count: Math.abs(entry.bonusesDelta),
                    amount: signed(entry.bonusesDelta),
                  })}
                </p>
              )}
              {entry.price !== null && <p className="text-xs text-zinc-400">{formatPrice(entry.price)}</p>}
              {entry.preview && <p className="text-[11px] text-zinc-400">{t('transactions.previewNoCharge')}</p>}
              {entry.receiptUrl && (
                <a
                  href={entry.receiptUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-[11px] text-sky-300 underline underline-offset-2"
                >
                  {t('transactions.receipt')}
                </a>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
