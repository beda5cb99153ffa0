import { useRef, useState } from 'react';
import { Clock, Coins, Heart, Play, Star } from 'lucide-react';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { Link, useLocation, useParams } from 'wouter';
import { FREE_EPISODES, isEpisodeFree } from '#contract/constants.ts';
import type { Episode, Series } from '#contract/series.ts';
import { paths } from '../../lib/paths.ts';
import { useEpisodes } from '../../api/get-episodes.ts';
import { useProgress } from '../../api/get-progress.ts';
import { useSeries } from '../../api/get-series.ts';
import { useUnlockedEpisodes } from '../../api/get-unlocked-episodes.ts';
import { useVipPlays } from '../../api/get-vip-pass.ts';
import { posterOf } from '#contract/catalogue-display.ts';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { EpisodeUnlockOnDemand, type EpisodeUnlockOpener } from '../../components/wallet/episode-unlock-on-demand.tsx';
import { TopUpDialogOnDemand } from '../../components/wallet/top-up-dialog-on-demand.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatLikes, formatNumber, formatRatingOutOfTen, ratingCount } from '../../lib/format.ts';
import { genreLabel } from '../../lib/i18n.ts';
import { EpisodeGrid, type EpisodeAccess } from './components/episode-grid.tsx';
import { SeriesActions } from './components/series-actions.tsx';

export default function SeriesPage() {
  const { t } = useTranslation('series');
  const { id = '' } = useParams<{ id: string }>();
  const seriesQuery = useSeries(id);

  if (seriesQuery.isPending) return <PageSpinner label={t('loading')} />;
  if (seriesQuery.isError) {
    const missing =
      seriesQuery.error instanceof ApiError && (seriesQuery.error.status === 404 || seriesQuery.error.status === 400);
    return (
      <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-3 px-6 text-center">
        <p aria-hidden className="text-5xl font-black text-zinc-500">
          404
        </p>
        <h1 className="text-xl font-bold">{missing ? t('notFound.title') : t('error.title')}</h1>
        <p className="text-sm text-zinc-400">{missing ? t('notFound.text') : t('error.text')}</p>
        <Link
          href={paths.discover}
          className="mt-2 rounded-full bg-rose-600 px-5 py-2.5 text-sm font-semibold hover:bg-rose-700"
        >
          {t('notFound.browse')}
        </Link>
      </div>
    );
  }
  return <SeriesDetail series={seriesQuery.data} />;
}

