import { lazy, Suspense, useState } from 'react';
import { Tabs } from '#web/components/ui/tabs.tsx';
import { useLocation, useSearch } from 'wouter';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { PageSpinner } from '#web/components/ui/spinner.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { paths } from '#web/lib/paths.ts';
import { useCatalogueFigures } from '../api/get-catalogue-figures.ts';
import { DashboardHeader } from './dashboard-header.tsx';
import { StatCards } from './stat-cards.tsx';
import { ContentTab } from './content-tab.tsx';
import { CarouselTab } from './carousel-tab.tsx';
import { TrendingTab } from './trending-tab.tsx';
import { AddSeriesDialog } from './add-series-dialog.tsx';
import { useOperator } from '../lib/operator.tsx';
import { roleCan, type Permission } from '#contract/operators.ts';

// Its charts and texts are a chunk of their own, loaded when an operator opens the tab.
const InsightsTab = lazy(() => import('../insights/components/insights-tab.tsx'));
// The owner's and support's tabs, loaded when opened: most operators never open them.
const ActivityTab = lazy(() => import('../activity/activity-tab.tsx'));
const TeamTab = lazy(() => import('../team/team-tab.tsx'));
const ViewersTab = lazy(() => import('../viewers/viewers-tab.tsx'));
const PurchasesTab = lazy(() => import('../purchases/purchases-tab.tsx'));

const TABS = ['content', 'carousel', 'trending', 'insights', 'activity', 'team', 'viewers', 'purchases'] as const;
type DashboardTab = (typeof TABS)[number];

/** The tabs a role sees: only what it can use. */
const TAB_NEEDS: Record<DashboardTab, Permission> = {
  content: 'readCatalogue',
  carousel: 'edit',
  trending: 'edit',
  insights: 'readInsights',
  activity: 'readActivity',
  team: 'manageTeam',
  viewers: 'helpViewers',
  purchases: 'readPurchases',
};

const tabOf = (search: string, tabs: readonly DashboardTab[]): DashboardTab => {
  const requested = new URLSearchParams(search).get('tab');
  return tabs.find((candidate) => candidate === requested) ?? tabs[0]!;
};

/** The open tab lives in the URL (?tab=), so a reload or the back button keeps it. */
function useDashboardTab(tabs: readonly DashboardTab[]): [DashboardTab, (tab: string) => void] {
  const search = useSearch();
  const [, navigate] = useLocation();
  const tab = tabOf(search, tabs);
  const select = (next: string) => {
    // Radix activates a tab on pointer-down and again on focus: one history entry per real change.
    if (next === tabOf(window.location.search, tabs)) return;
    // "~" leaves the nested /admin router, so the URL stays /admin?tab=… rather than /admin/?tab=…
    navigate(next === tabs[0] ? `~${paths.admin}` : `~${paths.admin}?tab=${encodeURIComponent(next)}`);
  };
  return [tab, select];
}

const tabTriggerClass =
  'relative shrink-0 whitespace-nowrap rounded-t-md px-2.5 py-2.5 text-xs font-medium text-zinc-400 hover:text-white focus-visible:outline-offset-[-4px]! data-[state=active]:text-white after:absolute after:inset-x-2 after:-bottom-px after:h-0.5 after:rounded-full data-[state=active]:after:bg-brand-500 sm:px-3 sm:text-sm';

export function Dashboard() {
  const { t } = useTranslation('admin');
  const role = useOperator()?.role;
  const tabs = TABS.filter((candidate) => roleCan(role, TAB_NEEDS[candidate]));
  const readsCatalogue = roleCan(role, 'readCatalogue');
  const figures = useCatalogueFigures(readsCatalogue);
  const [tab, selectTab] = useDashboardTab(tabs);
  const [addOpen, setAddOpen] = useState(false);

  if (readsCatalogue && figures.isPending) return <PageSpinner label={t('loadingDashboard')} />;
  if (figures.isError) {
    return (
      <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
        <p role="alert" className="text-zinc-300">
          {t('loadFailed')}
        </p>
        <Button variant="secondary" onClick={() => figures.refetch()}>
          {t('retry')}
        </Button>
      </main>
    );
  }

  return (
    <div className="min-h-dvh bg-ink-950 text-white">
      <DashboardHeader onAddSeries={() => setAddOpen(true)} />
      <main id="main" className="mx-auto max-w-7xl space-y-6 px-4 py-5 lg:px-8 lg:py-6">
        {figures.data && <StatCards figures={figures.data} />}
        <Tabs.Root value={tab} onValueChange={selectTab}>
          <Tabs.List aria-label={t('tabs.label')} className="flex overflow-x-auto border-b border-white/10">
            {tabs.map((candidate) => (
              <Tabs.Trigger key={candidate} value={candidate} className={tabTriggerClass}>
                {t(`tabs.${candidate}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="content" className="pt-5 focus-visible:outline-none">
            <ContentTab catalogueEmpty={figures.data?.totalSeries === 0} />
          </Tabs.Content>
          <Tabs.Content value="carousel" className="pt-5 focus-visible:outline-none">
            <CarouselTab />
          </Tabs.Content>
          <Tabs.Content value="trending" className="pt-5 focus-visible:outline-none">
            <TrendingTab />
          </Tabs.Content>
          <Tabs.Content value="insights" className="pt-5 focus-visible:outline-none">
            <Suspense fallback={<PageSpinner />}>
              <InsightsTab />
            </Suspense>
          </Tabs.Content>
          <Tabs.Content value="activity" className="pt-5 focus-visible:outline-none">
            <Suspense fallback={<PageSpinner />}>
              <ActivityTab />
            </Suspense>
          </Tabs.Content>
          <Tabs.Content value="team" className="pt-5 focus-visible:outline-none">
            <Suspense fallback={<PageSpinner />}>
              <TeamTab />
            </Suspense>
          </Tabs.Content>
          <Tabs.Content value="viewers" className="pt-5 focus-visible:outline-none">
            <Suspense fallback={<PageSpinner />}>
              <ViewersTab />
            </Suspense>
          </Tabs.Content>
          <Tabs.Content value="purchases" className="pt-5 focus-visible:outline-none">
            <Suspense fallback={<PageSpinner />}>
              <PurchasesTab />
            </Suspense>
          </Tabs.Content>
        </Tabs.Root>
      </main>
      <AddSeriesDialog open={addOpen} onOpenChange={setAddOpen} />
    </div>
  );
}
