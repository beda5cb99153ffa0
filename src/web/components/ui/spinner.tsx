import { useTranslation } from '../../lib/texts/use-translation.tsx';

export function Spinner({ className = 'size-8' }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={`inline-block animate-spin rounded-full border-2 border-current border-t-transparent ${className}`}
    />
  );
}

/** Full-screen spinner for start-up and lazy screens. */
export function PageSpinner({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <div role="status" className="flex min-h-[60vh] flex-col items-center justify-center gap-3 text-zinc-300">
      <Spinner className="size-10 text-rose-500" />
      <span className={label ? 'text-sm' : 'sr-only'}>{label ?? t('loading')}</span>
    </div>
  );
}
