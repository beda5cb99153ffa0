import type { ReactNode } from 'react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import type { Series } from '#contract/series.ts';
import { formatNumber } from '#web/lib/format.ts';
import { useSeriesEditor } from './series-editor.tsx';
import { SeriesLanguagesList, StatusBadges, ThumbnailPreviews, type SeriesRowProps } from './series-rows.tsx';
import { SeriesActions } from './series-actions.tsx';
import { Thumbnail } from './thumbnail.tsx';
import { genreLabel } from '#web/lib/i18n.ts';
import { posterOf } from '#contract/catalogue-display.ts';

/** On a phone each series is a card with the table's facts, in the same order as its columns. */
export function SeriesCard({ series, languages, onEdit, onTranslate, onDelete }: SeriesRowProps) {
  const { t } = useTranslation('admin');
  const facts: [string, string][] = [
    [t('content.columns.episodes'), formatNumber(series.totalEpisodes)],
    [t('content.columns.rating'), t('content.ratingPercent', { rating: series.rating })],
    [t('content.columns.likes'), formatNumber(series.likes)],
  ];
  return (
    <li data-testid="series-card" data-series-id={series.id} className="flex gap-3 p-3">
      <Thumbnail src={posterOf(series)} alt={series.title} className="h-24 w-16" />
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <p className="line-clamp-2 text-sm leading-snug font-medium">{series.title}</p>
            <p className="line-clamp-2 text-xs text-zinc-400">{series.description}</p>
            <SeriesLanguagesList languages={languages} />
          </div>
          <SeriesActions
            series={series}
            onEdit={onEdit}
            onTranslate={onTranslate}
            onDelete={onDelete}
            className="-mt-1 -me-1 flex shrink-0"
          />
        </div>
        <div className="flex flex-wrap items-center gap-1.5">
          <span className="rounded-full bg-white/5 px-2 py-0.5 text-[11px] text-zinc-300">
            {genreLabel(series.genre)}
          </span>
          <StatusBadges isNew={series.isNew} isFree={series.isFree} />
        </div>
        <dl className="flex flex-wrap gap-x-4 gap-y-0.5 text-xs">
          {facts.map(([label, value]) => (
            <div key={label} className="flex gap-1">
              <dt className="text-zinc-400">{label}</dt>
              <dd className="tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        <ThumbnailPreviews series={series} />
      </div>
    </li>
  );
}

/** The card's edit mode: the same inputs as the table's edit row, stacked with visible labels. */
export function SeriesEditCard({ series, onDone }: { series: Series; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const { onKeyDown, controls } = useSeriesEditor(series, onDone);
  const labelled = (label: string, control: ReactNode, className = '') => (
    <div className={`space-y-1 ${className}`}>
      <span className="block text-[11px] font-medium text-zinc-400" aria-hidden>
        {label}
      </span>
      {control}
    </div>
  );
  return (
    <li
      data-testid="series-edit-row"
      data-series-id={series.id}
      onKeyDown={onKeyDown}
      className="space-y-3 bg-brand-600/[0.06] p-3"
    >
      {labelled(t('content.fields.title'), controls.title)}
      <div className="grid grid-cols-2 gap-3">
        {labelled(t('content.fields.genre'), controls.genre, 'col-span-2')}
        {labelled(t('content.fields.totalEpisodes'), controls.totalEpisodes)}
        {labelled(t('content.fields.rating'), controls.rating)}
      </div>
      {labelled(t('content.fields.thumbnailUrl'), controls.thumbnailUrl)}
      {labelled(t('content.fields.verticalThumbnailUrl'), controls.verticalThumbnailUrl)}
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="flex gap-5">
          {controls.isNew}
          {controls.isFree}
        </span>
        <span className="flex gap-1">
          {controls.save}
          {controls.cancel}
        </span>
      </div>
      <p className="text-xs text-zinc-400">
        {t('content.columns.likes')}: {formatNumber(series.likes)}
      </p>
    </li>
  );
}
