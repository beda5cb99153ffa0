import { Sparkles } from 'lucide-react';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { SERIES_PAGE_SIZE } from '#contract/constants.ts';
import { useSeriesListPages } from '../../api/get-series-lists.ts';
import { SeriesCard } from '../../components/series/series-card.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { usePagedSeries } from '../../lib/use-paged-series.ts';

/** Every new series, not just the seven of the home shelf, a page at a time as the viewer scrolls. */
export default function NewReleaseShelfPage() {
  const { t } = useTranslation(['home', 'common']);
  const newSeries = useSeriesListPages({ list: 'new', limit: SERIES_PAGE_SIZE });
  const { items, sentinel } = usePagedSeries(newSeries);

  return (
    <div className="mx-auto max-w-7xl px-4 pt-5 pb-8 md:px-6 md:pt-8">
      <h1 className="flex items-center gap-2 text-2xl font-black text-white md:text-3xl">
        <Sparkles className="size-6 text-rose-400" aria-hidden />
        {t('newRelease')}
      </h1>
      {newSeries.isPending ? (
        <PageSpinner label={t('common:loadingSeries')} />
      ) : newSeries.isError ? (
        <p role="alert" className="mt-8 text-zinc-300">
          {t('loadError')}
        </p>
      ) : items.length === 0 ? (
        <p className="mt-8 text-zinc-400">{t('newReleaseEmpty')}</p>
      ) : (
        <>
          <ul
            className="mt-5 grid grid-cols-3 gap-x-3 gap-y-5 sm:grid-cols-4 md:grid-cols-5 lg:grid-cols-7 lg:gap-x-4"
            data-testid="new-release-grid"
          >
            {items.map((series, i) => (
              <li key={series.id}>
                <SeriesCard series={series} eager={i < 6} priority={i < 3} headingLevel={2} />
              </li>
            ))}
          </ul>
          <div ref={sentinel} aria-hidden />
        </>
      )}
    </div>
  );
}
