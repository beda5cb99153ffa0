import { AlertTriangle, CheckCircle2, Clock, Loader2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { AdminEpisode } from '../../../../../contract/episodes.ts';
import { ProgressBar } from './progress-bar.tsx';

const badge = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[11px] font-semibold whitespace-nowrap';

/** The state of the episode's newest transcode: a badge, the transcode progress, or ffmpeg's reason. */
export function TranscodeStatus({ episode }: { episode: AdminEpisode }) {
  const { t } = useTranslation('admin');
  const { status, percent, error, playable } = episode.media;
  const number = episode.episodeNumber;

  if (status === 'ready') {
    return (
      <span data-testid="episode-status" data-status={status} className={`${badge} bg-emerald-500/15 text-emerald-300`}>
        <CheckCircle2 className="size-3" aria-hidden />
        {t('episodes.status.ready')}
      </span>
    );
  }
  if (status === 'failed') {
    return (
      <div data-testid="episode-status" data-status={status} className="space-y-1">
        <span className={`${badge} bg-red-500/15 text-red-300`}>
          <AlertTriangle className="size-3" aria-hidden />
          {t('episodes.status.failed')}
        </span>
        {error && <p className="text-xs break-words text-red-300">{t('episodes.failedReason', { reason: error })}</p>}
        {playable && <p className="text-xs text-zinc-400">{t('episodes.keptPrevious')}</p>}
      </div>
    );
  }
  const queued = status === 'queued';
  return (
    <div data-testid="episode-status" data-status={status} className="w-full max-w-56 space-y-1.5">
      <span className={`${badge} ${queued ? 'bg-amber-500/15 text-amber-300' : 'bg-sky-500/15 text-sky-300'}`}>
        {queued ? <Clock className="size-3" aria-hidden /> : <Loader2 className="size-3 animate-spin" aria-hidden />}
        {queued ? t('episodes.status.queued') : t('episodes.status.processing', { percent })}
      </span>
      <ProgressBar
        tone="transcode"
        value={queued ? 0 : percent}
        label={t('episodes.transcodeLabel', { number })}
        valueText={queued ? t('episodes.queuedHint') : t('episodes.status.processing', { percent })}
      />
      {playable && <p className="text-xs text-zinc-400">{t('episodes.keptPreviousWhileProcessing')}</p>}
    </div>
  );
}
