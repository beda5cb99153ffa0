import { useId, useState, type ReactNode } from 'react';
import { Download } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { downloadCsv, toCsv, type CsvColumn } from '../lib/csv.ts';
import { panelClass } from '../../components/styles.ts';

export interface ChartPanelProps<Row> {
  title: string;
  /** The chart; omitted for a panel that is only a table. */
  chart?: ReactNode;
  columns: readonly CsvColumn<Row>[];
  rows: readonly Row[];
  csvName: string;
  testId: string;
  empty?: string;
  children?: ReactNode;
}

const toggleClass =
  'rounded-md px-2.5 py-1 text-xs font-medium text-zinc-300 hover:bg-white/10 aria-pressed:bg-white/15 aria-pressed:text-white';

/** A chart with its table view and its CSV export: the same rows feed all three. */
export function ChartPanel<Row>({
  title,
  chart,
  columns,
  rows,
  csvName,
  testId,
  empty,
  children,
}: ChartPanelProps<Row>) {
  const { t } = useTranslation('insights');
  const [view, setView] = useState<'chart' | 'table'>(chart ? 'chart' : 'table');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid={testId} className={`${panelClass} min-w-0 p-3 sm:p-4`}>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="me-auto text-sm font-semibold">
          {title}
        </h3>
        {chart && (
          <div className="flex gap-1" role="group" aria-label={t('view.label')}>
            <button
              type="button"
              className={toggleClass}
              aria-pressed={view === 'chart'}
              onClick={() => setView('chart')}
            >
              {t('view.chart')}
            </button>
            <button
              type="button"
              className={toggleClass}
              aria-pressed={view === 'table'}
              onClick={() => setView('table')}
            >
              {t('view.table')}
            </button>
          </div>
        )}
        <button
          type="button"
          className={`${toggleClass} inline-flex items-center gap-1`}
          onClick={() => downloadCsv(csvName, toCsv(columns, rows))}
          disabled={rows.length === 0}
        >
          <Download className="size-3.5" aria-hidden />
          {t('csv')}
        </button>
      </div>
      {children}
      {rows.length === 0 && empty ? (
        <p className="py-6 text-center text-sm text-zinc-400">{empty}</p>
      ) : view === 'chart' && chart ? (
        chart
      ) : (
        <div className="max-h-96 overflow-auto">
          <table className="w-full text-start text-xs tabular-nums sm:text-sm">
            <thead className="sticky top-0 bg-ink-900 text-zinc-400">
              <tr>
                {columns.map((column) => (
                  <th key={column.label} scope="col" className="px-2 py-1.5 text-start font-medium">
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i} className="border-t border-white/5">
                  {columns.map((column) => (
                    <td key={column.label} className="px-2 py-1.5">
                      {column.value(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
