import { Lock, Pause, Play, RotateCcw, VolumeX } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { Link } from 'wouter';
import type { Episode, Series } from '#contract/series.ts';
import { paths } from '#web/lib/paths.ts';
import type { SheetAccess } from './episode-sheet.tsx';

/** The big play/pause/replay button in the middle. */
export function CentrePlayButton(props: { playing: boolean; ended: boolean; fade: string; onToggle: () => void }) {
  const { t } = useTranslation('watch');
  const { playing, ended } = props;
  return (
    <div className={`pointer-events-none absolute inset-0 flex items-center justify-center ${props.fade}`}>
      <button
        type="button"
        onClick={props.onToggle}
        aria-label={playing ? t('player.pause') : ended ? t('player.replay') : t('player.play')}
        className="pointer-events-auto flex size-20 items-center justify-center rounded-full bg-black/45 text-white ring-1 ring-white/20 backdrop-blur-sm transition hover:bg-black/60 active:scale-95"
      >
        {playing ? (
          <Pause className="size-9 fill-current" aria-hidden />
        ) : ended ? (
          <RotateCcw className="size-9" aria-hidden />
        ) : (
          <Play className="ms-1 size-9 fill-current" aria-hidden />
        )}
      </button>
    </div>
  );
}

/** "Tap for sound", after the browser refused to start with sound. */
export function TapForSound({ onEnable }: { onEnable: () => void }) {
  const { t } = useTranslation('watch');
  return (
    <button
      type="button"
      onClick={onEnable}
      className="absolute top-[calc(max(0.5rem,env(safe-area-inset-top))+3.5rem)] left-1/2 z-10 flex -translate-x-1/2 items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-bold text-black shadow-lg hover:bg-zinc-200"
    >
      <VolumeX className="size-4" aria-hidden />
      {t('player.tapForSound')}
    </button>
  );
}

export function PlaybackFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('watch');
  return (
    <div className="absolute inset-x-0 bottom-32 z-10 flex flex-col items-center gap-3 px-6 text-center" role="alert">
      <p className="text-sm text-white/90">{t('player.failed')}</p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-full bg-white/15 px-5 py-2.5 text-sm font-bold backdrop-blur hover:bg-white/25"
      >
        {t('player.retry')}
      </button>
    </div>
  );
}

/** At the end of an episode whose next one does not play on: unlock it, or back to the series. */
export function AfterLastPlayable(props: {
  series: Series;
  next: Episode | undefined;
  nextAccess: SheetAccess | undefined;
  onUnlock: (episodeNumber: number) => void;
}) {
  const { t } = useTranslation('watch');
  const { next } = props;
  return (
    <div className="absolute inset-x-0 bottom-32 z-10 flex justify-center px-6">
      {next && props.nextAccess === 'locked' ? (
        <button
          type="button"
          onClick={() => props.onUnlock(next.episodeNumber)}
          className="flex items-center gap-2 rounded-full bg-gradient-to-r from-rose-600 to-orange-500 px-5 py-3 text-sm font-bold shadow-lg hover:brightness-110"
        >
          <Lock className="size-4" aria-hidden />
          {t('unlockNext', { number: next.episodeNumber })}
        </button>
      ) : (
        <Link
          href={paths.series(props.series.id)}
          className="rounded-full bg-white/15 px-5 py-3 text-sm font-bold backdrop-blur hover:bg-white/25"
        >
          {t('allEpisodes')}
        </Link>
      )}
    </div>
  );
}
