import { useEffect } from 'react';
import { LockOpen } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { formatNumber } from '#web/lib/format.ts';

/** How long Undo is offered: the server takes it back no later than 10 s after the unlock. */
export const UNDO_OFFER_MS = 10_000;

export interface AutoUnlocked {
  episodeNumber: number;
  cost: number;
}

/** "Unlocked episode N for C coins" with Undo, for the 10 seconds the server accepts an undo. */
export function AutoUnlockNotice({
  unlocked,
  undoing,
  onUndo,
  onExpire,
}: {
  unlocked: AutoUnlocked;
  undoing: boolean;
  onUndo: () => void;
  onExpire: () => void;
}) {
  const { t } = useTranslation('auto-unlock');
  useEffect(() => {
    const timer = setTimeout(onExpire, UNDO_OFFER_MS);
    return () => clearTimeout(timer);
  }, [unlocked, onExpire]);
  return (
    <div
      role="status"
      data-testid="auto-unlock-notice"
      className="absolute inset-x-3 top-[calc(max(0.5rem,env(safe-area-inset-top))+3.5rem)] z-20 mx-auto flex max-w-sm items-center gap-3 rounded-2xl bg-zinc-900/90 px-4 py-3 text-sm shadow-xl ring-1 ring-white/15 backdrop-blur"
    >
      <LockOpen className="size-5 shrink-0 text-emerald-300" aria-hidden />
      <p className="flex-1">
        {t('unlocked', {
          number: unlocked.episodeNumber,
          count: unlocked.cost,
          coins: formatNumber(unlocked.cost),
        })}
      </p>
      <button
        type="button"
        onClick={onUndo}
        disabled={undoing}
        className="shrink-0 rounded-full bg-white px-3 py-1.5 text-xs font-bold text-black hover:bg-zinc-200 disabled:opacity-60"
      >
        {t('undo')}
      </button>
    </div>
  );
}
