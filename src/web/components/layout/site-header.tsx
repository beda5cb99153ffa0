import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { Link, useLocation } from 'wouter';
import { paths } from '../../lib/paths.ts';
import { ProfileButton } from '../account/profile-button.tsx';
import { CategoriesMenu } from './categories-menu.tsx';
import { HeaderSearch } from './header-search.tsx';
import { LanguagePicker } from './language-picker.tsx';
import { Logo } from './logo.tsx';

export function SiteHeader() {
  const { t } = useTranslation('common');
  const [location] = useLocation();
  const navLink = (href: string, active: boolean) =>
    `flex h-9 items-center rounded-full px-3 text-sm font-medium hover:bg-white/5 hover:text-white ${
      active ? 'text-white' : 'text-zinc-300'
    }`;

  return (
    <header className="sticky top-0 z-40 border-b border-white/5 bg-ink-950/85 backdrop-blur-md supports-[backdrop-filter]:bg-ink-950/70">
      <div className="relative mx-auto flex h-14 max-w-7xl items-center gap-2 px-4 md:h-16 md:gap-4 md:px-6">
        <Logo />
        <nav aria-label={t('header.nav')} className="hidden items-center gap-1 md:flex">
          <Link
            href={paths.home}
            className={navLink(paths.home, location === paths.home)}
            aria-current={location === paths.home ? 'page' : undefined}
          >
            {t('nav.home')}
          </Link>
          <CategoriesMenu />
          <Link
            href={paths.brand}
            className={navLink(paths.brand, location === paths.brand)}
            aria-current={location === paths.brand ? 'page' : undefined}
          >
            {t('nav.brand')}
          </Link>
        </nav>
        <div className="ms-auto flex items-center gap-1 md:gap-2">
          <HeaderSearch />
          <LanguagePicker />
          <ProfileButton />
        </div>
      </div>
    </header>
  );
}
