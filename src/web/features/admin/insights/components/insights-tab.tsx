import { useId, useMemo, useState } from 'react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import type { EpisodeFunnelRow, InsightsRange, SeriesMoney, StartupDay } from '#contract/insights.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { formatNumber, formatPercent, formatPrice } from '#web/lib/format.ts';
import { formatDuration } from '#web/lib/format-duration.ts';
import { controlBase, panelClass, selectClass } from '../../components/styles.ts';
import { useAdminSeriesPage } from '../../api/search-admin-series.ts';
import { useInsightsSummary } from '../api/get-insights-summary.ts';
import { useSeriesInsights } from '../api/get-series-insights.ts';
import { dropOffs, lastDays, worstDropOffs, type RangeChoice } from '../lib/funnel.ts';
import { BarChart } from './bar-chart.tsx';
import { ChartPanel } from './chart-panel.tsx';
import { RevenuePanel } from './revenue-panel.tsx';

const RANGE_CHOICES: readonly RangeChoice[] = ['7', '30', '90', 'custom'];
const WORST_STEPS = 3;
/** Series the funnel's picker offers for a search: the best matches, not the catalogue. */
const FUNNEL_CHOICES = 50;

function useRange() {
  const [choice, setChoice] = useState<RangeChoice>('30');
  const [custom, setCustom] = useState(() => lastDays(30));
  const range: InsightsRange | null =
    choice === 'custom'
      ? custom.from && custom.to && custom.from <= custom.to
        ? custom
        : null
      : lastDays(Number(choice));
  return { choice, setChoice, custom, setCustom, range };
}

