import type { ReactNode } from 'react';
import type { Series } from '../../../../contract/series.ts';
import { SeriesCard } from '../../../components/series/series-card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';

/** A titled grid of posters: 3 across on a phone, up to 7 on a wide screen. */
export function SeriesSection({
  id,
  title,
  series,
  loading,
  ranked = false,
  eagerCount = 0,
  priorityCount = 0,
  action,
  skeletons = 6,
  layout = 'grid',
}: {
  layout?: 'grid' | 'row';
  id: string;
  title: string;
  series: Series[] | undefined;
  loading: boolean;
  ranked?: boolean;
  eagerCount?: number;
  /** How many of the first posters are fetched first (the page's first row). */
  priorityCount?: number;
  action?: ReactNode;
  skeletons?: number;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} data-testid={`section-${id}`}>
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id={`${id}-heading`} className="text-lg font-bold md:text-xl">
          {title}
        </h2>
        {action}
      </div>
      {layout === 'row' ? (
        <SeriesRow
          series={series}
          loading={loading}
          ranked={ranked}
          eagerCount={eagerCount}
          priorityCount={priorityCount}
          skeletons={skeletons}
        />
      ) : (
        <SeriesGrid
          series={series}
          loading={loading}
          ranked={ranked}
          eagerCount={eagerCount}
          priorityCount={priorityCount}
          skeletons={skeletons}
        />
      )}
    </section>
  );
}

export function SeriesGrid({
  series,
  loading,
  ranked = false,
  eagerCount = 0,
  priorityCount = 0,
  skeletons = 6,
}: {
  series: Series[] | undefined;
  loading: boolean;
  ranked?: boolean;
  eagerCount?: number;
  priorityCount?: number;
  skeletons?: number;
}) {
  const grid = 'grid grid-cols-3 gap-x-3 gap-y-5 sm:grid-cols-4 md:grid-cols-5 lg:grid-cols-7';
  if (!series && !loading) return null;
  if (loading || !series) {
    return (
      <div className={grid} aria-hidden>
        {Array.from({ length: skeletons }, (_, i) => (
          <div key={i}>
            <Skeleton className="aspect-[9/16] rounded-xl" />
            <Skeleton className="mt-2 h-3.5 w-4/5" />
          </div>
        ))}
      </div>
    );
  }
  return (
    <ul className={grid}>
      {series.map((item, index) => (
        <li key={item.id}>
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

/** One swipeable row of posters (snaps card by card), so a shelf never pushes the rest of the page down. */
export function SeriesRow({
  series,
  loading,
  ranked = false,
  eagerCount = 0,
  priorityCount = 0,
  skeletons = 6,
}: {
  series: Series[] | undefined;
  loading: boolean;
  ranked?: boolean;
  eagerCount?: number;
  priorityCount?: number;
  skeletons?: number;
}) {
  const row =
    '-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-1 [scrollbar-width:none] md:-mx-6 md:scroll-px-6 md:px-6';
  const item = 'w-[7.25rem] shrink-0 snap-start sm:w-36 lg:w-40';
  if (!series && !loading) return null;
  if (loading || !series) {
    return (
      <div className={row} aria-hidden>
        {Array.from({ length: skeletons }, (_, i) => (
          <div key={i} className={item}>
            <Skeleton className="aspect-[9/16] rounded-xl" />
            <Skeleton className="mt-2 h-3.5 w-4/5" />
          </div>
        ))}
      </div>
    );
  }
  return (
    <ul className={row}>
      {series.map((entry, index) => (
        <li key={entry.id} className={item}>
          <SeriesCard
            series={entry}
            rank={ranked ? index + 1 : undefined}
            eager={index < eagerCount}
            priority={index < priorityCount}
          />
        </li>
      ))}
    </ul>
  );
}
