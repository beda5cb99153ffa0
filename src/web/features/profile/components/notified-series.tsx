import { BellOff } from 'lucide-react';
import { toast } from '#web/components/ui/toast.tsx';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { useNotifiedSeries, useStopNotifying } from '../api/notified-series.ts';

/** The series the viewer gets new-episode alerts of, each removable; nothing while there are none. */
export function NotifiedSeries() {
  const { t } = useTranslation('profile');
  const list = useNotifiedSeries();
  const stop = useStopNotifying();
  if (!list.data?.length) return null;
  return (
    <section className="rounded-2xl bg-white/[0.04] p-4 ring-1 ring-white/5" aria-labelledby="alerts-title">
      <h2 id="alerts-title" className="font-semibold">
        {t('alerts.title')}
      </h2>
      <ul className="mt-2 divide-y divide-white/5">
        {list.data.map((entry) => (
          <li key={entry.seriesId} className="flex items-center gap-3 py-2">
            <span className="min-w-0 flex-1 truncate">{entry.title}</span>
            <button
              type="button"
              className="flex items-center gap-1 rounded-lg px-2 py-1 text-sm text-zinc-300 hover:bg-white/5 disabled:opacity-60"
              aria-label={t('alerts.remove', { title: entry.title })}
              disabled={stop.isPending}
              onClick={() =>
                stop.mutate(entry.seriesId, {
                  onError: () => toast({ title: t('alerts.failed'), variant: 'destructive' }),
                })
              }
            >
              <BellOff className="size-4" aria-hidden />
              {t('alerts.stop')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
