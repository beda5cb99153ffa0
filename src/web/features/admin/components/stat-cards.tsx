import type { ComponentType } from 'react';
import { Film, Heart, Layers, Sparkles } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import type { CatalogueFigures } from '#contract/series.ts';
import { formatNumber } from '#web/lib/format.ts';
import { panelClass } from './styles.ts';

/** The four figures, as the database counted them. */
export function StatCards({ figures }: { figures: CatalogueFigures }) {
  const { t } = useTranslation('admin');
  const cards: { key: string; label: string; value: number; Icon: ComponentType<{ className?: string }> }[] = [
    { key: 'total-series', label: t('stats.totalSeries'), value: figures.totalSeries, Icon: Film },
    { key: 'total-likes', label: t('stats.totalLikes'), value: figures.totalLikes, Icon: Heart },
    { key: 'genres', label: t('stats.genres'), value: figures.genres, Icon: Layers },
    { key: 'new-series', label: t('stats.newSeries'), value: figures.newSeries, Icon: Sparkles },
  ];
  return (
    <section aria-label={t('stats.label')}>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map(({ key, label, value, Icon }) => (
          <div key={key} data-testid={`stat-${key}`} className={`${panelClass} flex items-center gap-3 p-3 sm:p-4`}>
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-600/15 text-brand-400 sm:size-10">
              <Icon className="size-4 sm:size-5" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="truncate text-xs font-medium text-zinc-400">{label}</p>
              <p className="truncate text-lg font-bold tabular-nums sm:text-2xl">{formatNumber(value)}</p>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
