import { useState, type ReactNode } from 'react';
import { Check, Pencil, Trash2, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { GENRES, type Genre } from '../../../../contract/constants.ts';
import type { Series, UpdateSeriesBody } from '../../../../contract/series.ts';
import { formatNumber } from '../../../lib/format.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useUpdateSeries } from '../api/update-series.ts';
import { fieldOf, readableServerMessage, useAdminFailure } from '../lib/admin-session.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { Thumbnail } from './thumbnail.tsx';
import { checkboxClass, iconButtonClass, inputClass, selectClass } from './styles.ts';

const cell = 'px-3 py-2.5 align-middle first:pl-4 last:pr-4';

export function StatusBadges({ isNew, isFree }: Pick<Series, 'isNew' | 'isFree'>) {
  const { t } = useTranslation('admin');
  return (
    <span className="flex flex-wrap gap-1">
      {isNew && (
        <span className="rounded bg-brand-600/20 px-1.5 py-0.5 text-[11px] font-semibold text-brand-300">
          {t('content.badgeNew')}
        </span>
      )}
      {isFree && (
        <span className="rounded bg-emerald-500/15 px-1.5 py-0.5 text-[11px] font-semibold text-emerald-300">
          {t('content.badgeFree')}
        </span>
      )}
    </span>
  );
}

function ThumbnailPreviews({ series }: { series: Pick<Series, 'title' | 'thumbnailUrl' | 'verticalThumbnailUrl'> }) {
  const { t } = useTranslation('admin');
  return (
    <span className="flex items-end gap-2">
      <span className="flex flex-col items-center gap-0.5">
        <Thumbnail
          src={series.thumbnailUrl}
          alt={t('content.regularAlt', { title: series.title })}
          className="h-9 w-16"
        />
        <span className="text-[10px] text-zinc-500">{t('content.regular')}</span>
      </span>
      <span className="flex flex-col items-center gap-0.5">
        <Thumbnail
          src={series.verticalThumbnailUrl}
          alt={t('content.verticalAlt', { title: series.title })}
          className="h-9 w-5"
        />
        <span className="text-[10px] text-zinc-500">
          {series.verticalThumbnailUrl ? t('content.vertical') : t('content.none')}
        </span>
      </span>
    </span>
  );
}

export interface SeriesRowProps {
  series: Series;
  onEdit: () => void;
  onDelete: () => void;
}

export function SeriesRow({ series, onEdit, onDelete }: SeriesRowProps) {
  const { t } = useTranslation('admin');
  return (
    <tr className="hover:bg-white/[0.02]" data-testid="series-row" data-series-id={series.id}>
      <td className={cell}>
        <div className="flex max-w-sm items-center gap-3">
          <Thumbnail src={series.verticalThumbnailUrl || series.thumbnailUrl} alt={series.title} className="h-14 w-10" />
          <div className="min-w-0">
            <p className="truncate font-medium text-white">{series.title}</p>
            <p className="line-clamp-2 text-xs text-zinc-400">{series.description}</p>
          </div>
        </div>
      </td>
      <td className={cell}>
        <span className="rounded-full bg-white/5 px-2 py-0.5 text-xs whitespace-nowrap text-zinc-300">{series.genre}</span>
      </td>
      <td className={`${cell} tabular-nums`}>{formatNumber(series.totalEpisodes)}</td>
      <td className={`${cell} tabular-nums`}>{t('content.ratingPercent', { rating: series.rating })}</td>
      <td className={cell}>
        <ThumbnailPreviews series={series} />
      </td>
      <td className={`${cell} tabular-nums`}>{formatNumber(series.likes)}</td>
      <td className={cell}>
        <StatusBadges isNew={series.isNew} isFree={series.isFree} />
      </td>
      <td className={`${cell} text-right`}>
        <span className="inline-flex gap-1">
          <button type="button" className={iconButtonClass} onClick={onEdit} aria-label={t('content.edit', { title: series.title })}>
            <Pencil className="size-4" aria-hidden />
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
      </td>
    </tr>
  );
}

interface SeriesDraft {
  title: string;
  genre: Genre;
  totalEpisodes: string;
  rating: string;
  thumbnailUrl: string;
  verticalThumbnailUrl: string;
  isNew: boolean;
  isFree: boolean;
}

const draftOf = (s: Series): SeriesDraft => ({
  title: s.title,
  genre: s.genre,
  totalEpisodes: String(s.totalEpisodes),
  rating: String(s.rating),
  thumbnailUrl: s.thumbnailUrl,
  verticalThumbnailUrl: s.verticalThumbnailUrl ?? '',
  isNew: s.isNew,
  isFree: s.isFree,
});

/** An empty number box is sent as null, so the server names the field in its reply. */
const numberOrNull = (typed: string) => (typed.trim() === '' ? null : Number(typed));

/** Only what the edit row shows is sent; likes are never editable. */
const changesOf = (d: SeriesDraft): UpdateSeriesBody =>
  ({
    title: d.title,
    genre: d.genre,
    totalEpisodes: numberOrNull(d.totalEpisodes),
    rating: numberOrNull(d.rating),
    thumbnailUrl: d.thumbnailUrl,
    verticalThumbnailUrl: d.verticalThumbnailUrl.trim() || null,
    isNew: d.isNew,
    isFree: d.isFree,
  }) as UpdateSeriesBody;

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <span id={id} className="mt-1 block text-[11px] leading-tight text-red-300">
      {message}
    </span>
  );
}

