import { CalendarCheck, Check, Clapperboard, UserPlus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { DAILY_CHECKIN_BONUSES, INVITE_FRIEND_BONUSES, WATCH_AD_BONUSES } from '#contract/constants.ts';
import { useDailyCheckIn } from '../api/daily-checkin.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { InviteTask } from './invite-task.tsx';

/** The daily tasks: the check-in and the invitation link are real; the ad task is shown but not wired to any call yet. */
export function DailyTasks() {
  const { t } = useTranslation('rewards');
  const checkIn = useDailyCheckIn();
  const [checkedIn, setCheckedIn] = useState(false);

  const alreadyCheckedIn = () =>
    toast({ title: t('checkIn.alreadyTitle'), description: t('checkIn.alreadyDescription'), variant: 'destructive' });

  const runCheckIn = () =>
    checkIn.mutate(undefined, {
      onSuccess: (reply) => {
        setCheckedIn(true);
        if (reply.success) {
          toast({
            title: t('checkIn.successTitle'),
            description: t('checkIn.successDescription', { count: reply.bonuses }),
          });
        } else alreadyCheckedIn();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          setCheckedIn(true);
          alreadyCheckedIn();
        } else
          toast({
            title: t('checkIn.failedTitle'),
            description: t('checkIn.failedDescription'),
            variant: 'destructive',
          });
      },
    });

  return (
    <ul className="space-y-2.5">
      <Task
        icon={<CalendarCheck className="size-5" aria-hidden />}
        title={t('tasks.checkIn.title')}
        text={t('tasks.checkIn.text')}
        reward={t('tasks.reward', { count: DAILY_CHECKIN_BONUSES, amount: DAILY_CHECKIN_BONUSES })}
        action={
          <button
            type="button"
            onClick={runCheckIn}
            disabled={checkIn.isPending}
            className={`inline-flex h-9 min-w-24 items-center justify-center gap-1.5 rounded-full px-4 text-sm font-bold transition-colors disabled:opacity-70 ${
              checkedIn
                ? 'bg-white/10 text-zinc-200 hover:bg-white/15'
                : 'bg-gradient-to-r from-rose-600 to-orange-500 text-white hover:brightness-110'
            }`}
          >
            {checkIn.isPending ? <Spinner className="size-4" /> : checkedIn && <Check className="size-4" aria-hidden />}
            {checkedIn ? t('tasks.checkIn.done') : t('tasks.checkIn.action')}
          </button>
        }
      />
      <Task
        icon={<Clapperboard className="size-5" aria-hidden />}
        title={t('tasks.watchAd.title')}
        text={t('tasks.watchAd.text', { count: 30, min: WATCH_AD_BONUSES, max: 30 })}
        reward={t('tasks.rewardRange', { count: 30, min: WATCH_AD_BONUSES, max: 30 })}
        action={<ComingSoon />}
      />
      <Task
        icon={<UserPlus className="size-5" aria-hidden />}
        title={t('tasks.invite.title')}
        text={t('tasks.invite.text', { count: INVITE_FRIEND_BONUSES, amount: INVITE_FRIEND_BONUSES })}
        reward={t('tasks.reward', { count: INVITE_FRIEND_BONUSES, amount: INVITE_FRIEND_BONUSES })}
      >
        <InviteTask />
      </Task>
    </ul>
  );
}

function ComingSoon() {
  const { t } = useTranslation('rewards');
  return (
    <button
      type="button"
      disabled
      className="inline-flex h-9 min-w-24 cursor-not-allowed items-center justify-center rounded-full bg-white/[0.06] px-4 text-xs font-semibold text-zinc-400"
    >
      {t('tasks.comingSoon')}
    </button>
  );
}

function Task({
  icon,
  title,
  text,
  reward,
  action,
  children,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  reward: string;
  action?: ReactNode;
  /** More of the task, below its text. */
  children?: ReactNode;
}) {
  return (
    <li className="rounded-2xl bg-white/[0.04] p-3.5 ring-1 ring-white/5">
      <div className="flex items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-amber-400/10 text-amber-300">
          {icon}
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-white">{title}</p>
          <p className="mt-0.5 text-xs text-zinc-400">{text}</p>
          <p className="mt-1 text-xs font-bold text-amber-300">{reward}</p>
        </div>
        {action && <div className="shrink-0">{action}</div>}
      </div>
      {children}
    </li>
  );
}
