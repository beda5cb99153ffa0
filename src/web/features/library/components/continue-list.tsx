import { Play } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { Link } from 'wouter';
import type { SeriesProgress } from '#contract/library.ts';
import type { Series } from '#contract/series.ts';
import { paths } from '#web/lib/paths.ts';
import { posterOf } from '#contract/catalogue-display.ts';
import { formatDateTime } from '#web/lib/format.ts';

/** Series in progress, the most recent first; each resumes the episode watched last. */
export function ContinueList({ entries, seriesById }: { entries: SeriesProgress[]; seriesById: Map<number, Series> }) {
  const { t } = useTranslation('library');
  const rows = [...entries]
    .sort((a, b) => b.lastWatched.localeCompare(a.lastWatched))
    .flatMap((entry) => {
      const series = seriesById.get(entry.seriesId);
      return series ? [{ entry, series }] : [];
    });

  return (
    <ul className="grid gap-3 md:grid-cols-2">
      {rows.map(({ entry, series }) => (
        <li key={entry.seriesId}>
          <Link
            href={paths.watch(entry.episodeId)}
            className="group flex gap-3 rounded-2xl bg-white/[0.04] p-2.5 ring-1 ring-white/5 transition-colors hover:bg-white/[0.07]"
            data-testid="continue-item"
          >
            <div className="relative aspect-[9/16] w-20 shrink-0 overflow-hidden rounded-xl bg-zinc-800">
              <img
                src={posterOf(series)}
                alt={series.title}
                loading="lazy"
                decoding="async"
                className="size-full object-cover"
              />
              <span className="absolute inset-0 flex items-center justify-center bg-black/25 opacity-90 transition-opacity group-hover:opacity-100">
                <span className="flex size-9 items-center justify-center rounded-full bg-black/50 ring-1 ring-white/30 backdrop-blur-sm">
                  <Play className="ms-0.5 size-4 fill-white text-white" aria-hidden />
                </span>
              </span>
            </div>
            <div className="flex min-w-0 flex-1 flex-col justify-center gap-1 pe-1">
              <h3 dir="auto" className="truncate text-sm font-bold text-white sm:text-base">
                {series.title}
              </h3>
              <p className="text-xs text-zinc-400">
                {t('continue.episode', { number: entry.episodeNumber, total: series.totalEpisodes })}
              </p>
              <div className="mt-1.5 flex items-center gap-2">
                <div
                  role="progressbar"
                  aria-label={t('continue.progressLabel', { title: series.title })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={entry.progress}
                  className="h-1.5 flex-1 overflow-hidden rounded-full bg-white/10"
                >
                  <div
                    className="h-full rounded-full bg-gradient-to-r from-rose-600 rtl:bg-gradient-to-l to-orange-500"
                    style={{ width: `${Math.min(100, Math.max(0, entry.progress))}%` }}
                  />
                </div>
                <span className="shrink-0 text-xs font-semibold text-zinc-200 tabular-nums">
                  {t('continue.percent', { percent: entry.progress })}
                </span>
              </div>
              <p className="text-[11px] text-zinc-400">
                {t('continue.lastWatched', { date: formatDateTime(entry.lastWatched) })}
              </p>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
