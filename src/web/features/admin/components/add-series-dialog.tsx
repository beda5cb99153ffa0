import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { GENRES, NEW_SERIES_DEFAULTS, RATING_MAX, RATING_MIN } from '#contract/constants.ts';
import type { CreateSeriesBody } from '#contract/series.ts';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useCreateSeries } from '../api/create-series.ts';
import { fieldOf, readableServerMessage, useAdminFailure } from '../lib/admin-session.tsx';
import { ArtworkUploadButton } from './artwork-upload-button.tsx';
import { Thumbnail } from './thumbnail.tsx';
import { checkboxClass, controlBase, inputClass, selectClass } from './styles.ts';
import { genreLabel } from '#web/lib/i18n.ts';

interface NewSeriesForm {
  title: string;
  genre: string;
  description: string;
  totalEpisodes: string;
  rating: string;
  thumbnailUrl: string;
  verticalThumbnailUrl: string;
  episodeCost: string;
  isNew: boolean;
  isFree: boolean;
}

type FieldName = keyof NewSeriesForm;

/** A new series' defaults (1 episode, rating 85, episode cost 55), as the text the number boxes hold. */
const defaultForm = (): NewSeriesForm => ({
  title: NEW_SERIES_DEFAULTS.title,
  genre: NEW_SERIES_DEFAULTS.genre,
  description: NEW_SERIES_DEFAULTS.description,
  totalEpisodes: String(NEW_SERIES_DEFAULTS.totalEpisodes),
  rating: String(NEW_SERIES_DEFAULTS.rating),
  thumbnailUrl: NEW_SERIES_DEFAULTS.thumbnailUrl,
  verticalThumbnailUrl: NEW_SERIES_DEFAULTS.verticalThumbnailUrl,
  episodeCost: String(NEW_SERIES_DEFAULTS.episodeCost),
  isNew: NEW_SERIES_DEFAULTS.isNew,
  isFree: NEW_SERIES_DEFAULTS.isFree,
});

/** Title, Description, Genre and Thumbnail URL must be filled in; otherwise nothing is sent. */
const missingRequired = (form: NewSeriesForm) =>
  !form.title.trim() || !form.description.trim() || !form.genre || !form.thumbnailUrl.trim();

/** An empty number box is sent as null, so the server names the field in its reply. */
const numberOrNull = (typed: string) => (typed.trim() === '' ? null : Number(typed));

const bodyOf = (form: NewSeriesForm): CreateSeriesBody =>
  ({
    title: form.title.trim(),
    description: form.description.trim(),
    genre: form.genre,
    thumbnailUrl: form.thumbnailUrl.trim(),
    verticalThumbnailUrl: form.verticalThumbnailUrl.trim() || null,
    totalEpisodes: numberOrNull(form.totalEpisodes),
    rating: numberOrNull(form.rating),
    isNew: form.isNew,
    isFree: form.isFree,
    episodeCost: numberOrNull(form.episodeCost),
    tags: [...NEW_SERIES_DEFAULTS.tags],
  }) as CreateSeriesBody;

/** Only our own /media/ pictures can be shown (the CSP allows no other origin); the server copies links on save. */
const previewable = (url: string) => /^\/media\/\S+$/i.test(url.trim());

export interface AddSeriesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function AddSeriesDialog({ open, onOpenChange }: AddSeriesDialogProps) {
  const { t } = useTranslation('admin');
  // Kept here (outside the dialog's content) so closing with Cancel does not lose a draft.
  const [form, setForm] = useState(defaultForm);
  const [requiredMessage, setRequiredMessage] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const create = useCreateSeries();
  const fail = useAdminFailure();
  const formId = useId();

  const set = <K extends FieldName>(key: K, value: NewSeriesForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setFieldErrors((errors) => (errors[key] ? { ...errors, [key]: undefined } : errors));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    if (missingRequired(form)) {
      setRequiredMessage(true);
      return;
    }
    setRequiredMessage(false);
    setFieldErrors({});
    create.mutate(bodyOf(form), {
      onSuccess: (created) => {
        toast({ title: t('addSeries.created'), description: t('addSeries.createdMessage', { title: created.title }) });
        setForm(defaultForm());
        onOpenChange(false);
      },
      onError: (error) => {
        const field = fieldOf(error) as FieldName | undefined;
        if (field && field in form && error instanceof ApiError) {
          setFieldErrors({ [field]: readableServerMessage(error) });
          document.getElementById(`${formId}-${field}`)?.focus();
        }
        fail(error, t('addSeries.createFailed'));
      },
    });
  };

  const close = (next: boolean) => {
    if (!next) {
      setRequiredMessage(false);
      setFieldErrors({});
    }
    onOpenChange(next);
  };

