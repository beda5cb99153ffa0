import { Languages, ListVideo, Pencil, Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import { paths } from '#web/lib/paths.ts';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { iconButtonClass } from './styles.ts';
import { useCan } from '../lib/operator.tsx';

export interface SeriesActionsProps {
  series: { id: number; title: string };
  onEdit: () => void;
  onTranslate: () => void;
  onDelete: () => void;
  className: string;
}

/** A series' actions, the same in the table's row and the phone's card: episodes, edit, translate, delete. */
export function SeriesActions({ series, onEdit, onTranslate, onDelete, className }: SeriesActionsProps) {
  const { t } = useTranslation('admin');
  // Analysts read the catalogue and change nothing.
  if (!useCan('edit')) return null;
  return (
    <span className={className}>
      <Link
        href={`~${paths.adminEpisodes(series.id)}`}
        className={iconButtonClass}
        aria-label={t('episodes.manageLabel', { title: series.title })}
        title={t('episodes.manageLabel', { title: series.title })}
      >
        <ListVideo className="size-4" aria-hidden />
      </Link>
      <button
        type="button"
        className={iconButtonClass}
        onClick={onEdit}
        aria-label={t('content.edit', { title: series.title })}
      >
        <Pencil className="size-4" aria-hidden />
      </button>
      <button
        type="button"
        className={iconButtonClass}
        onClick={onTranslate}
        aria-label={t('translations.open', { title: series.title })}
        title={t('translations.open', { title: series.title })}
      >
        <Languages className="size-4" aria-hidden />
      </button>
      <button
        type="button"
        className={`${iconButtonClass} hover:text-red-300`}
        onClick={onDelete}
        aria-label={t('content.delete', { title: series.title })}
      >
        <Trash2 className="size-4" aria-hidden />
      </button>
    </span>
  );
}
