import { useState, type ReactNode } from 'react';
import { Bookmark, ChevronRight, Coins, History, LockOpen, LogIn, LogOut, Receipt, Wallet } from 'lucide-react';
import { Tabs } from '../../components/ui/tabs.tsx';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { Link } from 'wouter';
import { paths } from '../../lib/paths.ts';
import { useSeriesById } from '../../api/get-series-by-id.ts';
import { useTransactions } from '../../api/get-transactions.ts';
import { useUnlockedEpisodes } from '../../api/get-unlocked-episodes.ts';
import { balanceOf, useUser } from '../../api/get-user.ts';
import { LoginDialogOnDemand } from '../../components/account/login-dialog-on-demand.tsx';
import { useLogin } from '../../components/account/use-login.ts';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { formatNumber } from '../../lib/format.ts';
import { TransactionList } from './components/transaction-list.tsx';
import { UnlockedList } from './components/unlocked-list.tsx';

/** The account page, at /dashboard: the transaction history and the episodes unlocked. */
export default function AccountPage() {
  const { t } = useTranslation('account');
  const { isLoggedIn, loginUser, logout } = useLogin();
  const [loginOpen, setLoginOpen] = useState(false);
  const user = useUser();
  const transactions = useTransactions();
  const unlocked = useUnlockedEpisodes();
  // Only the series these lists name, not the catalogue.
  const named =
    unlocked.isPending || transactions.isPending
      ? undefined
      : [
          ...(unlocked.data ?? []).map((entry) => entry.seriesId),
          ...(transactions.data ?? []).flatMap((entry) => (entry.seriesId === null ? [] : [entry.seriesId])),
        ];
  const all = useSeriesById(named);
  const seriesById = new Map((all.data ?? []).map((series) => [series.id, series]));

  const tabClass =
    'h-10 flex-1 rounded-full px-3 text-sm font-semibold whitespace-nowrap text-zinc-400 transition-colors hover:text-white data-[state=active]:bg-white data-[state=active]:text-black sm:flex-none sm:px-5';

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 pt-5 pb-10 md:px-6 md:pt-8">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-extrabold md:text-3xl">{t('title')}</h1>
          <p className="truncate text-sm text-zinc-400">
            {isLoggedIn && loginUser ? t('signedInAs', { username: loginUser.username }) : t('guest')}
          </p>
        </div>
        {isLoggedIn ? (
          <Button variant="secondary" onClick={logout} className="shrink-0">
            <LogOut className="size-4 rtl:-scale-x-100" aria-hidden />
            {t('logout')}
          </Button>
        ) : (
          <Button onClick={() => setLoginOpen(true)} className="shrink-0">
            <LogIn className="size-4" aria-hidden />
            {t('login')}
          </Button>
        )}
      </div>

      <section className="grid grid-cols-3 gap-3" aria-label={t('balance.title')}>
        <Figure label={t('balance.total')} value={user.data ? balanceOf(user.data) : undefined} highlight />
        <Figure label={t('balance.coins')} value={user.data?.coins} />
        <Figure label={t('balance.bonuses')} value={user.data?.bonuses} />
      </section>

      <nav aria-label={t('links.title')} className="grid grid-cols-3 gap-3">
        <QuickLink href={paths.wallet} icon={<Wallet className="size-5" aria-hidden />} label={t('links.wallet')} />
        <QuickLink href={paths.myList} icon={<Bookmark className="size-5" aria-hidden />} label={t('links.myList')} />
        <QuickLink href={paths.history} icon={<History className="size-5" aria-hidden />} label={t('links.history')} />
      </nav>

      <Tabs.Root defaultValue="transactions">
        <Tabs.List
          aria-label={t('tabsLabel')}
          className="flex gap-1 rounded-full bg-white/[0.06] p-1 ring-1 ring-white/5 sm:inline-flex"
        >
          <Tabs.Trigger value="transactions" className={tabClass}>
            {t('tabs.transactions')}
          </Tabs.Trigger>
          <Tabs.Trigger value="unlocked" className={tabClass}>
            {t('tabs.unlocked')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="transactions" className="mt-4 focus-visible:outline-none">
          {transactions.isPending ? (
            <RowsSkeleton />
          ) : transactions.isError ? (
            <LoadError />
          ) : transactions.data.length === 0 ? (
            <Empty
              icon={<Receipt className="size-7" aria-hidden />}
              title={t('transactions.empty')}
              text={t('transactions.emptyHint')}
            />
          ) : (
            <TransactionList entries={transactions.data} seriesById={seriesById} />
          )}
        </Tabs.Content>
        <Tabs.Content value="unlocked" className="mt-4 focus-visible:outline-none">
          {unlocked.isPending || all.isPending ? (
            <RowsSkeleton />
          ) : unlocked.isError || all.isError ? (
            <LoadError />
          ) : unlocked.data.length === 0 ? (
            <Empty
              icon={<LockOpen className="size-7" aria-hidden />}
              title={t('unlocked.empty')}
              text={t('unlocked.emptyHint')}
            />
          ) : (
            <UnlockedList unlocks={unlocked.data} seriesById={seriesById} />
          )}
        </Tabs.Content>
      </Tabs.Root>

      <LoginDialogOnDemand open={loginOpen} onOpenChange={setLoginOpen} />
    </div>
  );
}

function Figure({
  label,
  value,
  highlight = false,
}: {
  label: string;
  value: number | undefined;
  highlight?: boolean;
}) {
  return (
    <div
      className={`rounded-2xl p-3 ring-1 ${
        highlight
          ? 'bg-gradient-to-br from-amber-500/20 to-rose-600/15 ring-amber-400/20'
          : 'bg-white/[0.04] ring-white/5'
      }`}
    >
      <p className="text-xs text-zinc-400">{label}</p>
      {value === undefined ? (
        <Skeleton className="mt-1 h-6 w-16" />
      ) : (
        <p className="mt-0.5 flex items-center gap-1 text-lg font-extrabold sm:text-xl">
          {highlight && <Coins className="size-4 text-amber-300" aria-hidden />}
          {formatNumber(value)}
        </p>
      )}
    </div>
  );
}

function QuickLink({ href, icon, label }: { href: string; icon: ReactNode; label: string }) {
  return (
    <Link
      href={href}
      className="flex flex-col items-center gap-1.5 rounded-2xl bg-white/[0.04] px-2 py-3 text-center text-xs font-semibold text-zinc-200 ring-1 ring-white/5 hover:bg-white/[0.08] sm:flex-row sm:justify-between sm:px-4 sm:text-sm"
    >
      <span className="flex items-center gap-2 text-zinc-300 sm:text-white">
        {icon}
        <span className="text-zinc-200">{label}</span>
      </span>
      <ChevronRight className="hidden size-4 text-zinc-400 sm:block rtl:-scale-x-100" aria-hidden />
    </Link>
  );
}

function Empty({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl bg-white/[0.03] px-6 py-12 text-center ring-1 ring-white/5">
      <span className="flex size-14 items-center justify-center rounded-full bg-white/5 text-zinc-400">{icon}</span>
      <p className="font-semibold text-zinc-100">{title}</p>
      <p className="max-w-xs text-sm text-zinc-400">{text}</p>
    </div>
  );
}

function RowsSkeleton() {
  return (
    <div className="space-y-2" aria-hidden>
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} className="h-16 rounded-2xl" />
      ))}
    </div>
  );
}

function LoadError() {
  const { t } = useTranslation('account');
  return (
    <p role="alert" className="text-sm text-red-300">
      {t('loadError')}
    </p>
  );
}
