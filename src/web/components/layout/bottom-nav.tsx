import { Compass, Gift, House, Library, UserRound, type LucideIcon } from 'lucide-react';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { Link, useLocation } from 'wouter';
import { paths } from '../../lib/paths.ts';

const TABS: { href: string; labelKey: string; Icon: LucideIcon }[] = [
  { href: paths.home, labelKey: 'nav.home', Icon: House },
  { href: paths.discover, labelKey: 'nav.discover', Icon: Compass },
  { href: paths.library, labelKey: 'nav.library', Icon: Library },
  { href: paths.rewards, labelKey: 'nav.rewards', Icon: Gift },
  { href: paths.profile, labelKey: 'nav.profile', Icon: UserRound },
];

/** A tab is active when the path starts with its own ("/" only on the home page itself). */
const isActive = (href: string, location: string) =>
  href === paths.home ? location === href : location === href || location.startsWith(`${href}/`);

export function BottomNav() {
  const { t } = useTranslation('common');
  const [location] = useLocation();
  return (
    <nav
      aria-label={t('nav.bottom')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-white/10 bg-ink-950/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md md:hidden"
      data-testid="bottom-nav"
    >
      <ul className="mx-auto grid h-16 max-w-lg grid-cols-5">
        {TABS.map(({ href, labelKey, Icon }) => {
          const active = isActive(href, location);
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={active ? 'page' : undefined}
                className={`flex h-full flex-col items-center justify-center gap-1 text-[11px] font-medium ${
                  active ? 'text-rose-400' : 'text-zinc-400 hover:text-zinc-200'
                }`}
              >
                <Icon className="size-6" strokeWidth={active ? 2.4 : 1.8} aria-hidden />
                {t(labelKey)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
