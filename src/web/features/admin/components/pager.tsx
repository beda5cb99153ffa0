import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { iconButtonClass } from './styles.ts';

export interface PagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** Names the navigation landmark, e.g. "Series pages". */
  label: string;
  /** Extra text on the left, e.g. "Showing 1–25 of 1,000". */
  summary?: string;
  /** A page is loading: the buttons wait for it. */
  busy?: boolean;
}

export function Pager({ page, pages, onPage, label, summary, busy = false }: PagerProps) {
  const { t } = useTranslation('admin');
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2 text-xs text-zinc-400">
      <span aria-live="polite">{summary}</span>
      {pages > 1 && (
        <span className="flex items-center gap-1">
          <button
            type="button"
            className={iconButtonClass}
            onClick={() => onPage(page - 1)}
            disabled={busy || page <= 1}
            aria-label={t('pager.previous')}
          >
            <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden />
          </button>
          <span className="min-w-20 text-center tabular-nums">{t('pager.page', { page, pages })}</span>
          <button
            type="button"
            className={iconButtonClass}
            onClick={() => onPage(page + 1)}
            disabled={busy || page >= pages}
            aria-label={t('pager.next')}
          >
            <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden />
          </button>
        </span>
      )}
    </nav>
  );
}
