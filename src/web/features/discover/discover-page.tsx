import { Search, SearchX, X } from 'lucide-react';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { useSearchParams } from 'wouter';
import { GENRES, MOST_POPULAR_LIMIT, SERIES_PAGE_SIZE, type Genre } from '#contract/constants.ts';
import { useSeriesListPages, useSeriesShelf } from '../../api/get-series-lists.ts';
import { useSeriesSearch } from '../../api/search-series.ts';
import { genreLabel } from '../../lib/i18n.ts';
import { usePagedSeries } from '../../lib/use-paged-series.ts';
import { SeriesPosters, SeriesSection } from './components/series-section.tsx';

const isGenre = (value: string | null): value is Genre => (GENRES as readonly string[]).includes(value ?? '');

export default function DiscoverPage() {
  const { t } = useTranslation('discover');
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.get('q') ?? '';
  const genreParam = searchParams.get('genre');
  const genre = isGenre(genreParam) ? genreParam : null;
  const words = query.trim() !== '';
  const filtered = genre !== null || words;

  const fresh = useSeriesShelf({ list: 'new', limit: SERIES_PAGE_SIZE }, !filtered);
  const popular = useSeriesShelf({ list: 'popular', limit: MOST_POPULAR_LIMIT }, !filtered);
  // All Series without words, one genre's series with a chip alone: pages of the catalogue lists; words: a search.
  const listed = useSeriesListPages({ list: 'all', genre, limit: SERIES_PAGE_SIZE }, !words);
  const searched = useSeriesSearch({ q: query, genre }, words);
  const search = words ? searched : listed;
  const all = usePagedSeries(listed, !filtered);
  const results = usePagedSeries(search, filtered);

  // The URL follows the search box and the chips, so a filtered view can be shared and survives a reload.
  const update = (changes: { q?: string; genre?: Genre | null }) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (changes.q !== undefined) {
          if (changes.q) next.set('q', changes.q);
          else next.delete('q');
        }
        if (changes.genre !== undefined) {
          if (changes.genre) next.set('genre', changes.genre);
          else next.delete('genre');
        }
        return next;
      },
      { replace: true },
    );

  const chip = (active: boolean) =>
    `h-9 shrink-0 rounded-full px-4 text-sm font-medium whitespace-nowrap transition-colors ${
      active
        ? 'bg-white text-black'
        : 'bg-white/[0.07] text-zinc-300 ring-1 ring-white/10 hover:bg-white/15 hover:text-white'
    }`;

  return (
    <div className="mx-auto max-w-7xl px-4 pt-4 pb-10 md:px-6 md:pt-8">
      <h1 className="sr-only">{t('title')}</h1>
      <form role="search" onSubmit={(event) => event.preventDefault()} className="relative">
        <label htmlFor="discover-search" className="sr-only">
          {t('searchLabel')}
        </label>
        <Search
          className="pointer-events-none absolute top-1/2 start-4 size-5 -translate-y-1/2 text-zinc-400"
          aria-hidden
        />
        <input
          id="discover-search"
          type="search"
          value={query}
          onChange={(event) => update({ q: event.target.value })}
          placeholder={t('searchPlaceholder')}
          enterKeyHint="search"
          autoComplete="off"
          className="h-12 w-full rounded-full border border-white/10 bg-white/[0.06] pe-12 ps-12 text-base text-white placeholder:text-zinc-400 focus:border-rose-500/70 focus:bg-white/10 focus:outline-none [&::-webkit-search-cancel-button]:hidden"
        />
        {query && (
          <button
            type="button"
            onClick={() => update({ q: '' })}
            aria-label={t('clearSearch')}
            className="absolute top-1/2 end-2 flex size-9 -translate-y-1/2 items-center justify-center rounded-full text-zinc-400 hover:bg-white/10 hover:text-white"
          >
            <X className="size-4" aria-hidden />
          </button>
        )}
      </form>

      <div
        role="group"
        aria-label={t('genres')}
        className="-mx-4 mt-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] md:mx-0 md:flex-wrap md:px-0"
      >
        <button
          type="button"
          aria-pressed={genre === null}
          onClick={() => update({ genre: null })}
          className={chip(genre === null)}
        >
          {t('all')}
        </button>
        {GENRES.map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={genre === name}
            onClick={() => update({ genre: name })}
            className={chip(genre === name)}
          >
            {genreLabel(name)}
          </button>
        ))}
      </div>

      <div className="mt-6 space-y-10">
        {filtered ? (
          <section aria-labelledby="results-heading">
            <div className="mb-3 flex items-baseline justify-between gap-3">
              <h2 id="results-heading" className="text-lg font-bold md:text-xl">
                {genre && !query.trim() ? genreLabel(genre) : t('results')}
              </h2>
              {search.isSuccess && (
                <p className="text-sm text-zinc-400" role="status">
                  {t('resultCount', { count: results.total })}
                </p>
              )}
            </div>
            {search.isError ? (
              <LoadError />
            ) : search.isSuccess && results.items.length === 0 ? (
              <div className="flex flex-col items-center gap-3 rounded-2xl bg-white/[0.03] px-6 py-14 text-center ring-1 ring-white/5">
                <SearchX className="size-10 text-zinc-600" aria-hidden />
                <p className="text-base font-semibold text-zinc-200">{t('noResults')}</p>
                <button
                  type="button"
                  onClick={() => update({ q: '', genre: null })}
                  className="rounded-full bg-white/10 px-4 py-2 text-sm font-semibold hover:bg-white/15"
                >
                  {t('clearFilters')}
                </button>
              </div>
            ) : (
              <>
                <SeriesPosters
                  series={results.items}
                  loading={search.isPending}
                  eagerCount={6}
                  priorityCount={3}
                  skeletons={9}
                />
                <div ref={results.sentinel} aria-hidden />
              </>
            )}
          </section>
        ) : (
          <>
            <SeriesSection
              id="new"
              title={t('newReleases')}
              series={fresh.data?.items}
              loading={fresh.isPending}
              eagerCount={4}
              priorityCount={3}
              layout="row"
            />
            {fresh.isError && <LoadError />}
            <SeriesSection
              id="popular"
              title={t('mostPopular')}
              series={popular.data?.items}
              loading={popular.isPending}
              ranked
              layout="row"
              skeletons={MOST_POPULAR_LIMIT}
            />
            {popular.isError && <LoadError />}
            <SeriesSection
              id="all"
              title={t('allSeries')}
              series={listed.isPending ? undefined : all.items}
              loading={listed.isPending}
              skeletons={12}
            />
            <div ref={all.sentinel} aria-hidden />
            {listed.isError && <LoadError />}
          </>
        )}
      </div>
    </div>
  );
}

function LoadError() {
  const { t } = useTranslation('discover');
  return (
    <p role="alert" className="text-sm text-red-300">
      {t('loadError')}
    </p>
  );
}
