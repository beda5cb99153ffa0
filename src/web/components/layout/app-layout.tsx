import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { useLocation } from 'wouter';
import { lazyPage } from '../../lib/lazy-page.ts';
import { paths } from '../../lib/paths.ts';

// Below the first screen (the page above it is at least a screen tall): not needed for the first paint.
const SiteFooter = lazy(() => import('./site-footer.tsx').then((m) => ({ default: m.SiteFooter })));

const loadPageChrome = () => import('./page-chrome.tsx');
const SiteHeader = lazyPage<object>(() => loadPageChrome().then((m) => ({ default: m.SiteHeader })));
const BottomNav = lazyPage<object>(() => loadPageChrome().then((m) => ({ default: m.BottomNav })));

/** Fetches the header and the bottom bar, so that a page rendered on the server hydrates without waiting. */
export async function preloadPageChrome(location: string) {
  if (!isFullScreenPath(location)) await Promise.all([SiteHeader.preload(), BottomNav.preload()]);
}

const isAdminPath = (location: string) => location === paths.admin || location.startsWith(`${paths.admin}/`);

/** The player and the dashboard use the whole screen: no header, footer or bottom bar there. */
export const isFullScreenPath = (location: string) => location.startsWith('/watch/') || isAdminPath(location);

export function AppLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  const [location] = useLocation();
  const fullScreen = isFullScreenPath(location);
  const admin = isAdminPath(location);

  // A new page starts at its top, like a real page load would.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);

  // The dashboard is its own application with its own <main> landmark (features/admin).
  if (admin) return children;

  return (
    <div className={fullScreen ? '' : 'flex min-h-dvh flex-col pb-[calc(4rem+env(safe-area-inset-bottom))] md:pb-0'}>
      <a
        href="#main"
        className="sr-only z-[60] rounded-full bg-white px-4 py-2 text-sm font-semibold text-black focus:not-sr-only focus:fixed focus:top-2 focus:start-2"
      >
        {t('skipToContent')}
      </a>
      {!fullScreen && (
        // Holds the header's height while its code arrives, so the page below does not move.
        <Suspense fallback={<div className="h-14 border-b border-white/5 md:h-16" />}>
          <SiteHeader />
        </Suspense>
      )}
      {/* At least a screen tall, so the footer never shows above a page that is still loading. */}
      <main id="main" tabIndex={-1} className={fullScreen ? 'outline-none' : 'min-h-dvh flex-1 outline-none'}>
        {children}
      </main>
      {!fullScreen && (
        <Suspense fallback={null}>
          <SiteFooter />
        </Suspense>
      )}
      {!fullScreen && (
        <Suspense fallback={null}>
          <BottomNav />
        </Suspense>
      )}
    </div>
  );
}
