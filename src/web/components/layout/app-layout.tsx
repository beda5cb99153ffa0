import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { useLocation } from 'wouter';
import { paths } from '../../lib/paths.ts';
import { BottomNav } from './bottom-nav.tsx';
import { SiteHeader } from './site-header.tsx';

// Below the first screen (the page above it is at least a screen tall): not needed for the first paint.
const SiteFooter = lazy(() => import('./site-footer.tsx').then((m) => ({ default: m.SiteFooter })));

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
      {!fullScreen && <SiteHeader />}
      {/* At least a screen tall, so the footer never shows above a page that is still loading. */}
      <main id="main" tabIndex={-1} className={fullScreen ? 'outline-none' : 'min-h-dvh flex-1 outline-none'}>
        {children}
      </main>
      {!fullScreen && (
        <Suspense fallback={null}>
          <SiteFooter />
        </Suspense>
      )}
      {!fullScreen && <BottomNav />}
    </div>
  );
}
