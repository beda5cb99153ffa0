import { useQueries } from '#web/lib/query/use-queries.ts';
import { ChevronRight, LockOpen } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { Link } from 'wouter';
import type { Series } from '#contract/series.ts';
import type { UnlockedEpisode } from '#contract/wallet.ts';
import { paths } from '#web/lib/paths.ts';
import { episodesQueryOptions } from '#web/api/get-episodes.ts';
import { posterOf } from '#contract/catalogue-display.ts';
import { formatDateTime } from '#web/lib/format.ts';

/** Unlocked episodes with their series; each opens that episode (its id comes from the series' episode list). */
export function UnlockedList({ unlocks, seriesById }: { unlocks: UnlockedEpisode[]; seriesById: Map<number, Series> }) {
  const { t } = useTranslation('account');
  const seriesIds = [...new Set(unlocks.map((unlock) => unlock.seriesId))].filter((id) => seriesById.has(id));
  const episodeLists = useQueries({ queries: seriesIds.map((id) => episodesQueryOptions(id)) });
  const episodeIdOf = (seriesId: number, episodeNumber: number) => {
    const list = episodeLists[seriesIds.indexOf(seriesId)]?.data;
    return list?.find((episode) => episode.episodeNumber === episodeNumber)?.id;
  };
  const rows = [...unlocks].sort((a, b) => b.unlockedAt.localeCompare(a.unlockedAt));

  return (
    <ul
      className="divide-y divide-white/5 overflow-hidden rounded-2xl bg-white/[0.04] ring-1 ring-white/5"
      data-testid="unlocked-episodes"
    >
      {rows.map((unlock) => {
        const series = seriesById.get(unlock.seriesId);
        const episodeId = episodeIdOf(unlock.seriesId, unlock.episodeNumber);
        const content = (
          <>
            {series ? (
              <img
                src={posterOf(series)}
                alt=""
                loading="lazy"
                className="aspect-[9/16] w-10 shrink-0 rounded-md object-cover"
              />
            ) : (
              <span className="flex aspect-[9/16] w-10 shrink-0 items-center justify-center rounded-md bg-white/5">
                <LockOpen className="size-4 text-zinc-400" aria-hidden />
              </span>
            )}
            <div className="min-w-0 flex-1">
              <p dir="auto" className="truncate text-sm font-semibold">
                {series?.title ?? t('transactions.removedSeries')}
              </p>
              <p className="text-xs text-zinc-400">{t('unlocked.episode', { number: unlock.episodeNumber })}</p>
              <p className="text-[11px] text-zinc-400">
                {t('unlocked.on', { date: formatDateTime(unlock.unlockedAt) })}
              </p>
            </div>
          </>
        );
        return (
          <li key={`${unlock.seriesId}-${unlock.episodeNumber}`}>
            {series ? (
              <Link
                href={episodeId !== undefined ? paths.watch(episodeId) : paths.series(unlock.seriesId)}
                className="flex items-center gap-3 px-4 py-3 hover:bg-white/5"
              >
                {content}
                <ChevronRight className="size-4 shrink-0 text-zinc-400 rtl:-scale-x-100" aria-hidden />
              </Link>
            ) : (
              <div className="flex items-center gap-3 px-4 py-3">{content}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
