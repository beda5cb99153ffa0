import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { paths } from '../lib/paths.ts';
import { lazyPage, type LazyPage } from '../lib/lazy-page.ts';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { AppLayout, preloadPageChrome } from '../components/layout/app-layout.tsx';

// Each screen is its own chunk; the dashboard and the player are never downloaded by other pages.
const HomePage = lazyPage(() => import('../features/home/home-page.tsx'));
const DiscoverPage = lazyPage(() => import('../features/discover/discover-page.tsx'));
const LibraryPage = lazyPage(() => import('../features/library/library-page.tsx'));
const RewardsPage = lazyPage(() => import('../features/rewards/rewards-page.tsx'));
const ProfilePage = lazyPage(() => import('../features/profile/profile-page.tsx'));
const AccountPage = lazy(() => import('../features/account/account-page.tsx'));
const AdminPage = lazy(() => import('../features/admin/admin-page.tsx'));
const BrandPage = lazy(() => import('../features/brand/brand-page.tsx'));
const TermsPage = lazy(() => import('../features/legal/terms-page.tsx'));
const PrivacyPage = lazy(() => import('../features/legal/privacy-page.tsx'));
const TrendingPage = lazy(() => import('../features/trending/trending-page.tsx'));
const NewReleaseShelfPage = lazy(() => import('../features/shelf/new-release-page.tsx'));
const SeriesPage = lazyPage(() => import('../features/series/series-page.tsx'));
const loadWatchPage = () => import('../features/watch/watch-page.tsx');
// Opened at /watch/… (a shared link, a reload): the player's code is fetched while the app starts, not after.
if (typeof window !== 'undefined' && window.location.pathname.startsWith('/watch/')) void loadWatchPage();
const WatchPage = lazy(loadWatchPage);
const NotFoundPage = lazy(() => import('../features/not-found/not-found-page.tsx'));

/** The viewer pages the server renders (src/contract/page-data.ts), by path. */
const SERVED_PAGES: [RegExp, LazyPage<never>][] = [
  [/^\/$/, HomePage],
  [/^\/discover$/, DiscoverPage],
  [/^\/library$/, LibraryPage],
  [/^\/rewards$/, RewardsPage],
  [/^\/profile$/, ProfilePage],
  [/^\/series\/[^/]+$/, SeriesPage],
];

/** The code of the page at `path`, fetched before a server-rendered page is hydrated. */
export async function preloadServedPage(path: string) {
  await Promise.all([SERVED_PAGES.find(([pattern]) => pattern.test(path))?.[1].preload(), preloadPageChrome(path)]);
}

export function AppRoutes() {
  return (
    <AppLayout>
      <Suspense fallback={<PageSpinner />}>
        <Switch>
          <Route path={paths.home} component={HomePage} />
          <Route path={paths.discover} component={DiscoverPage} />
          <Route path={paths.library} component={LibraryPage} />
          <Route path={paths.rewards} component={RewardsPage} />
          <Route path={paths.profile} component={ProfilePage} />
          <Route path={paths.account} component={AccountPage} />
          <Route path={paths.admin} nest>
            <AdminPage />
          </Route>
          <Route path={paths.brand} component={BrandPage} />
          <Route path={paths.terms} component={TermsPage} />
          <Route path={paths.privacy} component={PrivacyPage} />
          <Route path={paths.trending} component={TrendingPage} />
          <Route path={paths.newReleaseShelf} component={NewReleaseShelfPage} />
          <Route path="/series/:id" component={SeriesPage} />
          <Route path="/watch/:episodeId" component={WatchPage} />
          <Route path={paths.wallet}>
            <Redirect to={paths.rewards} replace />
          </Route>
          <Route path={paths.myList}>
            <Redirect to={`${paths.library}?tab=saved`} replace />
          </Route>
          <Route path={paths.history}>
            <Redirect to={`${paths.library}?tab=continue`} replace />
          </Route>
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </AppLayout>
  );
}
