import { useMemo, useState } from 'react';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { GENRES, NEW_RELEASE_LIMIT, type Genre } from '../../../contract/constants.ts';
import type { Series } from '../../../contract/series.ts';
import { paths } from '../../lib/paths.ts';
import { useAllSeries, useNewSeries } from '../../api/get-series-lists.ts';
import { HeroCarousel } from './components/hero-carousel.tsx';
import { SeriesShelf } from './components/series-shelf.tsx';
import { TrendingStrip } from './components/trending-strip.tsx';

const FEATURED_GENRE: Genre = 'Action & Adventure';
const MORE_GENRES = GENRES.filter((genre) => genre !== FEATURED_GENRE);

const genreSlug = (genre: string) => genre.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export default function HomePage() {
  const { t } = useTranslation(['home', 'common']);
  const [showMore, setShowMore] = useState(false);
  const newSeries = useNewSeries();
  const allSeries = useAllSeries();

  const byGenre = useMemo(() => {
    if (!allSeries.data) return undefined;
    const groups = new Map<string, Series[]>();
    for (const series of allSeries.data) groups.set(series.genre, [...(groups.get(series.genre) ?? []), series]);
    return groups;
  }, [allSeries.data]);

  const genreShelf = (genre: Genre) => (
    <SeriesShelf
      key={genre}
      id={`shelf-${genreSlug(genre)}`}
      testId="genre-shelf"
      title={t(`common:genres.${genre}`, { defaultValue: genre })}
      titleHref={paths.discoverGenre(genre)}
      series={byGenre ? (byGenre.get(genre) ?? []) : undefined}
      padToShelfSize
    />
  );

  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 pt-3 pb-6 md:space-y-10 md:px-6 md:pt-6">
      <h1 className="sr-only">{t('title')}</h1>
      <HeroCarousel />
      <SeriesShelf
        id="shelf-new-release"
        testId="new-release-shelf"
        title={t('newRelease')}
        viewAllHref={paths.newReleaseShelf}
        series={newSeries.data?.slice(0, NEW_RELEASE_LIMIT)}
      />
      {genreShelf(FEATURED_GENRE)}
      <div id="more-genres" hidden={!showMore} className="space-y-8 md:space-y-10">
        {showMore && MORE_GENRES.map(genreShelf)}
      </div>
      <div className="flex justify-center">
        <button
          type="button"
          onClick={() => setShowMore((shown) => !shown)}
          aria-expanded={showMore}
          aria-controls="more-genres"
          className="inline-flex h-11 items-center gap-2 rounded-full border border-white/15 bg-white/5 px-6 text-sm font-semibold text-white hover:bg-white/10"
        >
          {showMore ? t('showLess') : t('moreMovies')}
          {showMore ? <ChevronUp className="size-4" aria-hidden /> : <ChevronDown className="size-4" aria-hidden />}
        </button>
      </div>
      <TrendingStrip />
    </div>
  );
}
