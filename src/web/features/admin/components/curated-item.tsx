import type { ReactNode } from 'react';
import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import type { CarouselItem } from '#contract/curation.ts';
import { formatLikes } from '#web/lib/format.ts';
import { Thumbnail } from './thumbnail.tsx';
import { iconButtonClass } from './styles.ts';

export interface CuratedItemProps {
  series: CarouselItem['series'];
  /** "#3": the order or rank badge. */
  badge: string;
  badgeLabel: string;
  isFirst: boolean;
  isLast: boolean;
  saving: boolean;
  moveUpLabel: string;
  moveDownLabel: string;
  removeLabel: string;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  /** Extra controls before the remove button (trending: match %); on a phone they get a row of their own. */
  children?: ReactNode;
  testId: string;
}

/** One row of the carousel or trending list: move up/down, badge, artwork, details, remove. */
export function CuratedItem(props: CuratedItemProps) {
  const { t } = useTranslation('admin');
  const { series } = props;
  return (
    <li
      data-testid={props.testId}
      data-series-id={series.id}
      className="flex flex-wrap items-center gap-x-2 gap-y-2 rounded-lg border border-white/10 bg-ink-950/60 p-2 sm:gap-x-3"
    >
      <div className="flex flex-col">
        <button
          type="button"
          className={`${iconButtonClass} size-7`}
          onClick={() => props.onMove(-1)}
          disabled={props.isFirst || props.saving}
          aria-label={props.moveUpLabel}
        >
          <ArrowUp className="size-4" aria-hidden />
        </button>
        <button
          type="button"
          className={`${iconButtonClass} size-7`}
          onClick={() => props.onMove(1)}
          disabled={props.isLast || props.saving}
          aria-label={props.moveDownLabel}
        >
          <ArrowDown className="size-4" aria-hidden />
        </button>
      </div>
      <span
        aria-label={props.badgeLabel}
        className="flex h-7 min-w-8 items-center justify-center rounded-md bg-brand-600 px-1.5 text-sm font-bold tabular-nums"
      >
        {props.badge}
      </span>
      <Thumbnail src={series.thumbnailUrl} alt={series.title} className="h-9 w-16 sm:h-12 sm:w-20" />
      <div className="min-w-0 flex-1">
        <p data-testid="item-title" className="line-clamp-2 text-sm leading-snug font-medium">
          {series.title}
        </p>
        <p className="truncate text-xs text-zinc-400">
          {series.genre} · {t('likes', { count: series.likes, likes: formatLikes(series.likes) })}
        </p>
      </div>
      {props.children && (
        <div className="order-last flex w-full items-center justify-end gap-3 border-t border-white/5 pt-2 sm:order-none sm:w-auto sm:border-0 sm:pt-0">
          {props.children}
        </div>
      )}
      <button
        type="button"
        className={`${iconButtonClass} hover:text-red-300`}
        onClick={props.onRemove}
        disabled={props.saving}
        aria-label={props.removeLabel}
      >
        <Trash2 className="size-4" aria-hidden />
      </button>
    </li>
  );
}
