import type { ReactNode } from 'react';
import type { Series } from '#contract/series.ts';
import { SeriesCard } from '#web/components/series/series-card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';

type PostersLayout = 'grid' | 'row';

interface PostersProps {
  series: Series[] | undefined;
  loading: boolean;
  /** A grid wraps (3 across on a phone, up to 7 on a wide screen); a row swipes sideways, snapping card by card. */
  layout?: PostersLayout;
  ranked?: boolean;
  eagerCount?: number;
  /** How many of the first posters are fetched first (the page's first row). */
  priorityCount?: number;
  skeletons?: number;
}

/** A titled set of posters, in a grid or in one row. */
export function SeriesSection({
  id,
  title,
  action,
  ...posters
}: PostersProps & { id: string; title: string; action?: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} data-testid={`section-${id}`}>
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id={`${id}-heading`} className="text-lg font-bold md:text-xl">
          {title}
        </h2>
        {action}
      </div>
      <SeriesPosters {...posters} />
    </section>
  );
}

// A row never pushes the rest of the page down: it scrolls sideways instead.
const listClass: Record<PostersLayout, string> = {
  grid: 'grid grid-cols-3 gap-x-3 gap-y-5 sm:grid-cols-4 md:grid-cols-5 lg:grid-cols-7',
  row: '-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-1 [scrollbar-width:none] md:-mx-6 md:scroll-px-6 md:px-6',
};
const itemClass: Record<PostersLayout, string | undefined> = {
  grid: undefined,
  row: 'w-[7.25rem] shrink-0 snap-start sm:w-36 lg:w-40',
};

export function SeriesPosters({
  series,
  loading,
  layout = 'grid',
  ranked = false,
  eagerCount = 0,
  priorityCount = 0,
  skeletons = 6,
}: PostersProps) {
  if (!series && !loading) return null;
  if (loading || !series) {
    return (
      <div className={listClass[layout]} aria-hidden>
        {Array.from({ length: skeletons }, (_, i) => (
          <div key={i} className={itemClass[layout]}>
            <Skeleton className="aspect-[9/16] rounded-xl" />
            <Skeleton className="mt-2 h-3.5 w-4/5" />
          </div>
        ))}
      </div>
    );
  }
  return (
    <ul className={listClass[layout]}>
      {series.map((item, index) => (
        <li key={item.id} className={itemClass[layout]}>
          <SeriesCard
            series={item}
            rank={ranked ? index + 1 : undefined}
            eager={index < eagerCount}
            priority={index < priorityCount}
          />
        </li>
      ))}
    </ul>
  );
}
