import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQuery } from '#web/lib/query/use-query.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import { Bell, BellRing } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { alertsPath, listNotifiedSeries, notifyMe, stopNotifying } from '../api/notify-me.ts';

/** "Notify me" of a saved series' new episodes; loaded apart from the page (decision 061). */
export default function NotifyMeButton({
  seriesId,
  className,
  circle,
}: {
  seriesId: number;
  className: string;
  circle: string;
}) {
  const { t } = useTranslation('series');
  const queryClient = useQueryClient();
  const notified = useQuery({ queryKey: [alertsPath], queryFn: listNotifiedSeries });
  const on = notified.data?.some((entry) => entry.seriesId === seriesId) ?? false;
  const toggle = useMutation({
    mutationFn: () => (on ? stopNotifying(seriesId) : notifyMe(seriesId)),
    onSuccess: (reply) => {
      if (reply.notified) toast({ title: t('toast.notifyTitle') });
      void queryClient.invalidateQueries({ queryKey: [alertsPath] });
    },
    onError: () => toast({ title: t('toast.notifyFailed'), variant: 'destructive' }),
  });
  return (
    <button
      type="button"
      className={className}
      aria-pressed={on}
      onClick={() => toggle.mutate()}
      disabled={toggle.isPending}
    >
      <span className={`${circle} ${on ? 'bg-sky-400/15 text-sky-300' : ''}`}>
        {on ? <BellRing className="size-5" aria-hidden /> : <Bell className="size-5" aria-hidden />}
      </span>
      <span className={on ? 'text-sky-300' : ''}>{on ? t('actions.notified') : t('actions.notifyMe')}</span>
    </button>
  );
}
