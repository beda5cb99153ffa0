import { Clapperboard, Heart } from 'lucide-react';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { Link } from 'wouter';
import { posterOf } from '#contract/catalogue-display.ts';
import type { Series } from '#contract/series.ts';
import { paths } from '../../lib/paths.ts';
import { formatLikes } from '../../lib/format.ts';
import { genreLabel } from '../../lib/i18n.ts';
import { Skeleton } from '../ui/skeleton.tsx';

export type SeriesCardSeries = Pick<
  Series,
  'id' | 'title' | 'genre' | 'likes' | 'thumbnailUrl' | 'verticalThumbnailUrl'
> &
  Partial<Pick<Series, 'isNew' | 'isFree'>>;

export { posterOf } from '#contract/catalogue-display.ts';

export interface SeriesCardProps {
  series: SeriesCardSeries;
  /** Shows a rank badge (e.g. Most Popular 1-10). */
  rank?: number;
  /** Above-the-fold cards load eagerly; everything else waits until it scrolls near. */
  eager?: boolean;
  /** The first row of the page: its posters are the largest pictures of the first screen, fetched first. */
  priority?: boolean;
  /** The title's heading level: 3 under a shelf's h2 (default), 2 straight under a page's h1. */
  headingLevel?: 2 | 3;
  className?: string;
}

/** A 9:16 poster card linking to the series page. The poster box has a fixed ratio, so nothing shifts while it loads. */
export function SeriesCard({
  series,
  rank,
  eager = false,
  priority = false,
  headingLevel = 3,
  className = '',
}: SeriesCardProps) {
  const { t } = useTranslation('common');
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Link
      href={paths.series(series.id)}
      className={`group relative block min-w-0 rounded-xl focus-visible:outline-offset-4 ${className}`}
      data-testid="series-card"
    >
      <div className="relative aspect-[9/16] overflow-hidden rounded-xl bg-gradient-to-b from-zinc-800 to-zinc-900 ring-1 ring-white/5">
        <img
          src={posterOf(series)}
          alt={series.title}
          width={360}
          height={640}
          loading={eager || priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          className="absolute inset-0 size-full object-cover transition-transform duration-300 group-hover:scale-105"
        />
        {rank !== undefined && (
          <span className="absolute top-0 end-0 flex h-7 min-w-7 items-center justify-center rounded-es-xl bg-gradient-to-br from-amber-300 to-orange-600 px-1.5 text-sm font-black text-black shadow">
            {rank}
          </span>
        )}
        {rank === undefined && (series.isNew || series.isFree) && (
          <span
            className={`absolute top-0 end-0 rounded-es-lg px-1.5 py-0.5 text-[10px] font-bold tracking-wide uppercase shadow ${
              series.isFree ? 'bg-emerald-400 text-black' : 'bg-rose-600 text-white'
            }`}
          >
            {series.isFree ? t('series.free') : t('series.new')}
          </span>
        )}
      </div>
      {/* Room for two title lines and the meta line, so a shelf keeps its height whatever the titles. */}
      <div className="mt-2 min-h-[calc(2.75em+1.125rem)] text-[13px] sm:text-sm">
        <Title dir="auto" className="line-clamp-2 leading-snug font-semibold text-zinc-100 group-hover:text-white">
          {series.title}
        </Title>
        <p className="mt-0.5 flex items-center gap-1.5 text-xs text-zinc-400">
          <span className="min-w-0 truncate">{genreLabel(series.genre)}</span>
          <span className="flex shrink-0 items-center gap-0.5">
            <Heart className="size-3 fill-rose-500 text-rose-500" aria-hidden />
            <span className="sr-only">{t('series.likes')}</span>
            {formatLikes(series.likes)}
          </span>
        </p>
      </div>
    </Link>
  );
}

/** Same box as a card while the shelf loads. */
export function SeriesCardSkeleton({ className = '' }: { className?: string }) {
  return (
    <div className={`min-w-0 ${className}`} aria-hidden>
      <Skeleton className="aspect-[9/16] rounded-xl" />
      <div className="mt-2 min-h-[calc(2.75em+1.125rem)] text-[13px] sm:text-sm">
        <Skeleton className="h-[1.1em] w-4/5" />
        <Skeleton className="mt-1.5 h-3 w-1/2" />
      </div>
    </div>
  );
}

/** Placeholder that pads a genre shelf to its seven slots. Same box as a real card. */
export function ComingSoonCard({ className = '' }: { className?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className={`min-w-0 ${className}`} data-testid="coming-soon-card">
      <div className="flex aspect-[9/16] flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-white/15 bg-white/[0.03] p-2 text-center text-zinc-400">
        <Clapperboard className="size-7" aria-hidden />
        <span className="text-xs font-semibold">{t('series.comingSoon')}</span>
      </div>
    </div>
  );
}
