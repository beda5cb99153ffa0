import { useEffect, useRef, useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import { ChevronRight, Coins, Gift, LogOut, Plus } from 'lucide-react';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { Link } from 'wouter';
import { TIMINGS } from '#contract/constants.ts';
import { paths } from '../../lib/paths.ts';
import { useUser } from '../../api/get-user.ts';
import { useVipPass, vipPlays } from '../../api/get-vip-pass.ts';
import { formatDay, formatNumber } from '../../lib/format.ts';
import { Skeleton } from '../ui/skeleton.tsx';
import { TopUpDialog } from '../wallet/top-up-dialog.tsx';
import type { SignedInUser } from './use-login.ts';

/**
 * The logged-in profile button. Hovering opens the menu and it hides 300 ms after the pointer
 * leaves; it also opens on click, tap and keyboard like any menu button.
 */
export function AccountMenu({ loginUser, onLogout }: { loginUser: SignedInUser; onLogout: () => void }) {
  const { t } = useTranslation(['common', 'account']);
  const [open, setOpen] = useState(false);
  const [topUpOpen, setTopUpOpen] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const user = useUser();
  const vipPass = useVipPass().data?.pass;
  const initial = loginUser.username.charAt(0).toUpperCase();

  const cancelHide = () => clearTimeout(hideTimer.current);
  const scheduleHide = () => {
    cancelHide();
    hideTimer.current = setTimeout(() => setOpen(false), TIMINGS.profileMenuHideMs);
  };
  useEffect(() => cancelHide, []);

  const hoverHandlers = {
    onPointerEnter: (event: React.PointerEvent) => {
      if (event.pointerType !== 'mouse') return;
      cancelHide();
      setOpen(true);
    },
    onPointerLeave: (event: React.PointerEvent) => {
      if (event.pointerType === 'mouse') scheduleHide();
    },
  };

  return (
    <>
      <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
        <DropdownMenu.Trigger
          {...hoverHandlers}
          // A mouse click on a menu the hover already opened keeps it open instead of toggling it shut.
          onPointerDown={(event) => {
            if (event.pointerType === 'mouse' && open) event.preventDefault();
          }}
          aria-label={t('account.menu', { username: loginUser.username })}
          className="flex size-9 items-center justify-center rounded-full bg-gradient-to-br from-rose-500 to-orange-500 text-sm font-bold text-white ring-2 ring-transparent hover:ring-white/30 data-[state=open]:ring-white/40"
          data-testid="account-button"
        >
          {initial}
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            {...hoverHandlers}
            align="end"
            sideOffset={8}
            collisionPadding={8}
            className="z-50 w-72 rounded-2xl border border-white/10 bg-zinc-900/95 p-3 text-white shadow-2xl backdrop-blur"
            data-testid="account-menu"
          >
            <div className="flex items-center gap-3 px-1 pb-3">
              <span
                aria-hidden
                className="flex size-11 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-rose-500 to-orange-500 text-lg font-bold"
              >
                {initial}
              </span>
              <div className="min-w-0">
                <p className="truncate font-semibold">{loginUser.username}</p>
                {loginUser.preview && (
                  <p className="truncate text-xs text-amber-300" data-testid="account-preview">
                    {t('signIn.preview')}
                  </p>
                )}
                {vipPlays(vipPass) && (
                  <p className="truncate text-xs font-semibold text-amber-300" data-testid="account-vip">
                    {t('account.vipUntil', { date: formatDay(vipPass!.currentPeriodEnd) })}
                  </p>
                )}
                {user.data && (
                  <p className="truncate text-xs text-zinc-400" data-testid="account-uid">
                    {t('account.uid', { uid: user.data.id.slice(-8) })}
                  </p>
                )}
              </div>
            </div>

            <div className="grid grid-cols-2 gap-2">
              <div className="rounded-xl bg-white/5 p-2.5">
                <p className="flex items-center gap-1 text-xs text-zinc-400">
                  <Coins className="size-3.5 text-amber-300" aria-hidden />
                  {t('account.coins')}
                </p>
                {user.data ? (
                  <p className="mt-0.5 text-lg font-bold" data-testid="account-coins" data-value={user.data.coins}>
                    {formatNumber(user.data.coins)}
                  </p>
                ) : (
                  <Skeleton className="mt-1.5 h-5 w-16" />
                )}
              </div>
              <div className="rounded-xl bg-white/5 p-2.5">
                <p className="flex items-center gap-1 text-xs text-zinc-400">
                  <Gift className="size-3.5 text-rose-300" aria-hidden />
                  {t('account.bonuses')}
                </p>
                {user.data ? (
                  <p className="mt-0.5 text-lg font-bold" data-testid="account-bonuses" data-value={user.data.bonuses}>
                    {formatNumber(user.data.bonuses)}
                  </p>
                ) : (
                  <Skeleton className="mt-1.5 h-5 w-16" />
                )}
              </div>
            </div>

            <div className="mt-3 grid grid-cols-2 gap-2">
              <DropdownMenu.Item
                onSelect={() => setTopUpOpen(true)}
                className="flex h-10 cursor-pointer items-center justify-center gap-1.5 rounded-full bg-rose-600 text-sm font-semibold outline-none data-[highlighted]:bg-rose-700 data-[highlighted]:ring-2 data-[highlighted]:ring-white/60"
              >
                <Plus className="size-4" aria-hidden />
                {t('account.topUp')}
              </DropdownMenu.Item>
              <DropdownMenu.Item
                onSelect={() => void onLogout()}
                className="flex h-10 cursor-pointer items-center justify-center gap-1.5 rounded-full bg-white/10 text-sm font-semibold outline-none data-[highlighted]:bg-white/15 data-[highlighted]:ring-2 data-[highlighted]:ring-white/60"
              >
                <LogOut className="size-4 rtl:-scale-x-100" aria-hidden />
                {t('account.logout')}
              </DropdownMenu.Item>
            </div>

            <DropdownMenu.Item asChild>
              <Link
                href={paths.account}
                className="mt-2 flex items-center justify-between rounded-lg px-2 py-2 text-sm text-zinc-300 outline-none data-[highlighted]:bg-white/10 data-[highlighted]:text-white"
              >
                {t('account.viewDashboard')}
                <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden />
              </Link>
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <TopUpDialog open={topUpOpen} onOpenChange={setTopUpOpen} />
    </>
  );
}
