import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import type { Series } from '#contract/series.ts';
import { formatNumber } from '#web/lib/format.ts';
import { useSeriesEditor } from './series-editor.tsx';
import { Thumbnail } from './thumbnail.tsx';
import { SeriesActions } from './series-actions.tsx';
import { genreLabel } from '#web/lib/i18n.ts';
import { useLanguageName } from '../lib/language-name.ts';
import { posterOf } from '#contract/catalogue-display.ts';

const cell = 'px-3 py-2.5 align-middle first:ps-4 last:pe-4';

export function StatusBadges({ isNew, isFree }: Pick<Series, 'isNew' | 'isFree'>) {
  const { t } = useTranslation('admin');
  return (
    <span className="flex flex-wrap gap-1">
      {isNew && (
        <span className="rounded bg-brand-600/20 px-1.5 py-0.5 text-[11px] font-semibold text-brand-300">
          {t('content.badgeNew')}
        </span>
      )}
      {isFree && (
        <span className="rounded bg-emerald-500/15 px-1.5 py-0.5 text-[11px] font-semibold text-emerald-300">
          {t('content.badgeFree')}
        </span>
      )}
    </span>
  );
}

export function ThumbnailPreviews({
  series,
}: {
  series: Pick<Series, 'title' | 'thumbnailUrl' | 'verticalThumbnailUrl'>;
}) {
  const { t } = useTranslation('admin');
  return (
    <span className="flex items-end gap-2">
      <span className="flex flex-col items-center gap-0.5">
        <Thumbnail
          src={series.thumbnailUrl}
          alt={t('content.regularAlt', { title: series.title })}
          className="h-9 w-16"
        />
        <span className="text-[10px] text-zinc-400">{t('content.regular')}</span>
      </span>
      <span className="flex flex-col items-center gap-0.5">
        <Thumbnail
          src={series.verticalThumbnailUrl}
          alt={t('content.verticalAlt', { title: series.title })}
          className="h-9 w-5"
        />
        <span className="text-[10px] text-zinc-400">
          {series.verticalThumbnailUrl ? t('content.vertical') : t('content.none')}
        </span>
      </span>
    </span>
  );
}

/** The languages a series is translated into, as short tags (each named for screen readers). */
export function SeriesLanguagesList({ languages }: { languages: readonly string[] | undefined }) {
  const { t } = useTranslation('admin');
  const languageName = useLanguageName();
  if (!languages?.length) return null;
  return (
    <ul
      aria-label={t('translations.languagesLabel')}
      className="mt-1 flex flex-wrap gap-1"
      data-testid="series-languages"
    >
      {languages.map((tag) => (
        <li
          key={tag}
          title={languageName(tag)}
          className="rounded bg-sky-500/15 px-1.5 py-0.5 font-mono text-[10px] leading-none text-sky-200"
        >
          <span aria-hidden>{tag}</span>
          <span className="sr-only">{languageName(tag)}</span>
        </li>
      ))}
    </ul>
  );
}

export interface SeriesRowProps {
  series: Series;
  /** The languages it is translated into. */
  languages: readonly string[] | undefined;
  onEdit: () => void;
  onTranslate: () => void;
  onDelete: () => void;
}

export function SeriesRow({ series, languages, onEdit, onTranslate, onDelete }: SeriesRowProps) {
  const { t } = useTranslation('admin');
  return (
    <tr className="hover:bg-white/[0.02]" data-testid="series-row" data-series-id={series.id}>
      <td className={cell}>
        <div className="flex items-center gap-3">
          <Thumbnail src={posterOf(series)} alt={series.title} className="h-14 w-10" />
          <div className="min-w-0">
            <p className="truncate font-medium text-white">{series.title}</p>
            <p className="line-clamp-2 text-xs text-zinc-400">{series.description}</p>
            <SeriesLanguagesList languages={languages} />
          </div>
        </div>
      </td>
      <td className={cell}>
        <span className="rounded-full bg-white/5 px-2 py-0.5 text-xs whitespace-nowrap text-zinc-300">
          {genreLabel(series.genre)}
        </span>
      </td>
      <td className={`${cell} tabular-nums`}>{formatNumber(series.totalEpisodes)}</td>
      <td className={`${cell} tabular-nums`}>{t('content.ratingPercent', { rating: series.rating })}</td>
      <td className={cell}>
        <ThumbnailPreviews series={series} />
      </td>
      <td className={`${cell} tabular-nums`}>{formatNumber(series.likes)}</td>
      <td className={cell}>
        <StatusBadges isNew={series.isNew} isFree={series.isFree} />
      </td>
      <td className={`${cell} text-end`}>
        <SeriesActions
          series={series}
          onEdit={onEdit}
          onTranslate={onTranslate}
          onDelete={onDelete}
          className="inline-flex gap-1"
        />
      </td>
    </tr>
  );
}

export function SeriesEditRow({ series, onDone }: { series: Series; onDone: () => void }) {
  const { draft, onKeyDown, controls } = useSeriesEditor(series, onDone);
  return (
    <tr className="bg-brand-600/[0.06]" data-testid="series-edit-row" data-series-id={series.id} onKeyDown={onKeyDown}>
      <td className={`${cell} align-top`}>
        <div className="flex items-start gap-3">
          <Thumbnail src={posterOf(draft)} alt={draft.title || series.title} className="h-14 w-10" />
          <div className="min-w-0 flex-1">{controls.title}</div>
        </div>
      </td>
      <td className={`${cell} align-top`}>{controls.genre}</td>
      <td className={`${cell} align-top`}>{controls.totalEpisodes}</td>
      <td className={`${cell} align-top`}>{controls.rating}</td>
      <td className={`${cell} align-top`}>
        <div className="space-y-1.5">
          {controls.thumbnailUrl}
          {controls.verticalThumbnailUrl}
        </div>
      </td>
      <td className={`${cell} align-top tabular-nums text-zinc-400`}>
        <span className="inline-block pt-2">{formatNumber(series.likes)}</span>
      </td>
      <td className={`${cell} align-top`}>
        <div className="space-y-2 pt-1.5 text-xs">
          {controls.isNew}
          {controls.isFree}
        </div>
      </td>
      <td className={`${cell} align-top text-end`}>
        <span className="inline-flex gap-1 pt-0.5">
          {controls.save}
          {controls.cancel}
        </span>
      </td>
    </tr>
  );
}
