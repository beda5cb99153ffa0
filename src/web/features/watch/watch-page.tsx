import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChevronLeft, Lock, SkipForward } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { isEpisodeFree } from '../../../contract/constants.ts';
import type { Series } from '../../../contract/series.ts';
import { paths } from '../../app/paths.ts';
import { useEpisode } from '../../api/get-episode.ts';
import { useEpisodes } from '../../api/get-episodes.ts';
import { useProgress } from '../../api/get-progress.ts';
import { seriesQueryKey } from '../../api/get-series.ts';
import { useUnlockedEpisodes } from '../../api/get-unlocked-episodes.ts';
import { ApiError } from '../../lib/api-client.ts';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { VerticalPlayer } from './components/vertical-player.tsx';
import { useProgressReporter } from './use-progress-reporter.ts';

export default function WatchPage() {
  const { t } = useTranslation('watch');
  const { episodeId = '' } = useParams<{ episodeId: string }>();
  const videoRef = useRef<HTMLVideoElement>(null);

  const episodeQuery = useEpisode(episodeId);
  const episode = episodeQuery.data;
  const seriesQuery = useQuery<Series>({
    queryKey: seriesQueryKey(episode?.seriesId ?? ''),
    enabled: episode !== undefined,
  });
  const series = seriesQuery.data;
  const needsUnlock = episode !== undefined && series !== undefined && !isEpisodeFree(episode.episodeNumber, series);
  const unlocksQuery = useUnlockedEpisodes(episode?.seriesId, { enabled: needsUnlock });
  const episodesQuery = useEpisodes(episode?.seriesId);
  const progressQuery = useProgress();

  const locked =
    needsUnlock && !(unlocksQuery.data ?? []).some((unlock) => unlock.episodeNumber === episode.episodeNumber);
  // The saved position is waited for (it is one small request, made in parallel) so playback resumes there.
  const ready =
    episode !== undefined &&
    series !== undefined &&
    (!needsUnlock || unlocksQuery.isSuccess) &&
    !progressQuery.isPending;

  useProgressReporter(videoRef, ready && !locked ? { seriesId: episode.seriesId, episodeId: episode.id } : null);

  if (episodeQuery.isError || seriesQuery.isError || unlocksQuery.isError) {
    const missing =
      (episodeQuery.error instanceof ApiError && episodeQuery.error.status === 404) ||
      (seriesQuery.error instanceof ApiError && seriesQuery.error.status === 404);
    return (
      <WatchMessage
        title={missing ? t('notFound.title') : t('error.title')}
        text={missing ? t('notFound.text') : t('error.text')}
        action={
          <Link href={paths.home} className="rounded-full bg-rose-600 px-5 py-2.5 text-sm font-semibold hover:bg-rose-500">
            {t('notFound.home')}
          </Link>
        }
      />
    );
  }

  if (!ready) {
    return (
      <div className="flex h-dvh items-center justify-center bg-black">
        <PageSpinner label={t('loading')} />
      </div>
    );
  }

  const backToSeries = (
    <Link
      href={paths.series(series.id)}
      aria-label={t('backToSeries', { title: series.title })}
      className="flex size-11 shrink-0 items-center justify-center rounded-full bg-black/30 text-white backdrop-blur-sm hover:bg-black/50"
    >
      <ChevronLeft className="size-7" aria-hidden />
    </Link>
  );

  if (locked) {
    return (
      <WatchMessage
        icon={<Lock className="size-8 text-amber-300" aria-hidden />}
        title={t('locked.title', { number: episode.episodeNumber })}
        text={t('locked.text', { count: series.episodeCost, title: series.title })}
        back={backToSeries}
        backdrop={series.verticalThumbnailUrl || series.thumbnailUrl}
        action={
          <Link
            href={paths.series(series.id)}
            className="rounded-full bg-gradient-to-r from-rose-600 to-orange-500 px-6 py-3 text-sm font-bold shadow-lg shadow-rose-900/40 hover:brightness-110"
          >
            {t('locked.unlockOnSeries')}
          </Link>
        }
      />
    );
  }

  const saved = progressQuery.data?.find((entry) => entry.seriesId === series.id && entry.episodeId === episode.id);
  const nextEpisode = episodesQuery.data?.find((e) => e.episodeNumber === episode.episodeNumber + 1);

  return (
    <div className="fixed inset-0 z-40 bg-black text-white">
      <h1 className="sr-only">{t('heading', { title: series.title, number: episode.episodeNumber })}</h1>
      <VerticalPlayer
        key={episode.id}
        videoRef={videoRef}
        src={episode.videoUrl}
        startAt={saved?.positionSeconds}
        poster={episode.thumbnailUrl || undefined}
        label={t('videoLabel', { title: series.title, number: episode.episodeNumber })}
        topBar={
          <div className="flex items-center gap-2 px-2 pt-[max(0.5rem,env(safe-area-inset-top))]">
            {backToSeries}
            <div className="min-w-0 flex-1">
              <p className="truncate text-base font-bold drop-shadow">{series.title}</p>
              <p className="truncate text-xs text-white/75">
                {t('episodeLine', { number: episode.episodeNumber, total: series.totalEpisodes })}
                {episode.title ? ` · ${episode.title}` : ''}
              </p>
            </div>
          </div>
        }
        endScreen={
          nextEpisode ? (
            <Link
              href={paths.watch(nextEpisode.id)}
              className="flex items-center gap-2 rounded-full bg-rose-600 px-5 py-3 text-sm font-bold shadow-lg hover:bg-rose-500"
            >
              <SkipForward className="size-4 fill-current" aria-hidden />
              {t('nextEpisode', { number: nextEpisode.episodeNumber })}
            </Link>
          ) : (
            <Link
              href={paths.series(series.id)}
              className="rounded-full bg-white/15 px-5 py-3 text-sm font-bold backdrop-blur hover:bg-white/25"
            >
              {t('allEpisodes')}
            </Link>
          )
        }
      />
    </div>
  );
}

function WatchMessage({
  icon,
  title,
  text,
  action,
  back,
  backdrop,
}: {
  backdrop?: string;
  icon?: React.ReactNode;
  title: string;
  text: string;
  action: React.ReactNode;
  back?: React.ReactNode;
}) {
  return (
    <div className="fixed inset-0 z-40 isolate flex flex-col bg-gradient-to-b from-zinc-900 to-black text-white">
      {backdrop && (
        <div className="absolute inset-0 -z-10" aria-hidden>
          <img src={backdrop} alt="" className="size-full scale-110 object-cover opacity-60 blur-2xl" />
          <div className="absolute inset-0 bg-gradient-to-b from-black/20 via-black/55 to-black/95" />
        </div>
      )}
      {back && <div className="px-2 pt-[max(0.5rem,env(safe-area-inset-top))]">{back}</div>}
      <div className="flex flex-1 flex-col items-center justify-center gap-4 px-8 text-center">
        {icon && <div className="flex size-16 items-center justify-center rounded-full bg-white/10">{icon}</div>}
        <h1 className="text-xl font-bold">{title}</h1>
        <p className="max-w-xs text-sm text-zinc-400">{text}</p>
        <div className="mt-2">{action}</div>
      </div>
    </div>
  );
}
