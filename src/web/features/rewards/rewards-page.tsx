import { Coins, Gift, Sparkles } from 'lucide-react';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { DAILY_CHECKIN_BONUSES, FREE_EPISODES, INVITE_FRIEND_BONUSES, WATCH_AD_BONUSES } from '#contract/constants.ts';
import { balanceOf, useUser } from '../../api/get-user.ts';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { formatNumber } from '../../lib/format.ts';
import { DailyTasks } from './components/daily-tasks.tsx';
import { RewardPackages } from './components/reward-packages.tsx';
import { PurchaseReturn } from './components/purchase-return.tsx';

export default function RewardsPage() {
  const { t } = useTranslation('rewards');
  const user = useUser();

  const guide = [
    t('guide.checkIn', { count: DAILY_CHECKIN_BONUSES, amount: DAILY_CHECKIN_BONUSES }),
    t('guide.watchAd', { count: 30, min: WATCH_AD_BONUSES, max: 30 }),
    t('guide.invite', { count: INVITE_FRIEND_BONUSES, amount: INVITE_FRIEND_BONUSES }),
    t('guide.buy'),
    t('guide.free', { free: FREE_EPISODES }),
    t('guide.spend'),
  ];

  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 pt-5 pb-10 md:px-6 md:pt-8">
      <h1 className="text-2xl font-extrabold md:text-3xl">{t('title')}</h1>
      <PurchaseReturn />

      <section
        aria-labelledby="balance-heading"
        className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-amber-500/25 via-orange-600/15 to-rose-700/25 p-5 ring-1 ring-amber-400/20 md:p-7"
      >
        <Sparkles className="absolute -top-2 -end-2 size-28 text-amber-300/10" aria-hidden />
        <h2 id="balance-heading" className="text-sm font-medium text-amber-100/80">
          {t('balance.title')}
        </h2>
        {user.data ? (
          <>
            <p className="mt-1 flex items-center gap-2 text-4xl font-extrabold" data-testid="rewards-balance">
              <Coins className="size-8 text-amber-300" aria-hidden />
              {formatNumber(balanceOf(user.data))}
            </p>
            <dl className="mt-4 grid max-w-sm grid-cols-2 gap-3">
              <div className="rounded-xl bg-black/20 px-3 py-2">
                <dt className="text-xs text-zinc-300">{t('balance.coins')}</dt>
                <dd className="text-lg font-bold" data-testid="rewards-coins">
                  {formatNumber(user.data.coins)}
                </dd>
              </div>
              <div className="rounded-xl bg-black/20 px-3 py-2">
                <dt className="text-xs text-zinc-300">{t('balance.bonuses')}</dt>
                <dd className="text-lg font-bold" data-testid="rewards-bonuses">
                  {formatNumber(user.data.bonuses)}
                </dd>
              </div>
            </dl>
          </>
        ) : user.isError ? (
          <p role="alert" className="mt-2 text-sm text-red-300">
            {t('balance.error')}
          </p>
        ) : (
          <>
            <Skeleton className="mt-2 h-10 w-40" />
            <Skeleton className="mt-4 h-14 w-full max-w-sm" />
          </>
        )}
      </section>

      <section aria-labelledby="tasks-heading">
        <h2 id="tasks-heading" className="mb-3 text-lg font-bold">
          {t('tasks.title')}
        </h2>
        <DailyTasks />
      </section>

      <section aria-labelledby="packages-heading">
        <h2 id="packages-heading" className="text-lg font-bold">
          {t('packages.title')}
        </h2>
        <p className="mt-1 mb-3 text-sm text-zinc-400">{t('packages.text')}</p>
        <RewardPackages />
      </section>

      <section aria-labelledby="guide-heading" className="rounded-2xl bg-white/[0.03] p-5 ring-1 ring-white/5">
        <h2 id="guide-heading" className="flex items-center gap-2 text-lg font-bold">
          <Gift className="size-5 text-rose-400" aria-hidden />
          {t('guide.title')}
        </h2>
        <ol className="mt-3 space-y-2.5">
          {guide.map((line, index) => (
            <li key={line} className="flex gap-3 text-sm text-zinc-300">
              <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-rose-600/20 text-xs font-bold text-rose-300">
                {index + 1}
              </span>
              <span className="pt-0.5">{line}</span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
