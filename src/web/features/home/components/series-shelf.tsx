import type { ReactNode } from 'react';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { Link } from 'wouter';
import { SHELF_SIZE } from '#contract/constants.ts';
import {
  ComingSoonCard,
  SeriesCard,
  SeriesCardSkeleton,
  type SeriesCardSeries,
} from '#web/components/series/series-card.tsx';

// Phones scroll the row sideways (about three and a bit posters in view); large screens show all seven.
const row =
  '[scrollbar-width:none] [&::-webkit-scrollbar]:hidden relative -mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-1 md:-mx-6 md:scroll-px-6 md:px-6 lg:mx-0 lg:grid lg:grid-cols-7 lg:gap-4 lg:overflow-visible lg:px-0';
const cell = 'w-[7.25rem] shrink-0 snap-start sm:w-36 lg:w-auto';

export interface SeriesShelfProps {
  title: ReactNode;
  /** The shelf's "View all" target; the genre shelves link their title instead. */
  viewAllHref?: string;
  titleHref?: string;
  series: SeriesCardSeries[] | undefined;
  /** Pad with Coming Soon cards up to seven (the genre shelves). */
  padToShelfSize?: boolean;
  testId?: string;
  id?: string;
}

export function SeriesShelf({
  title,
  viewAllHref,
  titleHref,
  series,
  padToShelfSize = false,
  testId,
  id,
}: SeriesShelfProps) {
  const { t } = useTranslation('home');
  const shown = series?.slice(0, SHELF_SIZE) ?? [];
  const padding = padToShelfSize && series ? Math.max(0, SHELF_SIZE - shown.length) : 0;
  const headingId = id ? `${id}-title` : undefined;

  return (
    <section aria-labelledby={headingId} data-testid={testId} id={id}>
      <div className="mb-3 flex items-end justify-between gap-4">
        <h2 id={headingId} className="text-lg font-bold text-white md:text-xl">
          {titleHref ? (
            <Link href={titleHref} className="group inline-flex items-center gap-1 rounded hover:text-rose-300">
              {title}
              <ChevronRight
                className="size-5 text-zinc-500 transition-transform group-hover:translate-x-0.5 group-hover:text-rose-300 rtl:-scale-x-100 rtl:group-hover:-translate-x-0.5"
                aria-hidden
              />
            </Link>
          ) : (
            title
          )}
        </h2>
        {viewAllHref && (
          <Link
            href={viewAllHref}
            className="flex shrink-0 items-center gap-0.5 rounded text-sm font-medium text-zinc-400 hover:text-white"
          >
            {t('viewAll')}
            <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden />
          </Link>
        )}
      </div>
      <ul className={row}>
        {series
          ? shown.map((s) => (
              <li key={s.id} className={cell}>
                <SeriesCard series={s} />
              </li>
            ))
          : Array.from({ length: SHELF_SIZE }, (_, i) => (
              <li key={`skeleton-${i}`} className={cell} aria-hidden>
                <SeriesCardSkeleton />
              </li>
            ))}
        {Array.from({ length: padding }, (_, i) => (
          <li key={`soon-${i}`} className={cell}>
            <ComingSoonCard />
          </li>
        ))}
      </ul>
    </section>
  );
}