  const controlId = (field: FieldName) => `${formId}-${field}`;
  const errorId = (field: FieldName) => `${formId}-${field}-error`;
  const a11y = (field: FieldName, required = false) => ({
    id: controlId(field),
    name: field,
    ...(required ? { 'aria-required': true } : {}),
    ...(fieldErrors[field] ? { 'aria-invalid': true, 'aria-describedby': errorId(field) } : {}),
  });
  const field = (name: FieldName, label: string, control: ReactNode, className = '') => (
    <div className={`space-y-1 ${className}`}>
      <label htmlFor={controlId(name)} className="text-xs font-medium text-zinc-300">
        {label}
      </label>
      {control}
      {fieldErrors[name] && (
        <p id={errorId(name)} className="text-xs text-red-300">
          {fieldErrors[name]}
        </p>
      )}
    </div>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t('addSeries.title')}
      description={t('addSeries.description')}
      className="sm:max-w-2xl"
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-2">
          {field(
            'title',
            t('addSeries.fields.title'),
            <input
              className={inputClass}
              value={form.title}
              onChange={(e) => set('title', e.target.value)}
              placeholder={t('addSeries.titlePlaceholder')}
              {...a11y('title', true)}
            />,
          )}
          {field(
            'genre',
            t('addSeries.fields.genre'),
            <select
              className={selectClass}
              value={form.genre}
              onChange={(e) => set('genre', e.target.value)}
              {...a11y('genre', true)}
            >
              <option value="">{t('addSeries.genrePlaceholder')}</option>
              {GENRES.map((g) => (
                <option key={g} value={g}>
                  {genreLabel(g)}
                </option>
              ))}
            </select>,
          )}
          {field(
            'description',
            t('addSeries.fields.description'),
            <textarea
              rows={3}
              className={`${controlBase} w-full px-3 py-2`}
              value={form.description}
              onChange={(e) => set('description', e.target.value)}
              placeholder={t('addSeries.descriptionPlaceholder')}
              {...a11y('description', true)}
            />,
            'sm:col-span-2',
          )}
          <div className="grid grid-cols-3 items-end gap-3 sm:col-span-2">
            {field(
              'totalEpisodes',
              t('addSeries.fields.totalEpisodes'),
              <input
                type="number"
                min={1}
                step={1}
                inputMode="numeric"
                className={inputClass}
                value={form.totalEpisodes}
                onChange={(e) => set('totalEpisodes', e.target.value)}
                {...a11y('totalEpisodes')}
              />,
            )}
            {field(
              'rating',
              t('addSeries.fields.rating'),
              <input
                type="number"
                min={RATING_MIN}
                max={RATING_MAX}
                step={1}
                inputMode="numeric"
                className={inputClass}
                value={form.rating}
                onChange={(e) => set('rating', e.target.value)}
                {...a11y('rating')}
              />,
            )}
            {field(
              'episodeCost',
              t('addSeries.fields.episodeCost'),
              <input
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                className={inputClass}
                value={form.episodeCost}
                onChange={(e) => set('episodeCost', e.target.value)}
                {...a11y('episodeCost')}
              />,
            )}
          </div>
          <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row">
            <div className="min-w-0 flex-1 space-y-3">
              {field(
                'thumbnailUrl',
                t('addSeries.fields.thumbnailUrl'),
                <div className="flex gap-2">
                  <input
                    type="url"
                    className={inputClass}
                    value={form.thumbnailUrl}
                    onChange={(e) => set('thumbnailUrl', e.target.value)}
                    placeholder={t('addSeries.urlPlaceholder')}
                    {...a11y('thumbnailUrl', true)}
                  />
                  <ArtworkUploadButton
                    label={t('addSeries.uploadRegular')}
                    onUploaded={(url) => set('thumbnailUrl', url)}
                  />
                </div>,
              )}
              {field(
                'verticalThumbnailUrl',
                t('addSeries.fields.verticalThumbnailUrl'),
                <div className="flex gap-2">
                  <input
                    type="url"
                    className={inputClass}
                    value={form.verticalThumbnailUrl}
                    onChange={(e) => set('verticalThumbnailUrl', e.target.value)}
                    placeholder={t('addSeries.urlPlaceholder')}
                    {...a11y('verticalThumbnailUrl')}
                  />
                  <ArtworkUploadButton
                    label={t('addSeries.uploadVertical')}
                    onUploaded={(url) => set('verticalThumbnailUrl', url)}
                  />
                </div>,
              )}
            </div>
            <div className="flex shrink-0 items-end gap-2 sm:pt-5">
              <Preview url={form.thumbnailUrl} label={t('addSeries.previewRegular')} className="h-[4.5rem] w-32" />
              <Preview
                url={form.verticalThumbnailUrl}
                label={t('addSeries.previewVertical')}
                className="h-[6.75rem] w-[3.8rem]"
              />
            </div>
          </div>
          <div className="flex flex-wrap gap-x-6 gap-y-2 sm:col-span-2">
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className={checkboxClass}
                checked={form.isNew}
                onChange={(e) => set('isNew', e.target.checked)}
                name="isNew"
              />
              {t('addSeries.fields.isNew')}
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className={checkboxClass}
                checked={form.isFree}
                onChange={(e) => set('isFree', e.target.checked)}
                name="isFree"
              />
              {t('addSeries.fields.isFree')}
            </label>
          </div>
        </div>

        {requiredMessage && (
          <p role="alert" className="rounded-lg border border-red-400/30 bg-red-500/10 px-3 py-2 text-sm text-red-200">
            {t('addSeries.required')}
          </p>
        )}

        <div className="flex flex-col-reverse gap-2 border-t border-white/10 pt-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" className="rounded-lg" onClick={() => close(false)} disabled={create.isPending}>
            {t('addSeries.cancel')}
          </Button>
          <Button type="submit" className="rounded-lg" disabled={create.isPending}>
            {create.isPending && <Spinner className="size-4" />}
            {create.isPending ? t('addSeries.submitting') : t('addSeries.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function Preview({ url, label, className }: { url: string; label: string; className: string }) {
  const { t } = useTranslation('admin');
  const ok = previewable(url);
  return (
    <figure className="flex flex-col items-center gap-1">
      {ok ? (
        <Thumbnail src={url.trim()} alt={label} className={className} />
      ) : (
        <span
          className={`flex items-center justify-center rounded border border-dashed border-white/15 p-1 text-center text-[10px] leading-tight text-zinc-400 ${className}`}
        >
          {t('addSeries.previewEmpty')}
        </span>
      )}
      <figcaption className="sr-only">{label}</figcaption>
    </figure>
  );
}
