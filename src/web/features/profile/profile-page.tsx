import { lazy, Suspense, useState, type ReactNode } from 'react';
import {
  Bookmark,
  ChevronRight,
  Coins,
  DoorOpen,
  FileText,
  Gift,
  Heart,
  LayoutDashboard,
  Library,
  LockOpen,
  LogOut,
  Shield,
  UserRound,
} from 'lucide-react';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { Link } from 'wouter';
import { paths } from '../../lib/paths.ts';
import { useBookmarkedSeriesIds } from '../../api/get-bookmarked.ts';
import { useLikedSeriesIds } from '../../api/get-liked.ts';
import { useUnlockedEpisodes } from '../../api/get-unlocked-episodes.ts';
import { useLeavePreview } from './api/leave-preview.ts';
import { balanceOf, useUser } from '../../api/get-user.ts';
import { LoginDialogOnDemand } from '../../components/account/login-dialog-on-demand.tsx';
import { useLogin } from '../../components/account/use-login.ts';
import { useAccount } from '../../api/account.ts';
import { SignInMethods } from './components/sign-in-methods.tsx';
import { VipPassSection } from './components/vip-pass.tsx';
import { AutoUnlockSetting } from './components/auto-unlock-setting.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { TopUpDialogOnDemand } from '../../components/wallet/top-up-dialog-on-demand.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { formatNumber } from '../../lib/format.ts';
import { lazyPart, useLazyPart } from '../../lib/lazy-part.ts';

// Shown only where the browser can install the app, which is known once the page runs: not in its first paint.
// Below the first screen, and shown only to some (an account; series with alerts): fetched as the page starts.
const YourData = lazy(() => import('./components/your-data.tsx').then((m) => ({ default: m.YourData })));
const NotifiedSeries = lazy(() =>
  import('./components/notified-series.tsx').then((m) => ({ default: m.NotifiedSeries })),
);
const installAppItem = lazyPart(() => import('./components/install-app-item.tsx'));

