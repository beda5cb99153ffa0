import { ChevronRight, Flame } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { Link } from 'wouter';
import { TRENDING_SKELETONS } from '#contract/constants.ts';
import { paths } from '#web/lib/paths.ts';
import { useTrending } from '#web/api/get-trending.ts';
import { TrendingCard, TrendingCardSkeleton } from '#web/components/series/trending-card.tsx';

const row =
  '[scrollbar-width:none] [&::-webkit-scrollbar]:hidden relative -mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-1 md:-mx-6 md:scroll-px-6 md:px-6';
const cell = 'w-[18.5rem] shrink-0 snap-start sm:w-80';

/** Up to 7 ranked items, 5 skeletons while loading, hidden when the list is empty. */
export function TrendingStrip() {
  const { t } = useTranslation('home');
  const trending = useTrending();
  if (trending.isSuccess && trending.data.length === 0) return null;
  if (trending.isError) return null;

  return (
    <section aria-labelledby="trending-title" data-testid="trending-strip">
      <div className="mb-3 flex items-end justify-between gap-4">
        <h2 id="trending-title" className="flex items-center gap-1.5 text-lg font-bold text-white md:text-xl">
          <Flame className="size-5 text-orange-400" aria-hidden />
          {t('trendingNow')}
        </h2>
        <Link
          href={paths.trending}
          className="flex shrink-0 items-center gap-0.5 rounded text-sm font-medium text-zinc-400 hover:text-white"
        >
          {t('viewAll')}
          <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden />
        </Link>
      </div>
      <ol className={row}>
        {trending.data
          ? trending.data.map((item) => (
              <li key={item.id} className={cell}>
                <TrendingCard item={item} className="h-full" />
              </li>
            ))
          : Array.from({ length: TRENDING_SKELETONS }, (_, i) => (
              <li key={`skeleton-${i}`} className={cell} aria-hidden>
                <TrendingCardSkeleton />
              </li>
            ))}
      </ol>
    </section>
  );
}
