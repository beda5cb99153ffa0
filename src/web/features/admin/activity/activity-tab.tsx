import { useId, useState } from 'react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import type { AuditEntry } from '#contract/operators.ts';
import { readWholeLog, useAuditLog, type AuditFilters } from '../api/get-audit-log.ts';
import { useAdminFailure } from '../lib/admin-session.tsx';
import { downloadCsv, toCsv, type CsvColumn } from '../insights/lib/csv.ts';
import { inputClass, panelClass, selectClass } from '../components/styles.ts';

const FAMILIES = [
  'operator',
  'series',
  'episode',
  'subtitle',
  'translation',
  'carousel',
  'trending',
  'team',
  'viewer',
  'access',
  'purchase',
] as const;

const NO_FILTERS: AuditFilters = { operator: '', action: '', from: '', to: '' };

/** "price: 30 → 37; title: A → B" */
function changesText(entry: AuditEntry): string {
  const show = (value: unknown) =>
    value === null || value === undefined ? '∅' : typeof value === 'string' ? value : JSON.stringify(value);
  return Object.entries(entry.changes ?? {})
    .map(([field, change]) => `${field}: ${show(change.before)} → ${show(change.after)}`)
    .join('; ');
}

/** The audit log with its filters (who, what, from, to) and the selected entries as CSV. */
export default function ActivityTab() {
  const { t, i18n } = useTranslation('team');
  const fail = useAdminFailure();
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const log = useAuditLog(filters);
  const [downloading, setDownloading] = useState(false);
  const ids = { operator: useId(), action: useId(), from: useId(), to: useId() };
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  // The operators the log names, as the filter's choices (analysts do not read the team list).
  const [operators, setOperators] = useState(new Map<number, string>());
  const named = entries.filter((entry) => entry.operator.id !== null && !operators.has(entry.operator.id));
  if (named.length > 0) {
    setOperators(new Map([...operators, ...named.map((entry) => [entry.operator.id!, entry.operator.name] as const)]));
  }

  const when = (at: string) => new Date(at).toLocaleString(i18n.language);
  const columns: CsvColumn<AuditEntry>[] = [
    { label: t('activity.columns.when'), value: (entry) => entry.at },
    { label: t('activity.columns.who'), value: (entry) => entry.operator.name },
    { label: t('team.role'), value: (entry) => entry.operator.role ?? '' },
    { label: t('activity.columns.what'), value: (entry) => entry.action },
    { label: t('activity.columns.object'), value: (entry) => entry.objectLabel ?? entry.objectId ?? '' },
    { label: t('activity.columns.changes'), value: changesText },
    { label: t('activity.columns.reason'), value: (entry) => entry.reason ?? '' },
    { label: t('activity.columns.address'), value: (entry) => entry.address ?? '' },
  ];
  const download = async () => {
    setDownloading(true);
    try {
      downloadCsv('activity.csv', toCsv(columns, await readWholeLog(filters)));
    } catch (error) {
      fail(error, t('activity.loadFailed'));
    } finally {
      setDownloading(false);
    }
  };
  const set = (name: keyof AuditFilters) => (event: { target: { value: string } }) =>
    setFilters((current) => ({ ...current, [name]: event.target.value }));

  return (
    <section aria-labelledby="activity-title" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="activity-title" className="text-lg font-semibold">
            {t('activity.title')}
          </h2>
          <p className="text-sm text-zinc-400">{t('activity.subtitle')}</p>
        </div>
        <Button size="sm" variant="secondary" className="rounded-lg" onClick={download} disabled={downloading}>
          {downloading && <Spinner className="size-4" />}
          {t('activity.csv')}
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <div className="space-y-1">
          <label htmlFor={ids.operator} className="text-xs text-zinc-300">
            {t('activity.operator')}
          </label>
          <select id={ids.operator} value={filters.operator} onChange={set('operator')} className={selectClass}>
            <option value="">{t('activity.anyOperator')}</option>
            {[...operators].map(([id, name]) => (
              <option key={id} value={String(id)}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={ids.action} className="text-xs text-zinc-300">
            {t('activity.action')}
          </label>
          <select id={ids.action} value={filters.action} onChange={set('action')} className={selectClass}>
            <option value="">{t('activity.anyAction')}</option>
            {FAMILIES.map((family) => (
              <option key={family} value={family}>
                {t(`activity.families.${family}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <label htmlFor={ids.from} className="text-xs text-zinc-300">
            {t('activity.from')}
          </label>
          <input id={ids.from} type="date" value={filters.from} onChange={set('from')} className={inputClass} />
        </div>
        <div className="space-y-1">
          <label htmlFor={ids.to} className="text-xs text-zinc-300">
            {t('activity.to')}
          </label>
          <input id={ids.to} type="date" value={filters.to} onChange={set('to')} className={inputClass} />
        </div>
      </div>
      {log.isPending ? (
        <Spinner />
      ) : log.isError ? (
        <p role="alert">{t('activity.loadFailed')}</p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-zinc-400">{t('activity.empty')}</p>
      ) : (
        <div className={`${panelClass} overflow-x-auto`}>
          <table className="w-full text-sm">
            <thead className="text-xs text-zinc-400">
              <tr>
                {(['when', 'who', 'what', 'object', 'changes', 'reason', 'address'] as const).map((column) => (
                  <th key={column} scope="col" className="px-3 py-2 text-start font-medium">
                    {t(`activity.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr
                  key={entry.id}
                  className="border-t border-white/5 align-top"
                  data-testid="audit-entry"
                  data-action={entry.action}
                >
                  <td className="whitespace-nowrap px-3 py-2 text-zinc-300">{when(entry.at)}</td>
                  <td className="px-3 py-2">
                    {entry.operator.name}
                    {entry.operator.role && (
                      <span className="block text-xs text-zinc-400">{t(`roles.${entry.operator.role}`)}</span>
                    )}
                  </td>
                  <td className="px-3 py-2 font-mono text-xs">{entry.action}</td>
                  <td className="px-3 py-2">{entry.objectLabel ?? entry.objectId ?? ''}</td>
                  <td className="px-3 py-2 break-words">{changesText(entry)}</td>
                  <td className="px-3 py-2">{entry.reason ?? ''}</td>
                  <td className="px-3 py-2 font-mono text-xs text-zinc-400">{entry.address ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {log.hasNextPage && (
        <Button
          size="sm"
          variant="secondary"
          className="rounded-lg"
          onClick={() => log.fetchNextPage()}
          disabled={log.isFetchingNextPage}
        >
          {log.isFetchingNextPage && <Spinner className="size-4" />}
          {t('activity.more')}
        </Button>
      )}
    </section>
  );
}
