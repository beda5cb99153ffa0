import { useId, useState } from 'react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { GENRES, type Genre } from '#contract/constants.ts';
import type { Series } from '#contract/series.ts';
import { formatNumber } from '#web/lib/format.ts';
import { useSeriesPages } from '../lib/use-series-pages.ts';
import { Pager } from './pager.tsx';
import { SeriesEditRow, SeriesRow } from './series-rows.tsx';
import { SeriesCard, SeriesEditCard } from './series-cards.tsx';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { DeleteSeriesDialog } from './delete-series-dialog.tsx';
import { TranslationsDialog } from './translations-dialog.tsx';
import { useSeriesLanguages } from '../api/get-series-languages.ts';
import { panelClass, selectClass } from './styles.ts';
import { SeriesSearchBox } from './series-search-box.tsx';
import { genreLabel } from '#web/lib/i18n.ts';

/** Twenty-five rows a page; the server searches and pages, so the catalogue's size does not matter here. */
const PAGE_SIZE = 25;

export function ContentTab({ catalogueEmpty }: { catalogueEmpty: boolean }) {
  const { t } = useTranslation('admin');
  const [query, setQuery] = useState('');
  const [genre, setGenre] = useState('');
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Series | null>(null);
  const [translating, setTranslating] = useState<Series | null>(null);
  const languages = useSeriesLanguages(true).data;
  const genreId = useId();
  // A table from tablet width up; cards on a phone, where eight columns do not fit.
  const wide = useMediaQuery('(min-width: 768px)');

  const shown = useSeriesPages({ q: query, genre: (genre || null) as Genre | null, limit: PAGE_SIZE });
  const columns = ['title', 'genre', 'episodes', 'rating', 'thumbnails', 'likes', 'status', 'actions'] as const;

  return (
    <section aria-labelledby="series-management-title" className={panelClass}>
      <div className="flex flex-col gap-3 border-b border-white/10 p-4 md:flex-row md:items-end md:justify-between">
        <div>
          <h2 id="series-management-title" className="text-base font-semibold">
            {t('content.title')}
          </h2>
          <p className="text-xs text-zinc-400">{t('content.subtitle')}</p>
        </div>
        <div className="flex flex-col gap-2 sm:flex-row">
          <SeriesSearchBox
            label={t('content.searchLabel')}
            placeholder={t('content.searchPlaceholder')}
            value={query}
            onChange={setQuery}
            className="sm:w-72"
          />
          <div className="sm:w-48">
            <label htmlFor={genreId} className="sr-only">
              {t('content.genreFilterLabel')}
            </label>
            <select
              id={genreId}
              value={genre}
              onChange={(event) => {
                setGenre(event.target.value);
              }}
              className={selectClass}
            >
              <option value="">{t('content.allGenres')}</option>
              {GENRES.map((g) => (
                <option key={g} value={g}>
                  {genreLabel(g)}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>

      {wide ? (
        <div className="overflow-x-auto">
          {/* Fixed column widths, so turning a row into inputs does not shift the columns. */}
          <table className="w-full min-w-[1000px] table-fixed text-start text-sm">
            <colgroup>
              <col />
              <col className="w-44" />
              <col className="w-24" />
              <col className="w-24" />
              <col className="w-56" />
              <col className="w-24" />
              <col className="w-24" />
              <col className="w-40" />
            </colgroup>
            <thead className="bg-white/[0.03] text-xs tracking-wide text-zinc-400 uppercase">
              <tr>
                {columns.map((column) => (
                  <th key={column} scope="col" className="px-3 py-2.5 font-medium first:ps-4 last:pe-4 last:text-end">
                    {t(`content.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-white/5">
              {shown.items.map((s) =>
                s.id === editingId ? (
                  <SeriesEditRow key={s.id} series={s} onDone={() => setEditingId(null)} />
                ) : (
                  <SeriesRow
                    key={s.id}
                    series={s}
                    languages={languages?.get(s.id)}
                    onEdit={() => setEditingId(s.id)}
                    onTranslate={() => setTranslating(s)}
                    onDelete={() => setDeleting(s)}
                  />
                ),
              )}
            </tbody>
          </table>
        </div>
      ) : (
        <ul className="divide-y divide-white/5" aria-labelledby="series-management-title">
          {shown.items.map((s) =>
            s.id === editingId ? (
              <SeriesEditCard key={s.id} series={s} onDone={() => setEditingId(null)} />
            ) : (
              <SeriesCard
                key={s.id}
                series={s}
                languages={languages?.get(s.id)}
                onEdit={() => setEditingId(s.id)}
                onTranslate={() => setTranslating(s)}
                onDelete={() => setDeleting(s)}
              />
            ),
          )}
        </ul>
      )}
      {shown.isError ? (
        <p role="alert" className="px-4 py-10 text-center text-sm text-zinc-300">
          {t('loadFailed')}
        </p>
      ) : (
        !shown.isPending &&
        shown.total === 0 && (
          <p className="px-4 py-10 text-center text-sm text-zinc-400">
            {catalogueEmpty ? t('content.empty') : t('content.noResults')}
          </p>
        )
      )}

      <div className="border-t border-white/10 px-4 py-2.5">
        <Pager
          page={shown.page}
          pages={shown.pages}
          onPage={shown.onPage}
          busy={shown.busy}
          label={t('content.pagination.label')}
          summary={
            shown.total
              ? t('content.pagination.showing', {
                  from: formatNumber(shown.from),
                  to: formatNumber(shown.to),
                  total: formatNumber(shown.total),
                })
              : undefined
          }
        />
      </div>

      <TranslationsDialog series={translating} onClose={() => setTranslating(null)} />

      <DeleteSeriesDialog
        series={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(id) => {
          if (id === editingId) setEditingId(null);
        }}
      />
    </section>
  );
}
