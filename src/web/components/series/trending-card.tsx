import { Heart } from 'lucide-react';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { Link } from 'wouter';
import type { TrendingItem } from '#contract/curation.ts';
import { paths } from '../../lib/paths.ts';
import { formatLikes } from '../../lib/format.ts';
import { genreLabel } from '../../lib/i18n.ts';
import { Skeleton } from '../ui/skeleton.tsx';
import { posterOf } from '#contract/catalogue-display.ts';

const MAX_TAGS = 2;

const rankColours: Record<number, string> = {
  1: 'from-amber-300 to-amber-600 text-black',
  2: 'from-zinc-100 to-zinc-400 text-black',
  3: 'from-orange-300 to-orange-700 text-black',
};

/** One Trending Now entry (home strip and /trending): rank, cover, genre, blurb, tags, title, match, likes. */
export function TrendingCard({
  item,
  headingLevel = 3,
  className = '',
}: {
  item: TrendingItem;
  /** 3 under the home strip's h2 (default), 2 straight under the /trending page's h1. */
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const { t } = useTranslation('common');
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  const { series } = item;
  return (
    <Link
      href={paths.series(series.id)}
      className={`group relative flex gap-3 rounded-2xl bg-white/[0.04] p-2.5 ring-1 ring-white/5 transition-colors hover:bg-white/[0.08] ${className}`}
      data-testid="trending-item"
    >
      <div className="relative aspect-[9/16] w-20 shrink-0 self-start overflow-hidden rounded-xl bg-zinc-800 sm:w-24">
        <img
          src={posterOf(series)}
          alt={series.title}
          width={180}
          height={320}
          loading="lazy"
          decoding="async"
          className="absolute inset-0 size-full object-cover transition-transform duration-300 group-hover:scale-105"
        />
        <span
          className={`absolute top-0 start-0 flex h-7 min-w-7 items-center justify-center rounded-ee-xl bg-gradient-to-br px-1.5 text-sm font-black shadow ${
            rankColours[item.rank] ?? 'from-rose-500 to-rose-700 text-white'
          }`}
          data-testid="trending-rank"
        >
          <span className="sr-only">{t('trending.rank')} </span>
          {item.rank}
        </span>
      </div>
      <div className="flex min-w-0 flex-1 flex-col py-0.5">
        <p className="text-[11px] font-semibold tracking-wide text-rose-300 uppercase">{genreLabel(series.genre)}</p>
        <Title dir="auto" className="mt-0.5 line-clamp-1 text-sm font-bold text-white sm:text-base">
          {series.title}
        </Title>
        <p dir="auto" className="mt-1 line-clamp-2 text-xs leading-snug text-zinc-400">
          {series.description}
        </p>
        {series.tags.length > 0 && (
          <ul className="mt-1.5 flex min-w-0 gap-1 overflow-hidden">
            {series.tags.slice(0, MAX_TAGS).map((tag) => (
              <li
                key={tag}
                dir="auto"
                className="truncate rounded-full bg-white/10 px-2 py-0.5 text-[10px] font-medium text-zinc-300"
              >
                {tag}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-auto flex items-center gap-3 pt-1.5 text-xs">
          <span className="font-bold text-emerald-400">{t('trending.match', { percent: item.matchPercentage })}</span>
          <span className="flex items-center gap-1 text-zinc-400">
            <Heart className="size-3 fill-rose-500 text-rose-500" aria-hidden />
            <span className="sr-only">{t('series.likes')}</span>
            {formatLikes(series.likes)}
          </span>
        </div>
      </div>
    </Link>
  );
}

export function TrendingCardSkeleton({ className = '' }: { className?: string }) {
  return (
    <div className={`flex gap-3 rounded-2xl bg-white/[0.04] p-2.5 ${className}`} data-testid="trending-skeleton">
      <Skeleton className="aspect-[9/16] w-20 shrink-0 rounded-xl sm:w-24" />
      <div className="flex flex-1 flex-col gap-2 py-1">
        <Skeleton className="h-3 w-16" />
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-3 w-full" />
        <Skeleton className="h-3 w-2/3" />
      </div>
    </div>
  );
}
