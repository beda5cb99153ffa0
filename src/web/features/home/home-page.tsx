import { useState } from 'react';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { FEATURED_GENRE, GENRES, NEW_RELEASE_LIMIT, SHELF_SIZE, type Genre } from '#contract/constants.ts';
import { paths } from '../../lib/paths.ts';
import { useSeriesShelf } from '../../api/get-series-lists.ts';
import { HeroCarousel } from './components/hero-carousel.tsx';
import { SeriesShelf } from './components/series-shelf.tsx';
import { TrendingStrip } from './components/trending-strip.tsx';

const MORE_GENRES = GENRES.filter((genre) => genre !== FEATURED_GENRE);

const genreSlug = (genre: string) => genre.toLowerCase().replace(/[^a-z0-9]+/g, '-');

export default function HomePage() {
  const { t } = useTranslation(['home', 'common']);
  const [showMore, setShowMore] = useState(false);
  const newSeries = useSeriesShelf({ list: 'new', limit: NEW_RELEASE_LIMIT });
  const genreShelf = (genre: Genre) => <GenreShelf key={genre} genre={genre} />;

  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 pt-3 pb-6 md:space-y-10 md:px-6 md:pt-6">
      <h1 className="sr-only">{t('title')}</h1>
      <HeroCarousel />
      <SeriesShelf
        id="shelf-new-release"
        testId="new-release-shelf"
        title={t('newRelease')}
        viewAllHref={paths.newReleaseShelf}
        series={newSeries.data?.items}
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

/** A genre's first seven series, newest first, padded with Coming Soon cards. */
function GenreShelf({ genre }: { genre: Genre }) {
  const { t } = useTranslation('common');
  const shelf = useSeriesShelf({ list: 'all', genre, limit: SHELF_SIZE });
  return (
    <SeriesShelf
      id={`shelf-${genreSlug(genre)}`}
      testId="genre-shelf"
      title={t(`genres.${genre}`, { defaultValue: genre })}
      titleHref={paths.discoverGenre(genre)}
      series={shelf.data?.items}
      padToShelfSize
    />
  );
}
