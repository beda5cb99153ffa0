import { useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import { Link } from 'wouter';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import type { AdminEpisode, MediaStatus } from '#contract/episodes.ts';
import { paths } from '#web/lib/paths.ts';
import { useOriginalSeries } from '#web/api/get-series.ts';
import { Button } from '#web/components/ui/button.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { isTranscoding, useAdminEpisodes } from '../api/get-admin-episodes.ts';
import { AdminSessionContext } from '../lib/admin-session.tsx';
import { panelClass } from '../components/styles.ts';
import { Thumbnail } from '../components/thumbnail.tsx';
import { DeleteEpisodeDialog } from './components/delete-episode-dialog.tsx';
import { EpisodeItem } from './components/episode-item.tsx';
import { SubtitleBatchPanel } from './components/subtitle-batch-panel.tsx';
import { UploadPanel } from './components/upload-panel.tsx';
import { VideoProcessingNotice } from './components/video-processing-notice.tsx';
import { posterOf } from '#contract/catalogue-display.ts';

/** /admin/series/{id}/episodes: the operator's episodes of one series. */
export default function EpisodesPage({ seriesId }: { seriesId: number }) {
  const { t } = useTranslation('admin');
  const { endSession } = useContext(AdminSessionContext);
  const series = useOriginalSeries(seriesId);
  const episodes = useAdminEpisodes(seriesId);
  const [deleting, setDeleting] = useState<AdminEpisode | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  useTranscodeOutcomes(episodes.data);

  const unauthorized = [series.error, episodes.error].some((e) => e instanceof ApiError && e.status === 401);
  useEffect(() => {
    if (unauthorized) endSession();
  }, [unauthorized, endSession]);

  // A malformed id in the address is refused with 400: for the operator it is the same missing series.
  const missing = series.error instanceof ApiError && (series.error.status === 404 || series.error.status === 400);

  let body;
  if (series.isPending || episodes.isPending) {
    body = <PageSpinner label={t('episodes.loading')} />;
  } else if (missing) {
    body = <PageMessage text={t('episodes.seriesNotFound')} />;
  } else if (!series.data || !episodes.data) {
    body = (
      <PageMessage
        text={t('episodes.loadFailed')}
        action={
          <Button
            variant="secondary"
            onClick={() => {
              void series.refetch();
              void episodes.refetch();
            }}
          >
            {t('retry')}
          </Button>
        }
      />
    );
  } else {
    const s = series.data;
    const list = episodes.data;
    const transcoding = list.filter(isTranscoding).length;
    body = (
      <div className="space-y-5">
        <section aria-label={t('episodes.seriesLabel')} className={`${panelClass} flex items-center gap-4 p-4`}>
          <Thumbnail src={posterOf(s)} alt={s.title} className="h-20 w-14" />
          <div className="min-w-0 flex-1">
            <p className="line-clamp-2 font-semibold">{s.title}</p>
            <p className="mt-0.5 text-xs text-zinc-400">
              {s.genre} ·{' '}
              <span data-testid="series-total-episodes">{t('episodes.totalEpisodes', { count: s.totalEpisodes })}</span>
            </p>
            <Link
              href={`~${paths.series(s.id)}`}
              className="mt-1.5 inline-flex items-center gap-1 text-xs font-medium text-brand-300 hover:text-brand-300/80 hover:underline"
            >
              {t('episodes.viewSeries')}
              <ExternalLink className="size-3" aria-hidden />
            </Link>
          </div>
        </section>

        <VideoProcessingNotice />

        <UploadPanel
          seriesId={seriesId}
          takenNumbers={list.map((e) => e.episodeNumber)}
          onAllUploaded={() => listHeading.current?.focus()}
        />

        <SubtitleBatchPanel seriesId={seriesId} />

        <section aria-labelledby="episodes-list-title" className={panelClass}>
          <div className="flex flex-wrap items-end justify-between gap-2 border-b border-white/10 p-4">
            <h2
              id="episodes-list-title"
              ref={listHeading}
              tabIndex={-1}
              className="text-base font-semibold focus:outline-none"
            >
              {t('episodes.listTitle', { count: list.length })}
            </h2>
            {transcoding > 0 && (
              <p className="text-xs text-sky-300" data-testid="transcoding-count">
                {t('episodes.transcodingCount', { count: transcoding })}
              </p>
            )}
          </div>
          {episodes.isError && !unauthorized && (
            // A refresh failed: the list below is what was last read, and status updates have stopped.
            <div
              role="alert"
              className="flex flex-wrap items-center gap-3 border-b border-white/10 bg-red-500/10 px-4 py-2.5 text-xs text-red-200"
            >
              <span className="flex-1">{t('episodes.refreshFailed')}</span>
              <Button size="sm" variant="secondary" className="rounded-lg" onClick={() => void episodes.refetch()}>
                {t('retry')}
              </Button>
            </div>
          )}
          {list.length === 0 ? (
            <p className="px-4 py-10 text-center text-sm text-zinc-400">{t('episodes.empty')}</p>
          ) : (
            <ul className="divide-y divide-white/5" aria-labelledby="episodes-list-title">
              {list.map((episode) => (
                <EpisodeItem key={episode.id} episode={episode} onDelete={() => setDeleting(episode)} />
              ))}
            </ul>
          )}
        </section>

        <DeleteEpisodeDialog
          episode={deleting}
          onClose={() => setDeleting(null)}
          // The row and its Delete button are gone: focus goes to the list's heading, not to the page's start.
          onDeleted={() => requestAnimationFrame(() => listHeading.current?.focus())}
        />
      </div>
    );
  }

  return (
    <div className="min-h-dvh bg-ink-950 text-white">
      <header className="border-b border-white/10 bg-ink-950/90 backdrop-blur md:sticky md:top-0 md:z-30">
        <div className="mx-auto flex max-w-4xl items-center gap-3 px-4 py-3 lg:px-8">
          <Link
            href={`~${paths.admin}`}
            aria-label={t('episodes.back')}
            title={t('episodes.back')}
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-zinc-300 hover:bg-white/10 hover:text-white"
          >
            <ArrowLeft className="size-5 rtl:-scale-x-100" aria-hidden />
          </Link>
          <div className="min-w-0">
            <h1 className="truncate text-lg leading-tight font-bold tracking-tight">{t('episodes.title')}</h1>
            <p className="truncate text-xs text-zinc-400">{series.data?.title ?? t('header.subtitle')}</p>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-4xl px-4 py-5 lg:px-8 lg:py-6">
        {body}
      </main>
    </div>
  );
}

function PageMessage({ text, action }: { text: string; action?: ReactNode }) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <p role="alert" className="text-zinc-300">
        {text}
      </p>
      {action ?? (
        <Link href={`~${paths.admin}`} className="text-sm font-medium text-brand-300 hover:underline">
          {t('episodes.back')}
        </Link>
      )}
    </div>
  );
}

