import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import type { InsightsRange } from '#contract/insights.ts';
import { mainUnits, type RevenueReply } from '#contract/index.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { formatDate, formatMoney, formatNumber } from '#web/lib/format.ts';
import { panelClass } from '../../components/styles.ts';
import { useRevenue } from '../api/get-revenue.ts';
import { ChartPanel } from './chart-panel.tsx';

type RevenueDay = RevenueReply['days'][number];
type PreviewDay = RevenueReply['preview'][number];

const money = (amountMinor: number, currency: string) => formatMoney(mainUnits(amountMinor, currency), currency);

/** Real money of the range per day and currency (paid minus refunded), and the preview's purchases apart. */
export function RevenuePanel({ range }: { range: InsightsRange }) {
  const { t } = useTranslation('insights');
  const revenue = useRevenue(range);
  if (revenue.isError) {
    return (
      <p role="alert" className="text-sm text-zinc-300">
        {t('loadFailed')}
      </p>
    );
  }
  if (!revenue.data) {
    return (
      <div role="status" className="flex justify-center py-6">
        <Spinner className="size-6" />
        <span className="sr-only">{t('loading')}</span>
      </div>
    );
  }
  const { days, preview } = revenue.data;
  const totals = new Map<string, number>();
  for (const day of days) totals.set(day.currency, (totals.get(day.currency) ?? 0) + day.net);
  const columns = [
    { label: t('revenue.day'), value: (d: RevenueDay) => formatDate(d.day) },
    { label: t('revenue.currency'), value: (d: RevenueDay) => d.currency.toUpperCase() },
    { label: t('revenue.purchases'), value: (d: RevenueDay) => formatNumber(d.purchases) },
    { label: t('revenue.paid'), value: (d: RevenueDay) => money(d.paid, d.currency) },
    { label: t('revenue.refunded'), value: (d: RevenueDay) => money(d.refunded, d.currency) },
    { label: t('revenue.net'), value: (d: RevenueDay) => money(d.net, d.currency) },
  ];
  const previewColumns = [
    { label: t('revenue.day'), value: (d: PreviewDay) => formatDate(d.day) },
    { label: t('revenue.purchases'), value: (d: PreviewDay) => formatNumber(d.purchases) },
    // The ledger keeps the list price in US cents.
    { label: t('revenue.listPrice'), value: (d: PreviewDay) => money(d.listPrice, 'usd') },
  ];
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartPanel
        title={t('revenue.title')}
        testId="insights-revenue"
        csvName="revenue-per-day.csv"
        columns={columns}
        rows={days}
        empty={t('revenue.empty')}
      >
        {totals.size > 0 && (
          <dl className="mb-3 flex flex-wrap gap-3">
            {[...totals].map(([currency, net]) => (
              <div key={currency} className={`${panelClass} px-3 py-2`} data-testid="revenue-net">
                <dt className="text-xs text-zinc-400">{t('revenue.netIn', { currency: currency.toUpperCase() })}</dt>
                <dd className="text-lg font-bold tabular-nums">{money(net, currency)}</dd>
              </div>
            ))}
          </dl>
        )}
      </ChartPanel>
      <ChartPanel
        title={t('revenue.previewTitle')}
        testId="insights-preview-purchases"
        csvName="preview-purchases-per-day.csv"
        columns={previewColumns}
        rows={preview}
        empty={t('revenue.previewEmpty')}
      />
    </div>
  );
}