export function SeriesEditRow({ series, onDone }: { series: Series; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState(() => draftOf(series));
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const update = useUpdateSeries();
  const fail = useAdminFailure();
  const set = <K extends keyof SeriesDraft>(key: K, value: SeriesDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const save = () => {
    if (update.isPending) return;
    setFieldError(null);
    update.mutate(
      { id: series.id, changes: changesOf(draft) },
      {
        onSuccess: (saved) => {
          toast({ title: t('content.updated'), description: t('content.updatedMessage', { title: saved.title }) });
          onDone();
        },
        onError: (error) => {
          const field = fieldOf(error);
          if (field && error instanceof ApiError) setFieldError({ field, message: readableServerMessage(error) });
          fail(error, t('content.updateFailed'));
        },
      },
    );
  };

  const errorId = (field: string) => `edit-${series.id}-${field}-error`;
  const invalid = (field: string) => (fieldError?.field === field ? { 'aria-invalid': true, 'aria-describedby': errorId(field) } : {});
  const messageFor = (field: string) => (fieldError?.field === field ? fieldError.message : undefined);
  const labelled = (field: keyof SeriesDraft): { 'aria-label': string } => ({ 'aria-label': t(`content.fields.${field}`) });
  const withError = (field: string, control: ReactNode) => (
    <>
      {control}
      <FieldError id={errorId(field)} message={messageFor(field)} />
    </>
  );

  return (
    <tr
      className="bg-brand-600/[0.06]"
      data-testid="series-edit-row"
      data-series-id={series.id}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone();
        if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
          event.preventDefault();
          save();
        }
      }}
    >
      <td className={`${cell} align-top`}>
        <div className="flex items-start gap-3">
          <Thumbnail
            src={draft.verticalThumbnailUrl || draft.thumbnailUrl}
            alt={draft.title || series.title}
            className="h-14 w-10"
          />
          <div className="min-w-0 flex-1">
            {withError(
              'title',
              <input
                className={inputClass}
                value={draft.title}
                onChange={(e) => set('title', e.target.value)}
                autoFocus
                {...labelled('title')}
                {...invalid('title')}
              />,
            )}
          </div>
        </div>
      </td>
      <td className={`${cell} align-top`}>
        {withError(
          'genre',
          <select
            className={`${selectClass} w-40`}
            value={draft.genre}
            onChange={(e) => set('genre', e.target.value as Genre)}
            {...labelled('genre')}
            {...invalid('genre')}
          >
            {GENRES.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>,
        )}
      </td>
      <td className={`${cell} align-top`}>
        {withError(
          'totalEpisodes',
          <input
            type="number"
            step={1}
            className={`${inputClass} w-20`}
            value={draft.totalEpisodes}
            onChange={(e) => set('totalEpisodes', e.target.value)}
            {...labelled('totalEpisodes')}
            {...invalid('totalEpisodes')}
          />,
        )}
      </td>
      <td className={`${cell} align-top`}>
        {withError(
          'rating',
          <input
            type="number"
            min={0}
            max={100}
            step={1}
            className={`${inputClass} w-20`}
            value={draft.rating}
            onChange={(e) => set('rating', e.target.value)}
            {...labelled('rating')}
            {...invalid('rating')}
          />,
        )}
      </td>
      <td className={`${cell} align-top`}>
        <div className="w-56 space-y-1.5">
          {withError(
            'thumbnailUrl',
            <input
              type="url"
              className={inputClass}
              value={draft.thumbnailUrl}
              onChange={(e) => set('thumbnailUrl', e.target.value)}
              placeholder={t('content.regular')}
              {...labelled('thumbnailUrl')}
              {...invalid('thumbnailUrl')}
            />,
          )}
          {withError(
            'verticalThumbnailUrl',
            <input
              type="url"
              className={inputClass}
              value={draft.verticalThumbnailUrl}
              onChange={(e) => set('verticalThumbnailUrl', e.target.value)}
              placeholder={t('content.vertical')}
              {...labelled('verticalThumbnailUrl')}
              {...invalid('verticalThumbnailUrl')}
            />,
          )}
        </div>
      </td>
      <td className={`${cell} align-top tabular-nums text-zinc-400`}>
        <span className="inline-block pt-2">{formatNumber(series.likes)}</span>
      </td>
      <td className={`${cell} align-top`}>
        <div className="space-y-1.5 pt-1.5 text-xs">
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className={checkboxClass}
              checked={draft.isNew}
              onChange={(e) => set('isNew', e.target.checked)}
            />
            {t('content.fields.isNew')}
          </label>
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              className={checkboxClass}
              checked={draft.isFree}
              onChange={(e) => set('isFree', e.target.checked)}
            />
            {t('content.fields.isFree')}
          </label>
        </div>
      </td>
      <td className={`${cell} align-top text-right`}>
        <span className="inline-flex gap-1 pt-0.5">
          <button
            type="button"
            className={`${iconButtonClass} text-emerald-300 hover:text-emerald-200`}
            onClick={save}
            disabled={update.isPending}
            aria-label={t('content.save', { title: series.title })}
          >
            {update.isPending ? <Spinner className="size-4" /> : <Check className="size-4" aria-hidden />}
          </button>
          <button
            type="button"
            className={iconButtonClass}
            onClick={onDone}
            disabled={update.isPending}
            aria-label={t('content.cancel', { title: series.title })}
          >
            <X className="size-4" aria-hidden />
          </button>
        </span>
      </td>
    </tr>
  );
}
