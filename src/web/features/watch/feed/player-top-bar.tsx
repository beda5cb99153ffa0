import { ChevronLeft } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { Link } from 'wouter';
import type { Episode, Series } from '#contract/series.ts';
import { paths } from '#web/lib/paths.ts';
import { lazyPart, useLazyPart } from '#web/lib/lazy-part.ts';
import { loadTexts, shownLanguageTag } from '#web/lib/texts/text-store.ts';

// Not part of the player's first paint: its code and texts are fetched once the page is idle.
const shareButton = lazyPart(async () => {
  const [module] = await Promise.all([import('./share-button.tsx'), loadTexts(shownLanguageTag(), ['share'])]);
  return { default: module.ShareButton };
});

/** The back link, the series' title, the episode line and Share. */
export function PlayerTopBar({ series, episode, fade }: { series: Series; episode: Episode; fade: string }) {
  const { t } = useTranslation('watch');
  const ShareButton = useLazyPart(shareButton, false);
  return (
    <div
      className={`pointer-events-none absolute inset-x-0 top-0 bg-gradient-to-b from-black/80 via-black/40 to-transparent pb-10 ${fade}`}
    >
      <div className="pointer-events-auto flex items-center gap-2 px-2 pt-[max(0.5rem,env(safe-area-inset-top))]">
        <BackToSeries series={series} />
        <div className="min-w-0 flex-1">
          <p dir="auto" className="truncate text-base font-bold drop-shadow">
            {series.title}
          </p>
          <p className="truncate text-xs text-white/75">
            {t('episodeLine', { number: episode.episodeNumber, total: series.totalEpisodes })}
            {episode.title ? ` · ${episode.title}` : ''}
          </p>
        </div>
        {ShareButton && <ShareButton title={series.title} path={paths.watch(episode.id)} />}
      </div>
    </div>
  );
}

/** The round back arrow to the series' page, over the video or the locked notice. */
export function BackToSeries({ series }: { series: Pick<Series, 'id' | 'title'> }) {
  const { t } = useTranslation('watch');
  return (
    <Link
      href={paths.series(series.id)}
      aria-label={t('backToSeries', { title: series.title })}
      className="flex size-11 shrink-0 items-center justify-center rounded-full bg-black/30 text-white backdrop-blur-sm hover:bg-black/50"
    >
      <ChevronLeft className="size-7 rtl:rotate-180" aria-hidden />
    </Link>
  );
}
