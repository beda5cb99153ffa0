import { useEffect, useState } from 'react';
import { UserRound } from 'lucide-react';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { lazyPart, useLazyPart } from '../../lib/lazy-part.ts';
import { loadTexts, shownLanguageTag } from '../../lib/texts/text-store.ts';
import { LoginDialogOnDemand } from './login-dialog-on-demand.tsx';
import { useLogin } from './use-login.ts';

// Not needed for the first paint of a page: its code (Radix among it) and words come when it is shown.
const accountMenu = lazyPart(async () => {
  const [{ AccountMenu }] = await Promise.all([
    import('./account-menu.tsx'),
    loadTexts(shownLanguageTag(), ['account']),
  ]);
  return { default: AccountMenu };
});

/** Logged out: opens the login dialog. Logged in: the account menu. */
export function ProfileButton() {
  const { t } = useTranslation('common');
  const { isLoggedIn, loginUser, logout } = useLogin();
  const [loginOpen, setLoginOpen] = useState(false);
  const loggedIn = isLoggedIn && !!loginUser;
  const AccountMenu = useLazyPart(accountMenu, loggedIn);
  useEffect(() => {
    // Back from a provider's sign-in: its welcome is fetched only then.
    if (new URLSearchParams(window.location.search).has('signedIn')) {
      void import('./welcome-back.ts').then(({ welcomeBackFromProvider }) => welcomeBackFromProvider());
    }
  }, []);

  if (loggedIn)
    return AccountMenu ? (
      <AccountMenu loginUser={loginUser} onLogout={logout} />
    ) : (
      <span className="size-9 rounded-full bg-gradient-to-br from-rose-500 to-orange-500" />
    );
  return (
    <>
      <button
        type="button"
        onClick={() => setLoginOpen(true)}
        className="flex h-9 items-center gap-1.5 rounded-full bg-white/10 pe-3 ps-2 text-sm font-semibold whitespace-nowrap text-white hover:bg-white/15"
        data-testid="login-button"
      >
        <UserRound className="size-5" aria-hidden />
        {t('account.login')}
      </button>
      <LoginDialogOnDemand open={loginOpen} onOpenChange={setLoginOpen} />
    </>
  );
}
