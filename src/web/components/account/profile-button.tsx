import { useState } from 'react';
import { UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AccountMenu } from './account-menu.tsx';
import { LoginDialog } from './login-dialog.tsx';
import { useLogin } from './use-login.ts';

/** Logged out: opens the login dialog. Logged in: the account menu. */
export function ProfileButton() {
  const { t } = useTranslation('common');
  const { isLoggedIn, loginUser, logout } = useLogin();
  const [loginOpen, setLoginOpen] = useState(false);

  if (isLoggedIn && loginUser) return <AccountMenu loginUser={loginUser} onLogout={logout} />;
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
      <LoginDialog open={loginOpen} onOpenChange={setLoginOpen} />
    </>
  );
}