function SeriesDetail({ series }: { series: Series }) {
  const { t } = useTranslation('series');
  const [, navigate] = useLocation();
  const episodesQuery = useEpisodes(series.id);
  const unlocksQuery = useUnlockedEpisodes(series.id, { enabled: !series.isFree });
  const progress = useProgress().data?.find((entry) => entry.seriesId === series.id);
  const unlock = useRef<EpisodeUnlockOpener>(null);
  const vip = useVipPlays();
  const [topUpOpen, setTopUpOpen] = useState(false);

  const unlockedNumbers = new Set((unlocksQuery.data ?? []).map((entry) => entry.episodeNumber));
  const accessOf = (episodeNumber: number): EpisodeAccess =>
    isEpisodeFree(episodeNumber, series) ? 'free' : vip || unlockedNumbers.has(episodeNumber) ? 'unlocked' : 'locked';

  const episodes = episodesQuery.data ?? [];
  const totalSeconds = episodes.reduce((sum, episode) => sum + episode.duration, 0);
  const resumeEpisode = progress ? episodes.find((episode) => episode.id === progress.episodeId) : undefined;
  const playTarget = resumeEpisode ?? episodes[0];

  const select = (episode: Episode, access: EpisodeAccess) => {
    if (access === 'locked') unlock.current?.open(episode.episodeNumber);
    else navigate(paths.watch(episode.id));
  };

  const poster = posterOf(series);

  return (
    <article className="relative isolate pb-10">
      {/* A soft glow behind the title block (a blurred copy of the artwork cost a phone too much to paint). */}
      <div
        className="absolute inset-x-0 top-0 -z-10 h-[26rem] bg-gradient-to-b from-zinc-800/60 via-ink-950/80 to-ink-950 md:h-[34rem]"
        aria-hidden
      />

      <div className="mx-auto grid max-w-7xl grid-cols-[8rem_minmax(0,1fr)] gap-x-4 gap-y-5 px-4 pt-5 sm:grid-cols-[11rem_minmax(0,1fr)] md:grid-cols-[15rem_minmax(0,1fr)] md:gap-x-10 md:px-6 md:pt-10 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <div className="md:row-span-3">
          <img
            src={poster}
            alt={series.title}
            width={360}
            height={640}
            fetchPriority="high"
            className="aspect-[9/16] w-full rounded-xl object-cover shadow-2xl ring-1 ring-white/10 md:sticky md:top-24"
          />
        </div>

        <div className="flex min-w-0 flex-col justify-end gap-2 md:justify-start md:pt-4">
          <div className="flex flex-wrap items-center gap-1.5">
            {series.isNew && (
              <span className="rounded-md bg-rose-600 px-1.5 py-0.5 text-[10px] font-bold uppercase">
                {t('badges.new')}
              </span>
            )}
            {series.isFree && (
              <span className="rounded-md bg-emerald-500 px-1.5 py-0.5 text-[10px] font-bold text-black uppercase">
                {t('badges.free')}
              </span>
            )}
            <Link
              href={paths.discoverGenre(series.genre)}
              className="rounded-md bg-white/10 px-2 py-0.5 text-xs font-medium text-zinc-200 hover:bg-white/20"
            >
              {genreLabel(series.genre)}
            </Link>
          </div>
          <h1 dir="auto" className="text-xl leading-tight font-extrabold sm:text-2xl md:text-4xl">
            {series.title}
          </h1>
          <dl className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-zinc-300 sm:text-sm">
            <div className="flex items-center gap-1">
              <dt className="sr-only">{t('meta.rating')}</dt>
              <Star className="size-3.5 fill-amber-400 text-amber-400" aria-hidden />
              <dd>
                <span className="font-bold text-white" data-testid="series-rating">
                  {t('meta.ratingValue', { rating: formatRatingOutOfTen(series.rating) })}
                </span>{' '}
                <span className="text-zinc-400" data-testid="series-rating-count">
                  {t('meta.ratingCount', {
                    count: ratingCount(series.rating),
                    formatted: formatNumber(ratingCount(series.rating)),
                  })}
                </span>
              </dd>
            </div>
            <div className="flex items-center gap-1">
              <dt className="sr-only">{t('meta.likes')}</dt>
              <Heart className="size-3.5 fill-rose-500 text-rose-500" aria-hidden />
              <dd data-testid="series-likes">{formatLikes(series.likes)}</dd>
            </div>
            <div className="flex items-center gap-1">
              <dt className="sr-only">{t('meta.runtime')}</dt>
              <Clock className="size-3.5" aria-hidden />
              <dd data-testid="series-runtime">
                {episodesQuery.isSuccess ? (
                  t('meta.runtimeValue', { count: episodes.length, runtime: formatRuntime(totalSeconds, t) })
                ) : (
                  <Skeleton className="inline-block h-3 w-20 align-middle" />
                )}
              </dd>
            </div>
          </dl>
          <p
            className="flex items-start gap-1.5 text-xs font-semibold text-amber-200 sm:text-sm"
            data-testid="series-pricing"
          >
            <Coins className="mt-0.5 size-3.5 shrink-0 text-amber-300" aria-hidden />
            {series.isFree
              ? t('pricing.allFree')
              : t('pricing.freeThenCost', {
                  free: FREE_EPISODES,
                  count: series.episodeCost,
                  formatted: formatNumber(series.episodeCost),
                })}
          </p>
        </div>

        <div className="col-span-2 space-y-4 md:col-span-1 md:col-start-2">
          {playTarget && (
            <PlayButton
              episode={playTarget}
              resume={resumeEpisode !== undefined}
              locked={accessOf(playTarget.episodeNumber) === 'locked'}
              onLocked={() => select(playTarget, 'locked')}
              className="flex h-12 w-full text-base md:w-fit md:px-8"
            />
          )}
          <p dir="auto" className="max-w-3xl text-sm leading-relaxed text-zinc-300 md:text-base">
            {series.description}
          </p>
          {series.tags.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label={t('meta.tags')}>
              {series.tags.map((tag) => (
                <li
                  key={tag}
                  dir="auto"
                  className="rounded-full border border-white/10 px-3 py-1 text-xs text-zinc-300"
                >
                  #{tag}
                </li>
              ))}
            </ul>
          )}
          <SeriesActions series={series} onTopUp={() => setTopUpOpen(true)} />
        </div>

        <section aria-labelledby="episodes-heading" className="col-span-2 space-y-3 md:col-span-1 md:col-start-2">
          <div className="flex items-baseline justify-between">
            <h2 id="episodes-heading" className="text-lg font-bold">
              {t('episodes.title')}
            </h2>
            {episodesQuery.isSuccess && (
              <span className="text-xs text-zinc-400">{t('episodes.count', { count: episodes.length })}</span>
            )}
          </div>
          {episodesQuery.isPending ? (
            <div className="grid grid-cols-5 gap-2 sm:grid-cols-8 lg:grid-cols-10">
              {Array.from({ length: 20 }, (_, i) => (
                <Skeleton key={i} className="aspect-square" />
              ))}
            </div>
          ) : episodesQuery.isError ? (
            <p role="alert" className="text-sm text-red-300">
              {t('episodes.error')}
            </p>
          ) : (
            <EpisodeGrid
              episodes={episodes}
              accessOf={accessOf}
              cost={series.episodeCost}
              currentEpisodeNumber={resumeEpisode?.episodeNumber}
              onSelect={select}
            />
          )}
        </section>
      </div>

      <EpisodeUnlockOnDemand ref={unlock} series={series} />
      <TopUpDialogOnDemand open={topUpOpen} onOpenChange={setTopUpOpen} />
    </article>
  );
}

/** Starts at episode 1, or resumes the episode watched last; a locked one opens the unlock dialog instead. */
function PlayButton({
  episode,
  resume,
  locked,
  onLocked,
  className,
}: {
  episode: Episode;
  resume: boolean;
  locked: boolean;
  onLocked: () => void;
  className: string;
}) {
  const { t } = useTranslation('series');
  return (
    <Link
      href={paths.watch(episode.id)}
      onClick={(event) => {
        if (locked) {
          event.preventDefault();
          onLocked();
        }
      }}
      className={`items-center justify-center gap-2 rounded-full bg-gradient-to-r from-rose-600 to-orange-500 font-bold shadow-lg shadow-rose-900/40 hover:brightness-110 active:scale-[0.99] ${className}`}
    >
      <Play className="size-4 fill-current" aria-hidden />
      {resume ? t('play.continue', { number: episode.episodeNumber }) : t('play.start')}
    </Link>
  );
}

function formatRuntime(totalSeconds: number, t: (key: string, options?: Record<string, unknown>) => string) {
  const minutes = Math.round(totalSeconds / 60);
  if (minutes < 60) return t('meta.minutes', { count: Math.max(minutes, totalSeconds > 0 ? 1 : 0) });
  return t('meta.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}
