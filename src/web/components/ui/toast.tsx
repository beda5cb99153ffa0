import { useEffect, useSyncExternalStore } from 'react';
import { X } from 'lucide-react';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { TIMINGS } from '#contract/constants.ts';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

// Only one toast at a time: a new one replaces the one shown.
let current: Toast | null = null;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(input: Omit<Toast, 'id'>) {
  current = { ...input, id: nextId++ };
  emit();
}

export function dismissToast() {
  current = null;
  emit();
}

const noToast = () => null;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function Toaster() {
  const shown = useSyncExternalStore(subscribe, () => current, noToast);
  const { t } = useTranslation('common');

  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(dismissToast, TIMINGS.toastDurationMs);
    return () => clearTimeout(timer);
  }, [shown]);

  return (
    <div
      aria-live={shown?.variant === 'destructive' ? 'assertive' : 'polite'}
      role="region"
      aria-label={t('toast.region')}
      className="pointer-events-none fixed inset-x-0 top-0 z-[100] flex justify-center p-4 md:inset-x-auto md:end-0 md:top-auto md:bottom-0"
    >
      {shown && (
        <div
          key={shown.id}
          role={shown.variant === 'destructive' ? 'alert' : 'status'}
          data-testid="toast"
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-4 shadow-2xl ${
            shown.variant === 'destructive'
              ? 'border-red-400/40 bg-red-700 text-white'
              : 'border-white/10 bg-zinc-900 text-white'
          }`}
        >
          <div className="flex-1">
            <p className="text-sm font-semibold">{shown.title}</p>
            {shown.description && <p className="mt-1 text-sm opacity-90">{shown.description}</p>}
          </div>
          <button
            type="button"
            onClick={dismissToast}
            className="rounded p-1 opacity-80 hover:opacity-100 focus-visible:outline focus-visible:outline-2"
            aria-label={t('toast.close')}
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      )}
    </div>
  );
}
