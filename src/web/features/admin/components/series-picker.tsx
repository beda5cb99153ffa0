import { useState, type ReactNode } from 'react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import type { Series } from '#contract/series.ts';
import { useSeriesPages } from '../lib/use-series-pages.ts';
import { Pager } from './pager.tsx';
import { Thumbnail } from './thumbnail.tsx';
import { SeriesSearchBox } from './series-search-box.tsx';
import { genreLabel } from '#web/lib/i18n.ts';
import { posterOf } from '#contract/catalogue-display.ts';

export interface SeriesPickerProps {
  /** The candidates are the series not yet in the carousel, or not yet trending: the server leaves the others out. */
  notIn: 'carousel' | 'trending';
  /** Said instead of the picker when every series is already in. */
  allIn: string;
  searchLabel: string;
  searchPlaceholder: string;
  noMatches: string;
  pagerLabel: string;
  /** The control(s) shown on each candidate: an add button, a rank dropdown. */
  renderAction: (series: Series) => ReactNode;
  testId: string;
  /** Columns that fit the action: a wide action (rank dropdown) needs wider cards. */
  gridClass: string;
  /** A few per page keeps the current list in view below the picker. */
  pageSize: number;
  /** 'below' puts a wide action under the title, so the title keeps the card's width. */
  actionPlacement?: 'side' | 'below';
}

/** A searchable, paged grid of series to add; the server searches and pages, whatever the catalogue's size. */
export function SeriesPicker({
  notIn,
  allIn,
  searchLabel,
  searchPlaceholder,
  noMatches,
  pagerLabel,
  renderAction,
  testId,
  gridClass,
  pageSize,
  actionPlacement = 'side',
}: SeriesPickerProps) {
  const [query, setQuery] = useState('');
  const { t } = useTranslation('admin');
  const shown = useSeriesPages({ q: query, genre: null, notIn, limit: pageSize });
  const everyOneIn = !query.trim() && !shown.isPending && !shown.isError && shown.total === 0;

  if (everyOneIn) return <p className="py-6 text-center text-sm text-zinc-400">{allIn}</p>;
  return (
    <div className="space-y-3">
      <SeriesSearchBox
        label={searchLabel}
        placeholder={searchPlaceholder}
        value={query}
        onChange={setQuery}
        className="max-w-sm"
      />
      {shown.isError ? (
        <p role="alert" className="py-6 text-center text-sm text-zinc-300">
          {t('loadFailed')}
        </p>
      ) : shown.isPending ? null : shown.items.length === 0 ? (
        <p className="py-6 text-center text-sm text-zinc-400">{noMatches}</p>
      ) : (
        <ul className={`grid gap-2 ${gridClass}`}>
          {shown.items.map((s) => (
            <li
              key={s.id}
              data-testid={testId}
              data-series-id={s.id}
              className="flex items-center gap-3 rounded-lg border border-white/10 bg-ink-950/60 p-2"
            >
              <Thumbnail src={posterOf(s)} alt={s.title} className="h-14 w-10" />
              <div className="min-w-0 flex-1">
                <p data-testid="item-title" className="line-clamp-2 text-sm leading-snug font-medium">
                  {s.title}
                </p>
                <p className="truncate text-xs text-zinc-400">{genreLabel(s.genre)}</p>
                {actionPlacement === 'below' && <div className="mt-1.5">{renderAction(s)}</div>}
              </div>
              {actionPlacement === 'side' && renderAction(s)}
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={shown.page}
        pages={shown.pages}
        onPage={shown.onPage}
        busy={shown.busy}
        label={pagerLabel}
        summary={
          shown.total
            ? t('content.pagination.showing', { from: shown.from, to: shown.to, total: shown.total })
            : undefined
        }
      />
    </div>
  );
}