/** The Insights tab: where viewers stop watching, and how many pay at the first paid episode. */
export default function InsightsTab() {
  const { t } = useTranslation('insights');
  const { choice, setChoice, custom, setCustom, range } = useRange();
  const summary = useInsightsSummary(range);

  return (
    <div className="space-y-5" data-testid="insights">
      <fieldset className="flex flex-wrap items-end gap-2">
        <legend className="mb-2 text-sm font-semibold">{t('range.label')}</legend>
        <div className="flex gap-1" role="group">
          {RANGE_CHOICES.map((value) => (
            <Button
              key={value}
              size="sm"
              variant={choice === value ? 'primary' : 'secondary'}
              aria-pressed={choice === value}
              onClick={() => setChoice(value)}
            >
              {value === 'custom' ? t('range.custom') : t(`range.days${value}`)}
            </Button>
          ))}
        </div>
        {choice === 'custom' && (
          <div className="flex flex-wrap items-end gap-2">
            <DateField
              label={t('range.from')}
              value={custom.from}
              max={custom.to}
              onChange={(from) => setCustom({ ...custom, from })}
            />
            <DateField
              label={t('range.to')}
              value={custom.to}
              min={custom.from}
              onChange={(to) => setCustom({ ...custom, to })}
            />
          </div>
        )}
      </fieldset>
      {range === null && (
        <p role="alert" className="text-sm text-red-300">
          {t('range.invalid')}
        </p>
      )}

      {summary.isError ? (
        <div className="flex flex-col items-center gap-3 py-8 text-center">
          <p role="alert" className="text-sm text-zinc-300">
            {t('loadFailed')}
          </p>
          <Button variant="secondary" onClick={() => summary.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : !summary.data ? (
        range && (
          <div role="status" className="flex justify-center py-10">
            <Spinner className="size-8" />
            <span className="sr-only">{t('loading')}</span>
          </div>
        )
      ) : (
        <>
          <Headline summary={summary.data} />
          <div className="grid gap-4 lg:grid-cols-2">
            <StartupPanel days={summary.data.startup} />
            <SeriesMoneyPanel rows={summary.data.topSeries} />
          </div>
          {range && <RevenuePanel range={range} />}
          {range && <SeriesFunnel range={range} topSeries={summary.data.topSeries} />}
        </>
      )}
    </div>
  );
}

function DateField(props: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (day: string) => void;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className="text-xs text-zinc-400">
      {props.label}
      <input
        id={id}
        type="date"
        value={props.value}
        min={props.min || undefined}
        max={props.max || undefined}
        onChange={(event) => props.onChange(event.target.value)}
        className={`${controlBase} mt-1 block h-9 px-2`}
      />
    </label>
  );
}

function Headline({ summary }: { summary: NonNullable<ReturnType<typeof useInsightsSummary>['data']> }) {
  const { t } = useTranslation('insights');
  const figures = [
    { key: 'viewers', label: t('headline.viewers'), value: formatNumber(summary.viewers) },
    { key: 'plays', label: t('headline.plays'), value: formatNumber(summary.plays) },
    { key: 'watch-time', label: t('headline.watchTime'), value: formatDuration(summary.watchSeconds) },
    { key: 'completion-rate', label: t('headline.completionRate'), value: formatPercent(summary.completionRate) },
    {
      key: 'paywall-conversion',
      label: t('headline.paywallConversion'),
      value: formatPercent(summary.paywallConversion),
    },
    { key: 'coins-spent', label: t('headline.coinsSpent'), value: formatNumber(summary.coinsSpent) },
    { key: 'money-taken', label: t('headline.moneyTaken'), value: formatPrice(summary.moneyTaken) },
  ];
  return (
    <section aria-label={t('headline.label')}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-7">
        {figures.map((figure) => (
          <div key={figure.key} data-testid={`insight-${figure.key}`} className={`${panelClass} min-w-0 p-3`}>
            <dt className="truncate text-xs font-medium text-zinc-400">{figure.label}</dt>
            <dd className="truncate text-lg font-bold tabular-nums sm:text-xl">{figure.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function StartupPanel({ days }: { days: readonly StartupDay[] }) {
  const { t } = useTranslation('insights');
  const columns = [
    { label: t('startup.day'), value: (d: StartupDay) => d.day },
    { label: t('startup.plays'), value: (d: StartupDay) => d.plays },
    { label: t('startup.p50'), value: (d: StartupDay) => d.p50Ms },
    { label: t('startup.p95'), value: (d: StartupDay) => d.p95Ms },
  ];
  return (
    <ChartPanel
      title={t('startup.title')}
      testId="insights-startup"
      csvName="startup-per-day.csv"
      columns={columns}
      rows={days}
      empty={t('empty')}
      chart={
        <>
          <BarChart
            categories={days.map((d) => d.day.slice(5))}
            series={[
              { key: 'p95', label: t('startup.p95'), values: days.map((d) => d.p95Ms), className: 'fill-sky-400/35' },
              { key: 'p50', label: t('startup.p50'), values: days.map((d) => d.p50Ms), className: 'fill-sky-400' },
            ]}
            summary={t('startup.summary')}
            formatValue={(ms) => `${formatNumber(ms)} ms`}
          />
          <p className="mt-2 flex gap-4 text-xs text-zinc-400" aria-hidden>
            <span className="inline-flex items-center gap-1">
              <span className="size-2.5 rounded-sm bg-sky-400" />
              {t('startup.p50')}
            </span>
            <span className="inline-flex items-center gap-1">
              <span className="size-2.5 rounded-sm bg-sky-400/35" />
              {t('startup.p95')}
            </span>
          </p>
        </>
      }
    />
  );
}

function SeriesMoneyPanel({ rows }: { rows: readonly SeriesMoney[] }) {
  const { t } = useTranslation('insights');
  const columns = [
    { label: t('series.series'), value: (s: SeriesMoney) => s.title },
    { label: t('series.viewers'), value: (s: SeriesMoney) => s.viewers },
    { label: t('series.plays'), value: (s: SeriesMoney) => s.plays },
    { label: t('series.coins'), value: (s: SeriesMoney) => s.coinsSpent },
    { label: t('series.money'), value: (s: SeriesMoney) => s.moneyTaken.toFixed(2) },
  ];
  return (
    <ChartPanel
      title={t('series.title')}
      testId="insights-series-money"
      csvName="coins-and-money-per-series.csv"
      columns={columns}
      rows={rows}
      empty={t('empty')}
      chart={
        <BarChart
          categories={rows.map((s) => (s.title.length > 10 ? `${s.title.slice(0, 9)}…` : s.title))}
          series={[
            {
              key: 'coins',
              label: t('series.coins'),
              values: rows.map((s) => s.coinsSpent),
              className: 'fill-amber-400',
            },
          ]}
          summary={t('series.summary')}
          formatValue={formatNumber}
        />
      }
    />
  );
}

function SeriesFunnel({ range, topSeries }: { range: InsightsRange; topSeries: readonly SeriesMoney[] }) {
  const { t } = useTranslation(['insights', 'admin']);
  const pickerId = useId();
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<{ id: number; title: string } | null>(null);
  const found = useAdminSeriesPage({ q: query, genre: null, limit: FUNNEL_CHOICES }, null);
  // The top series of the range and the server's matches for the search; the chosen one stays offered.
  const sorted = useMemo(() => {
    const titles = new Map<number, string>();
    if (!query.trim()) for (const s of topSeries) titles.set(s.seriesId, s.title);
    for (const s of found.data?.items ?? []) titles.set(s.id, s.title);
    if (chosen) titles.set(chosen.id, chosen.title);
    return [...titles].map(([id, title]) => ({ id, title })).sort((a, b) => a.title.localeCompare(b.title));
  }, [topSeries, found.data, chosen, query]);
  const seriesId = chosen?.id ?? topSeries[0]?.seriesId ?? sorted[0]?.id ?? null;
  const figures = useSeriesInsights(seriesId, range);
  const data = figures.data;
  const steps = useMemo(() => (data ? dropOffs(data.episodes) : []), [data]);
  const worst = useMemo(() => (data ? worstDropOffs(data.episodes, WORST_STEPS) : []), [data]);

  const dropOf = (row: EpisodeFunnelRow) => steps.find((s) => s.to === row.episodeNumber)?.lost ?? 0;
  const columns = [
    { label: t('funnel.episode'), value: (r: EpisodeFunnelRow) => r.episodeNumber },
    { label: t('funnel.viewers'), value: (r: EpisodeFunnelRow) => r.viewers },
    { label: t('funnel.dropOff'), value: dropOf },
    { label: t('funnel.completions'), value: (r: EpisodeFunnelRow) => r.completions },
    { label: t('funnel.completionRate'), value: (r: EpisodeFunnelRow) => formatPercent(r.completionRate) },
    { label: t('funnel.paywallShown'), value: (r: EpisodeFunnelRow) => r.paywallShown },
    { label: t('funnel.unlocks'), value: (r: EpisodeFunnelRow) => r.unlocks },
    { label: t('funnel.coins'), value: (r: EpisodeFunnelRow) => r.coinsSpent },
  ];

  return (
    <section className="space-y-3" aria-labelledby={`${pickerId}-heading`}>
      <div className="flex flex-wrap items-end gap-3">
        <h3 id={`${pickerId}-heading`} className="me-auto text-base font-semibold">
          {t('funnel.heading')}
        </h3>
        <label htmlFor={searchId} className="w-full text-xs text-zinc-400 sm:w-56">
          {t('admin:content.searchLabel')}
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('admin:content.searchPlaceholder')}
            className={`${controlBase} mt-1 h-9 w-full px-3`}
          />
        </label>
        <label htmlFor={pickerId} className="w-full text-xs text-zinc-400 sm:w-72">
          {t('funnel.pick')}
          <select
            id={pickerId}
            className={`${selectClass} mt-1`}
            value={seriesId ?? ''}
            onChange={(event) => {
              const id = Number(event.target.value);
              setChosen(sorted.find((s) => s.id === id) ?? null);
            }}
          >
            {sorted.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
          </select>
        </label>
      </div>
      {figures.isError ? (
        <p role="alert" className="text-sm text-zinc-300">
          {t('loadFailed')}
        </p>
      ) : !data ? (
        seriesId !== null && (
          <div role="status" className="flex justify-center py-6">
            <Spinner className="size-6" />
            <span className="sr-only">{t('loading')}</span>
          </div>
        )
      ) : (
        <>
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <div className={`${panelClass} p-3`} data-testid="insight-series-conversion">
              <dt className="text-xs text-zinc-400">
                {data.firstPaidEpisode === null
                  ? t('funnel.noPaid')
                  : t('funnel.conversionAt', { number: data.firstPaidEpisode })}
              </dt>
              <dd className="text-lg font-bold tabular-nums">{formatPercent(data.paywallConversion)}</dd>
            </div>
            <div className={`${panelClass} p-3`} data-testid="insight-series-coins">
              <dt className="text-xs text-zinc-400">{t('series.coins')}</dt>
              <dd className="text-lg font-bold tabular-nums">{formatNumber(data.coinsSpent)}</dd>
            </div>
            <div className={`${panelClass} p-3`} data-testid="insight-series-money">
              <dt className="text-xs text-zinc-400">{t('series.money')}</dt>
              <dd className="text-lg font-bold tabular-nums">{formatPrice(data.moneyTaken)}</dd>
            </div>
          </dl>
          <ChartPanel
            title={t('funnel.title', { title: data.title })}
            testId="insights-funnel"
            csvName={`funnel-series-${data.seriesId}.csv`}
            columns={columns}
            rows={data.episodes}
            chart={
              <BarChart
                categories={data.episodes.map((r) => String(r.episodeNumber))}
                series={[
                  {
                    key: 'viewers',
                    label: t('funnel.viewers'),
                    values: data.episodes.map((r) => r.viewers),
                    className: 'fill-rose-500',
                  },
                ]}
                summary={t('funnel.summary', { title: data.title })}
                marked={
                  data.firstPaidEpisode === null
                    ? undefined
                    : {
                        index: data.firstPaidEpisode - 1,
                        label: t('funnel.firstPaid', { number: data.firstPaidEpisode }),
                      }
                }
                formatValue={formatNumber}
              />
            }
          />
          <section className={`${panelClass} p-3 sm:p-4`} data-testid="insights-worst-steps">
            <h4 className="mb-2 text-sm font-semibold">{t('losers.title')}</h4>
            {worst.length === 0 ? (
              <p className="text-sm text-zinc-400">{t('losers.none')}</p>
            ) : (
              <ol className="list-decimal space-y-1 ps-5 text-sm">
                {worst.map((step) => (
                  <li key={step.from}>
                    {t('losers.step', {
                      from: step.from,
                      to: step.to,
                      lost: step.lost,
                      share: formatPercent(step.share),
                    })}
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      )}
    </section>
  );
}
