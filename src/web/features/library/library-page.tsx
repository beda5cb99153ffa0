import type { ReactNode } from 'react';
import { Bookmark, Heart, History } from 'lucide-react';
import { Tabs } from '../../components/ui/tabs.tsx';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { Link, useSearchParams } from 'wouter';
import type { Series } from '#contract/series.ts';
import { paths } from '../../lib/paths.ts';
import { useBookmarkedSeriesIds } from '../../api/get-bookmarked.ts';
import { useLikedSeriesIds } from '../../api/get-liked.ts';
import { useProgress } from '../../api/get-progress.ts';
import { useSeriesById } from '../../api/get-series-by-id.ts';
import { SeriesCard } from '../../components/series/series-card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ContinueList } from './components/continue-list.tsx';

const TABS = ['continue', 'liked', 'saved'] as const;
type LibraryTab = (typeof TABS)[number];
const isTab = (value: string | null): value is LibraryTab => (TABS as readonly string[]).includes(value ?? '');

export default function LibraryPage() {
  const { t } = useTranslation('library');
  const [searchParams, setSearchParams] = useSearchParams();
  const tabParam = searchParams.get('tab');
  const tab: LibraryTab = isTab(tabParam) ? tabParam : 'continue';

  const progress = useProgress();
  const liked = useLikedSeriesIds();
  const saved = useBookmarkedSeriesIds();
  // Only the series the three tabs name, not the catalogue.
  const named = [progress, liked, saved].some((list) => list.isPending)
    ? undefined
    : [...(progress.data ?? []).map((entry) => entry.seriesId), ...(liked.data ?? []), ...(saved.data ?? [])];
  const all = useSeriesById(named);
  const seriesById = new Map((all.data ?? []).map((series) => [series.id, series]));
  const pick = (ids: number[] | undefined) =>
    (ids ?? []).flatMap((id) => {
      const series = seriesById.get(id);
      return series ? [series] : [];
    });

  const tabClass =
    'relative h-10 flex-1 rounded-full px-3 text-sm font-semibold text-zinc-400 transition-colors hover:text-white data-[state=active]:bg-white data-[state=active]:text-black sm:flex-none sm:px-6';

  return (
    <div className="mx-auto max-w-7xl px-4 pt-5 pb-10 md:px-6 md:pt-8">
      <h1 className="text-2xl font-extrabold md:text-3xl">{t('title')}</h1>
      <Tabs.Root
        value={tab}
        onValueChange={(value) => setSearchParams({ tab: value }, { replace: true })}
        className="mt-4"
      >
        <Tabs.List
          aria-label={t('tabsLabel')}
          className="flex gap-1 rounded-full bg-white/[0.06] p-1 ring-1 ring-white/5 sm:inline-flex"
        >
          <Tabs.Trigger value="continue" className={tabClass}>
            {t('tabs.continue')}
          </Tabs.Trigger>
          <Tabs.Trigger value="liked" className={tabClass}>
            {t('tabs.liked')}
          </Tabs.Trigger>
          <Tabs.Trigger value="saved" className={tabClass}>
            {t('tabs.saved')}
          </Tabs.Trigger>
        </Tabs.List>

        <Tabs.Content value="continue" className="mt-5 focus-visible:outline-none">
          {progress.isPending || all.isPending ? (
            <ListSkeleton />
          ) : progress.isError || all.isError ? (
            <LoadError />
          ) : progress.data.some((entry) => seriesById.has(entry.seriesId)) ? (
            <ContinueList entries={progress.data} seriesById={seriesById} />
          ) : (
            <EmptyState
              icon={<History className="size-8" aria-hidden />}
              title={t('empty.continue')}
              text={t('empty.continueHint')}
            />
          )}
        </Tabs.Content>
        <Tabs.Content value="liked" className="mt-5 focus-visible:outline-none">
          <SeriesTab
            loading={liked.isPending || all.isPending}
            failed={liked.isError || all.isError}
            series={pick(liked.data)}
            empty={
              <EmptyState
                icon={<Heart className="size-8" aria-hidden />}
                title={t('empty.liked')}
                text={t('empty.likedHint')}
              />
            }
          />
        </Tabs.Content>
        <Tabs.Content value="saved" className="mt-5 focus-visible:outline-none">
          <SeriesTab
            loading={saved.isPending || all.isPending}
            failed={saved.isError || all.isError}
            series={pick(saved.data)}
            empty={
              <EmptyState
                icon={<Bookmark className="size-8" aria-hidden />}
                title={t('empty.saved')}
                text={t('empty.savedHint')}
              />
            }
          />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

function SeriesTab({
  loading,
  failed,
  series,
  empty,
}: {
  loading: boolean;
  failed: boolean;
  series: Series[];
  empty: ReactNode;
}) {
  if (loading) return <GridSkeleton />;
  if (failed) return <LoadError />;
  if (series.length === 0) return <>{empty}</>;
  return (
    <ul className="grid grid-cols-3 gap-x-3 gap-y-5 sm:grid-cols-4 md:grid-cols-5 lg:grid-cols-7">
      {series.map((item, index) => (
        <li key={item.id}>
          <SeriesCard series={item} eager={index < 6} />
        </li>
      ))}
    </ul>
  );
}

function EmptyState({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  const { t } = useTranslation('library');
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl bg-white/[0.03] px-6 py-14 text-center ring-1 ring-white/5">
      <span className="flex size-16 items-center justify-center rounded-full bg-white/5 text-zinc-400">{icon}</span>
      <p className="text-base font-semibold text-zinc-100">{title}</p>
      <p className="max-w-xs text-sm text-zinc-400">{text}</p>
      <Link
        href={paths.discover}
        className="mt-1 rounded-full bg-rose-600 px-5 py-2.5 text-sm font-semibold hover:bg-rose-700"
      >
        {t('empty.browse')}
      </Link>
    </div>
  );
}

function ListSkeleton() {
  return (
    <div className="grid gap-3 md:grid-cols-2" aria-hidden>
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} className="h-[9.5rem] rounded-2xl" />
      ))}
    </div>
  );
}

function GridSkeleton() {
  return (
    <div className="grid grid-cols-3 gap-x-3 gap-y-5 sm:grid-cols-4 md:grid-cols-5 lg:grid-cols-7" aria-hidden>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="aspect-[9/16] rounded-xl" />
      ))}
    </div>
  );
}

function LoadError() {
  const { t } = useTranslation('library');
  return (
    <p role="alert" className="text-sm text-red-300">
      {t('loadError')}
    </p>
  );
}
