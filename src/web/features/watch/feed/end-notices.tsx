import { Lock } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { Link } from 'wouter';
import type { Episode, Series } from '#contract/series.ts';
import { paths } from '#web/lib/paths.ts';
import type { SheetAccess } from './episode-sheet.tsx';

export interface EndNoticesProps {
  /** The episode could not be played: offer a retry. */
  failed: boolean;
  /** It ended, and the next one does not play on. */
  afterLast: boolean;
  onRetry: () => void;
  series: Series;
  next: Episode | undefined;
  nextAccess: SheetAccess | undefined;
  onUnlock: (episodeNumber: number) => void;
}

/** What the player shows when an episode cannot play on (a chunk of its own: no first paint needs it). */
export default function EndNotices({ failed, afterLast, onRetry, ...next }: EndNoticesProps) {
  return (
    <>
      {failed && <PlaybackFailed onRetry={onRetry} />}
      {afterLast && <AfterLastPlayable {...next} />}
    </>
  );
}

function PlaybackFailed({ onRetry }: { onRetry: () => void }) {
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
function AfterLastPlayable(props: {
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
