import { useAutoUnlock } from '#web/api/get-auto-unlock.ts';
import { toast } from '#web/components/ui/toast.tsx';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { useSetAutoUnlock } from '../api/set-auto-unlock.ts';

/** "Unlock the next episode automatically": off until the viewer turns it on; kept on the server. */
export function AutoUnlockSetting() {
  const { t } = useTranslation('profile');
  const setting = useAutoUnlock();
  const change = useSetAutoUnlock();
  const enabled = setting.data?.enabled === true;
  return (
    <section className="flex items-start gap-3 rounded-2xl bg-white/[0.04] p-4 ring-1 ring-white/5">
      <div className="min-w-0 flex-1">
        <h2 id="auto-unlock-label" className="font-semibold">
          {t('autoUnlock.title')}
        </h2>
        <p id="auto-unlock-hint" className="mt-1 text-sm text-zinc-400">
          {t('autoUnlock.hint')}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={enabled}
        aria-labelledby="auto-unlock-label"
        aria-describedby="auto-unlock-hint"
        disabled={!setting.data || change.isPending}
        onClick={() =>
          change.mutate(!enabled, { onError: () => toast({ title: t('autoUnlock.failed'), variant: 'destructive' }) })
        }
        data-testid="auto-unlock-switch"
        className={`relative mt-1 inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:opacity-60 ${enabled ? 'bg-emerald-500' : 'bg-white/20'}`}
      >
        <span
          aria-hidden
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${enabled ? 'translate-x-6 rtl:-translate-x-6' : 'translate-x-1 rtl:-translate-x-1'}`}
        />
      </button>
    </section>
  );
}
