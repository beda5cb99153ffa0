import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { Check, X } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { GENRES, RATING_MAX, RATING_MIN, type Genre } from '#contract/constants.ts';
import type { Series, UpdateSeriesBody } from '#contract/series.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useUpdateSeries } from '../api/update-series.ts';
import { fieldOf, readableServerMessage, useAdminFailure } from '../lib/admin-session.tsx';
import { ArtworkUploadButton } from './artwork-upload-button.tsx';
import { checkboxClass, controlBase, iconButtonClass, inputClass, selectClass } from './styles.ts';
import { genreLabel } from '#web/lib/i18n.ts';

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

/** Edit copies the row's fields into the form; Save sends them, Cancel discards them. */
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

/**
 * The edit mode of one series, shared by the table row (laptop) and the card (phone): the draft,
 * save with its toasts, and each control with the server's message for it underneath.
 */
export function useSeriesEditor(series: Series, onDone: () => void) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState(() => draftOf(series));
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const update = useUpdateSeries();
  const fail = useAdminFailure();
  const saving = update.isPending;
  const set = <K extends keyof SeriesDraft>(key: K, value: SeriesDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const save = () => {
    if (saving) return;
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

  /** Enter in a text box saves, Escape cancels. */
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onDone();
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      save();
    }
  };

  const errorId = (field: keyof SeriesDraft) => `edit-${series.id}-${field}-error`;
  const a11y = (field: keyof SeriesDraft) => ({
    'aria-label': t(`content.fields.${field}`),
    ...(fieldError?.field === field ? { 'aria-invalid': true, 'aria-describedby': errorId(field) } : {}),
  });
  const withError = (field: keyof SeriesDraft, control: ReactNode) => (
    <>
      {control}
      {fieldError?.field === field && (
        <span id={errorId(field)} className="mt-1 block text-[11px] leading-tight text-red-300">
          {fieldError.message}
        </span>
      )}
    </>
  );
  const titleInput = withError(
    'title',
    <input
      type="text"
      className={inputClass}
      value={draft.title}
      onChange={(e) => set('title', e.target.value)}
      autoFocus
      {...a11y('title')}
    />,
  );
  /** A thumbnail link, or a picture uploaded from the device whose /media/ URL fills it. */
  const thumbnailInput = (field: 'thumbnailUrl' | 'verticalThumbnailUrl', placeholder: string) =>
    withError(
      field,
      <div className="flex gap-1">
        <input
          type="url"
          className={inputClass}
          value={draft[field]}
          onChange={(e) => set(field, e.target.value)}
          placeholder={placeholder}
          {...a11y(field)}
        />
        <ArtworkUploadButton
          compact
          label={t(field === 'thumbnailUrl' ? 'addSeries.uploadRegular' : 'addSeries.uploadVertical')}
          onUploaded={(url) => set(field, url)}
        />
      </div>,
    );
  const numberInput = (field: 'totalEpisodes' | 'rating') =>
    withError(
      field,
      <input
        type="number"
        step={1}
        inputMode="numeric"
        // The edit row puts no lower bound on episodes; the rating is a percent, 0-100.
        {...(field === 'rating' ? { min: RATING_MIN, max: RATING_MAX } : {})}
        className={`${controlBase} h-9 w-full px-2 tabular-nums`}
        value={draft[field]}
        onChange={(e) => set(field, e.target.value)}
        {...a11y(field)}
      />,
    );
  const checkbox = (field: 'isNew' | 'isFree') => (
    <label className="flex items-center gap-2">
      <input
        type="checkbox"
        className={checkboxClass}
        checked={draft[field]}
        onChange={(e) => set(field, e.target.checked)}
      />
      {t(`content.fields.${field}`)}
    </label>
  );

  return {
    draft,
    saving,
    onKeyDown,
    controls: {
      title: titleInput,
      genre: withError(
        'genre',
        <select
          className={selectClass}
          value={draft.genre}
          onChange={(e) => set('genre', e.target.value as Genre)}
          {...a11y('genre')}
        >
          {GENRES.map((g) => (
            <option key={g} value={g}>
              {genreLabel(g)}
            </option>
          ))}
        </select>,
      ),
      totalEpisodes: numberInput('totalEpisodes'),
      rating: numberInput('rating'),
      thumbnailUrl: thumbnailInput('thumbnailUrl', t('content.regular')),
      verticalThumbnailUrl: thumbnailInput('verticalThumbnailUrl', t('content.vertical')),
      isNew: checkbox('isNew'),
      isFree: checkbox('isFree'),
      save: (
        <button
          type="button"
          className={`${iconButtonClass} text-emerald-300 hover:text-emerald-200`}
          onClick={save}
          disabled={saving}
          aria-label={t('content.save', { title: series.title })}
        >
          {saving ? <Spinner className="size-4" /> : <Check className="size-4" aria-hidden />}
        </button>
      ),
      cancel: (
        <button
          type="button"
          className={iconButtonClass}
          onClick={onDone}
          disabled={saving}
          aria-label={t('content.cancel', { title: series.title })}
        >
          <X className="size-4" aria-hidden />
        </button>
      ),
    },
  };
}
