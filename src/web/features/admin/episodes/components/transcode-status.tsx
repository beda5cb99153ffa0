import { AlertTriangle, CheckCircle2, Clock, Loader2, RotateCcw } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import type { AdminEpisode } from '#contract/episodes.ts';
import { useRetryTranscode } from '../../api/retry-transcode.ts';
import { useAdminFailure } from '../../lib/admin-session.tsx';
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
        {episode.media.retryable && <RetryTranscodeButton episode={episode} />}
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

/** For a transcode the server's restarts failed: the upload was kept, so one click queues it again. */
function RetryTranscodeButton({ episode }: { episode: AdminEpisode }) {
  const { t } = useTranslation('admin');
  const retry = useRetryTranscode();
  const fail = useAdminFailure();
  return (
    <button
      type="button"
      data-testid="retry-transcode"
      disabled={retry.isPending}
      onClick={() => retry.mutate(episode, { onError: (error) => fail(error, t('episodes.retryFailed')) })}
      className="inline-flex items-center gap-1 rounded-md border border-zinc-700 px-2 py-1 text-xs font-semibold text-zinc-200 hover:bg-zinc-800 disabled:opacity-50"
    >
      <RotateCcw className="size-3" aria-hidden />
      {t('episodes.retryTranscode')}
    </button>
  );
}