export default function ProfilePage() {
  const { t } = useTranslation('profile');
  const { isLoggedIn, loginUser, logout } = useLogin();
  const user = useUser();
  const liked = useLikedSeriesIds();
  const saved = useBookmarkedSeriesIds();
  const unlocked = useUnlockedEpisodes();
  const [loginOpen, setLoginOpen] = useState(false);
  const [topUpOpen, setTopUpOpen] = useState(false);
  const leave = useLeavePreview();
  const account = useAccount();
  const InstallAppItem = useLazyPart(installAppItem, false);

  const name = isLoggedIn && loginUser ? loginUser.username : t('guest');

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 pt-5 pb-10 md:px-6 md:pt-8">
      <h1 className="sr-only">{t('title')}</h1>
      <section className="flex items-center gap-4 rounded-3xl bg-gradient-to-br from-rose-700/40 via-rose-900/20 to-transparent p-5 ring-1 ring-white/10">
        <span
          aria-hidden
          className="flex size-16 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-rose-500 to-orange-500 text-2xl font-black uppercase shadow-lg"
        >
          {isLoggedIn && loginUser ? loginUser.username.charAt(0) : <UserRound className="size-8" />}
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-xl font-extrabold" data-testid="profile-username">
            {name}
          </p>
          {isLoggedIn && loginUser ? (
            <p className="truncate text-sm text-zinc-300" data-testid="profile-email">
              {loginUser.email}
            </p>
          ) : (
            <p className="text-sm text-zinc-300">{t('guestHint')}</p>
          )}
        </div>
        {!isLoggedIn && (
          <Button onClick={() => setLoginOpen(true)} className="shrink-0">
            {t('login')}
          </Button>
        )}
      </section>

      <section
        aria-labelledby="wallet-heading"
        className="flex items-center gap-4 rounded-2xl bg-white/[0.04] p-4 ring-1 ring-white/5"
      >
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-amber-400/15">
          <Coins className="size-5 text-amber-300" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="wallet-heading" className="text-xs text-zinc-400">
            {t('coins')}
          </h2>
          {user.data ? (
            <p className="text-2xl font-extrabold" data-testid="profile-balance">
              {formatNumber(balanceOf(user.data))}
            </p>
          ) : (
            <Skeleton className="mt-1 h-7 w-24" />
          )}
          {user.data && (
            <p className="text-xs text-zinc-400">
              {t('breakdown', {
                count: user.data.coins,
                coins: formatNumber(user.data.coins),
                bonuses: formatNumber(user.data.bonuses),
              })}
            </p>
          )}
        </div>
        <Button variant="secondary" onClick={() => setTopUpOpen(true)}>
          {t('topUp')}
        </Button>
      </section>

      <section aria-labelledby="stats-heading">
        <h2 id="stats-heading" className="sr-only">
          {t('stats.title')}
        </h2>
        <dl className="grid grid-cols-3 gap-3">
          <Stat
            icon={<Heart className="size-4 text-rose-400" aria-hidden />}
            label={t('stats.liked')}
            value={liked.data?.length}
            testId="stat-liked"
          />
          <Stat
            icon={<Bookmark className="size-4 text-amber-300" aria-hidden />}
            label={t('stats.saved')}
            value={saved.data?.length}
            testId="stat-saved"
          />
          <Stat
            icon={<LockOpen className="size-4 text-emerald-400" aria-hidden />}
            label={t('stats.unlocked')}
            value={unlocked.data?.length}
            testId="stat-unlocked"
          />
        </dl>
      </section>

      <VipPassSection account={account.data} onSignIn={() => setLoginOpen(true)} />
      <AutoUnlockSetting />
      <Suspense fallback={null}>
        <NotifiedSeries />
      </Suspense>

      <SignInMethods account={account.data} />
      {account.data?.signedIn && (
        <Suspense fallback={null}>
          <YourData />
        </Suspense>
      )}

      <nav aria-label={t('menu.title')} className="overflow-hidden rounded-2xl bg-white/[0.04] ring-1 ring-white/5">
        <ul className="divide-y divide-white/5">
          <MenuLink
            href={paths.account}
            icon={<LayoutDashboard className="size-5" aria-hidden />}
            label={t('menu.dashboard')}
          />
          <MenuLink href={paths.library} icon={<Library className="size-5" aria-hidden />} label={t('menu.library')} />
          <MenuLink href={paths.rewards} icon={<Gift className="size-5" aria-hidden />} label={t('menu.rewards')} />
          {InstallAppItem && <InstallAppItem />}
          <MenuLink href={paths.terms} icon={<FileText className="size-5" aria-hidden />} label={t('menu.terms')} />
          <MenuLink href={paths.privacy} icon={<Shield className="size-5" aria-hidden />} label={t('menu.privacy')} />
          <li>
            <button
              type="button"
              onClick={() =>
                leave.mutate(undefined, {
                  onError: () => toast({ title: t('menu.leaveFailed'), variant: 'destructive' }),
                })
              }
              disabled={leave.isPending}
              className="flex w-full items-center gap-3 px-4 py-3.5 text-start text-sm font-medium text-zinc-200 hover:bg-white/5"
            >
              <DoorOpen className="size-5 rtl:-scale-x-100" aria-hidden />
              {t('menu.leavePreview')}
            </button>
          </li>
          {isLoggedIn && (
            <li>
              <button
                type="button"
                onClick={() => void logout()}
                className="flex w-full items-center gap-3 px-4 py-3.5 text-start text-sm font-medium text-red-300 hover:bg-white/5"
              >
                <LogOut className="size-5 rtl:-scale-x-100" aria-hidden />
                {t('menu.logout')}
              </button>
            </li>
          )}
        </ul>
      </nav>

      <LoginDialogOnDemand open={loginOpen} onOpenChange={setLoginOpen} />
      <TopUpDialogOnDemand open={topUpOpen} onOpenChange={setTopUpOpen} />
    </div>
  );
}

function Stat({
  icon,
  label,
  value,
  testId,
}: {
  icon: ReactNode;
  label: string;
  value: number | undefined;
  testId: string;
}) {
  return (
    <div className="flex flex-col-reverse items-center rounded-2xl bg-white/[0.04] px-2 py-4 text-center ring-1 ring-white/5">
      <dt className="mt-1 flex items-center gap-1 text-xs text-zinc-400">
        {icon}
        {label}
      </dt>
      <dd className="flex h-8 items-center text-2xl font-extrabold" data-testid={testId}>
        {value === undefined ? <Skeleton className="h-7 w-8" /> : formatNumber(value)}
      </dd>
    </div>
  );
}

function MenuLink({ href, icon, label }: { href: string; icon: ReactNode; label: string }) {
  return (
    <li>
      <Link
        href={href}
        className="flex items-center gap-3 px-4 py-3.5 text-sm font-medium text-zinc-100 hover:bg-white/5"
      >
        <span className="text-zinc-400">{icon}</span>
        <span className="flex-1">{label}</span>
        <ChevronRight className="size-4 text-zinc-400 rtl:-scale-x-100" aria-hidden />
      </Link>
    </li>
  );
}
