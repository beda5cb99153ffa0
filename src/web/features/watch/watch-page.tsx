import { useDeferredValue, useEffect, useState, useSyncExternalStore } from 'react';
import { keepPreviousData, useQuery } from '#web/lib/query/use-query.ts';
import { Lock } from 'lucide-react';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { Link, useParams } from 'wouter';
import { isEpisodeFree } from '#contract/constants.ts';
import { paths } from '../../lib/paths.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useCatalogueLanguage } from '../../lib/catalogue-language.ts';
import { preloadTexts } from '../../lib/texts/text-store.ts';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { usePaywallShown } from '../../components/wallet/use-paywall-shown.ts';
import { episodeQueryOptions } from '../../api/get-episode.ts';
import { seriesQueryOptions } from '../../api/get-series.ts';
import { useUnlockedEpisodes } from '../../api/get-unlocked-episodes.ts';
import { useVipPass, vipPlays } from '../../api/get-vip-pass.ts';
import { useEpisodeProgress } from './api/get-episode-progress.ts';
import { dismissEarlyVideo, isEarlyVideoLoading, subscribeEarlyVideo } from './feed/video-pool.ts';
import { WatchFeed } from './feed/watch-feed.tsx';
import { BackToSeries } from './feed/player-top-bar.tsx';
import { posterOf } from '#contract/catalogue-display.ts';

/** How long the feed waits for the boot script's video to show its first frame before mounting anyway. */
const EARLY_VIDEO_HEAD_START_MS = 1500;

// Opened directly (a link, a reload): the player's texts load as soon as the language is known, alongside
// the episode and video the boot script (boot.ts) already asked for.
preloadTexts(['watch']);

export default function WatchPage() {
  const { t } = useTranslation('watch');
  const { episodeId = '' } = useParams<{ episodeId: string }>();

  // While the next episode's data comes in, the feed keeps showing the one it has.
  const episodeQuery = useQuery({ ...episodeQueryOptions(episodeId), placeholderData: keepPreviousData });
  const episode = episodeQuery.data;
  const lang = useCatalogueLanguage();
  const seriesQuery = useQuery({
    ...seriesQueryOptions(episode?.seriesId ?? '', lang),
    enabled: episode !== undefined,
  });
  const series = seriesQuery.data;
  const needsUnlock = episode !== undefined && series !== undefined && !isEpisodeFree(episode.episodeNumber, series);
  const unlocksQuery = useUnlockedEpisodes(episode?.seriesId ?? 0, { enabled: needsUnlock });
  // A VIP pass plays every episode; its answer is waited for only when the episode is not unlocked anyway.
  const vipQuery = useVipPass();
  // The saved position is asked for at once (in parallel) and waited for, so playback resumes there.
  const progressQuery = useEpisodeProgress(Number(episodeId), /^\d+$/.test(episodeId));

  const locked =
    needsUnlock &&
    !vipPlays(vipQuery.data?.pass) &&
    !(unlocksQuery.data ?? []).some((unlock) => unlock.episodeNumber === episode.episodeNumber);
  const ready =
    episode !== undefined &&
    series !== undefined &&
    (!needsUnlock || unlocksQuery.isSuccess) &&
    (!locked || !vipQuery.isPending) &&
    !progressQuery.isPending;

  // The boot script's video, already on screen, gets its first frame out before the feed mounts.
  const earlyVideoLoading = useSyncExternalStore(subscribeEarlyVideo, () => isEarlyVideoLoading(Number(episodeId)));
  const [headStartOver, setHeadStartOver] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setHeadStartOver(true), EARLY_VIDEO_HEAD_START_MS);
    return () => clearTimeout(timer);
  }, []);

  // Once the feed plays a series it stays up while the viewer moves through that series' episodes.
  const [feedSeriesId, setFeedSeriesId] = useState<number | null>(null);
  const showFeed =
    series !== undefined &&
    episode !== undefined &&
    (feedSeriesId === series.id || (ready && !locked && (!earlyVideoLoading || headStartOver)));
  useEffect(() => {
    if (showFeed) setFeedSeriesId(series.id);
  }, [showFeed, series]);
  // A video the boot script started that will not be played here (an error, a lock) goes, as when leaving.
  const failed = episodeQuery.isError || seriesQuery.isError || unlocksQuery.isError;
  useEffect(() => {
    if (failed || (ready && locked)) dismissEarlyVideo();
  }, [failed, ready, locked]);
  useEffect(() => () => dismissEarlyVideo(), []);
  // The locked screen below is this episode's unlock prompt.
  usePaywallShown(series?.id ?? 0, !showFeed && !failed && ready && locked ? episode.episodeNumber : null);

  // The feed's first render is the page's largest: made in the background (in slices the browser can answer
  // taps between) while the boot script's video already plays, instead of in one long task.
  const feedShown = useDeferredValue(showFeed);
  if (showFeed && feedShown) return <WatchFeed series={series} episode={episode} />;
  if (showFeed) return <WatchLoading label={t('loading')} />;

  if (failed) {
    const missing =
      (episodeQuery.error instanceof ApiError &&
        (episodeQuery.error.status === 404 || episodeQuery.error.status === 400)) ||
      (seriesQuery.error instanceof ApiError && seriesQuery.error.status === 404);
    return (
      <WatchMessage
        title={missing ? t('notFound.title') : t('error.title')}
        text={missing ? t('notFound.text') : t('error.text')}
        action={
          <Link
            href={paths.home}
            className="rounded-full bg-rose-600 px-5 py-2.5 text-sm font-semibold hover:bg-rose-500"
          >
            {t('notFound.home')}
          </Link>
        }
      />
    );
  }

  if (!ready) return <WatchLoading label={t('loading')} />;

  return (
    <WatchMessage
      icon={<Lock className="size-8 text-amber-300" aria-hidden />}
      title={t('locked.title', { number: episode.episodeNumber })}
      text={t('locked.text', { count: series.episodeCost, title: series.title })}
      back={<BackToSeries series={series} />}
      backdrop={posterOf(series)}
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

function WatchLoading({ label }: { label: string }) {
  return (
    <div className="flex h-dvh items-center justify-center bg-black">
      <PageSpinner label={label} />
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