/** A toast when a transcode this page watched ends: ready to watch, or failed with ffmpeg's reason. */
function useTranscodeOutcomes(episodes: AdminEpisode[] | undefined) {
  const { t } = useTranslation('admin');
  const seen = useRef<Map<number, MediaStatus> | null>(null);
  useEffect(() => {
    if (!episodes) return;
    const before = seen.current;
    seen.current = new Map(episodes.map((e) => [e.id, e.media.status]));
    if (!before) return;
    const ended = episodes.filter((e) => {
      const was = before.get(e.id);
      return (was === 'queued' || was === 'processing') && !isTranscoding(e);
    });
    const failed = ended.filter((e) => e.media.status === 'failed');
    const ready = ended.filter((e) => e.media.status === 'ready');
    // One toast at a time: a failure matters more than a success.
    if (failed.length > 0) {
      const first = failed[0]!;
      toast({
        title: t('episodes.transcodeFailed'),
        description: t('episodes.transcodeFailedMessage', {
          number: first.episodeNumber,
          reason: first.media.error ?? '',
        }),
        variant: 'destructive',
      });
    } else if (ready.length === 1) {
      toast({
        title: t('episodes.transcodeReady'),
        description: t('episodes.transcodeReadyMessage', { number: ready[0]!.episodeNumber }),
      });
    } else if (ready.length > 1) {
      toast({
        title: t('episodes.transcodeReady'),
        description: t('episodes.transcodeReadyMany', { count: ready.length }),
      });
    }
  }, [episodes, t]);
}
