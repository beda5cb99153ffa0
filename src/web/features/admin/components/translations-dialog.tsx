import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { LANGUAGES } from '#contract/constants.ts';
import { LANGUAGE_TAGS } from '#contract/languages.ts';
import type { Series } from '#contract/series.ts';
import type { SeriesTranslation } from '#contract/translations.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useRemoveTranslation } from '../api/remove-series-translation.ts';
import { useSaveTranslation } from '../api/save-series-translation.ts';
import { useSeriesTranslations } from '../api/get-series-translations.ts';
import { fieldOf, readableServerMessage, useAdminFailure } from '../lib/admin-session.tsx';
import { useLanguageName } from '../lib/language-name.ts';
import { controlBase, iconButtonClass, inputClass, selectClass } from './styles.ts';

const PICKER_TAGS = LANGUAGES.map((language) => LANGUAGE_TAGS[language]);
/** The language select's choice that shows a box for any other BCP 47 tag. */
const OTHER = 'other';

interface TranslationDraft {
  choice: string;
  otherTag: string;
  title: string;
  description: string;
  tags: string;
}

const emptyDraft = (): TranslationDraft => ({ choice: '', otherTag: '', title: '', description: '', tags: '' });

const draftOf = (translation: SeriesTranslation): TranslationDraft => ({
  choice: PICKER_TAGS.includes(translation.language) ? translation.language : OTHER,
  otherTag: PICKER_TAGS.includes(translation.language) ? '' : translation.language,
  title: translation.title,
  description: translation.description,
  tags: translation.tags.join(', '),
});

const tagsOf = (typed: string) =>
  typed
    .split(/[,،、，]/)
    .map((tag) => tag.trim())
    .filter(Boolean);

export interface TranslationsDialogProps {
  /** The series whose translations are edited; null keeps the dialog closed. */
  series: Series | null;
  onClose: () => void;
}

/** Title, description and tags per language: viewers whose app is in that language read these. */
export function TranslationsDialog({ series, onClose }: TranslationsDialogProps) {
  const { t } = useTranslation('admin');
  return (
    <Dialog
      open={series !== null}
      onOpenChange={(open) => !open && onClose()}
      title={series ? t('translations.title', { title: series.title }) : ''}
      description={t('translations.description')}
      className="max-w-2xl"
    >
      {series && <TranslationsEditor key={series.id} series={series} />}
    </Dialog>
  );
}

function TranslationsEditor({ series }: { series: Series }) {
  const { t } = useTranslation('admin');
  const languageName = useLanguageName();
  const translations = useSeriesTranslations(series.id);
  const save = useSaveTranslation();
  const remove = useRemoveTranslation();
  const fail = useAdminFailure();
  const [draft, setDraft] = useState(emptyDraft);
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);
  const ids = { language: useId(), other: useId(), title: useId(), description: useId(), tags: useId() };
  const set = <K extends keyof TranslationDraft>(key: K, value: TranslationDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const language = draft.choice === OTHER ? draft.otherTag.trim() : draft.choice;
  const existing = (tag: string) => translations.data?.find((x) => x.language.toLowerCase() === tag.toLowerCase());

  /**
   * Choosing a language that already has a translation opens it for editing; one without starts empty, unless
   * the text was typed before any translation was opened (then it is kept for the language chosen).
   */
  const choose = (choice: string) => {
    const found = choice && choice !== OTHER ? existing(choice) : undefined;
    const wasOpen = draft.choice && draft.choice !== OTHER ? existing(draft.choice) : undefined;
    setFieldError(null);
    setDraft(found ? draftOf(found) : wasOpen ? { ...emptyDraft(), choice } : { ...draft, choice });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setFieldError(null);
    if (!language) {
      setFieldError({ field: 'language', message: t('translations.languageRequired') });
      return;
    }
    const text = { title: draft.title, description: draft.description, tags: tagsOf(draft.tags) };
    save.mutate(
      { seriesId: series.id, language, text },
      {
        onSuccess: (saved) => {
          toast({
            title: t('translations.saved'),
            description: t('translations.savedMessage', {
              language: languageName(saved.language),
              title: series.title,
            }),
          });
          setDraft(emptyDraft());
        },
        onError: (error) => {
          const field = fieldOf(error);
          if (field && error instanceof ApiError) setFieldError({ field, message: readableServerMessage(error) });
          fail(error, t('translations.saveFailed'));
        },
      },
    );
  };

  const removeTranslation = (translation: SeriesTranslation) =>
    remove.mutate(
      { seriesId: series.id, language: translation.language },
      {
        onSuccess: () => {
          toast({
            title: t('translations.removed'),
            description: t('translations.removedMessage', {
              language: languageName(translation.language),
              title: series.title,
            }),
          });
          if (language.toLowerCase() === translation.language.toLowerCase()) setDraft(emptyDraft());
        },
        onError: (error) => fail(error, t('translations.removeFailed')),
      },
    );

  const errorFor = (field: string) =>
    fieldError?.field === field ? (
      <span id={`${ids.title}-${field}-error`} className="mt-1 block text-xs text-red-300">
        {fieldError.message}
      </span>
    ) : null;
  const invalid = (field: string) =>
    fieldError?.field === field ? { 'aria-invalid': true, 'aria-describedby': `${ids.title}-${field}-error` } : {};
  const labelled = (id: string, label: string, control: ReactNode, hint?: string) => (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs font-medium text-zinc-300">
        {label}
      </label>
      {control}
      {hint && <p className="text-[11px] text-zinc-400">{hint}</p>}
    </div>
  );

  return (
    <div className="space-y-5">
      <section aria-labelledby={`${ids.title}-list`}>
        <h3 id={`${ids.title}-list`} className="mb-2 text-sm font-semibold">
          {t('translations.listTitle')}
        </h3>
        {translations.isPending ? (
          <Spinner className="size-5" />
        ) : translations.isError ? (
          <p className="text-sm text-red-300">{t('translations.loadFailed')}</p>
        ) : translations.data.length === 0 ? (
          <p className="text-sm text-zinc-400">{t('translations.none')}</p>
        ) : (
          <ul className="divide-y divide-white/5 rounded-lg border border-white/10" data-testid="translation-list">
            {translations.data.map((translation) => (
              <li
                key={translation.language}
                className="flex items-start gap-3 px-3 py-2"
                data-language={translation.language}
              >
                <div className="min-w-0 flex-1">
                  <p className="text-xs text-zinc-400">
                    {languageName(translation.language)} <span className="font-mono">({translation.language})</span>
                  </p>
                  <p lang={translation.language} dir="auto" className="truncate text-sm font-medium">
                    {translation.title}
                  </p>
                  {translation.description && (
                    <p lang={translation.language} dir="auto" className="line-clamp-2 text-xs text-zinc-400">
                      {translation.description}
                    </p>
                  )}
                </div>
                <button
                  type="button"
                  className={iconButtonClass}
                  onClick={() => {
                    setFieldError(null);
                    setDraft(draftOf(translation));
                  }}
                  aria-label={t('translations.edit', { language: languageName(translation.language) })}
                >
                  <Pencil className="size-4" aria-hidden />
                </button>
                <button
                  type="button"
                  className={`${iconButtonClass} hover:text-red-300`}
                  onClick={() => removeTranslation(translation)}
                  disabled={remove.isPending}
                  aria-label={t('translations.remove', { language: languageName(translation.language) })}
                >
                  <Trash2 className="size-4" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <form
        onSubmit={submit}
        noValidate
        className="space-y-3 border-t border-white/10 pt-4"
        aria-labelledby={`${ids.title}-form`}
      >
        <h3 id={`${ids.title}-form`} className="text-sm font-semibold">
          {t('translations.formTitle')}
        </h3>
        <div className="grid gap-3 sm:grid-cols-2">
          {labelled(
            ids.language,
            t('translations.fields.language'),
            <>
              <select
                id={ids.language}
                className={selectClass}
                value={draft.choice}
                onChange={(e) => choose(e.target.value)}
                {...invalid('language')}
              >
                <option value="">{t('translations.chooseLanguage')}</option>
                {PICKER_TAGS.map((tag) => (
                  <option key={tag} value={tag}>
                    {languageName(tag)} ({tag}){existing(tag) ? ` · ${t('translations.hasOne')}` : ''}
                  </option>
                ))}
                <option value={OTHER}>{t('translations.otherLanguage')}</option>
              </select>
              {errorFor('language')}
            </>,
          )}
          {draft.choice === OTHER &&
            labelled(
              ids.other,
              t('translations.fields.otherTag'),
              <input
                id={ids.other}
                type="text"
                className={inputClass}
                value={draft.otherTag}
                onChange={(e) => set('otherTag', e.target.value)}
                placeholder={t('translations.otherTagPlaceholder')}
                autoComplete="off"
                spellCheck={false}
                dir="ltr"
              />,
            )}
        </div>
        {labelled(
          ids.title,
          t('translations.fields.title'),
          <>
            <input
              id={ids.title}
              type="text"
              className={inputClass}
              value={draft.title}
              onChange={(e) => set('title', e.target.value)}
              lang={language || undefined}
              dir="auto"
              required
              {...invalid('title')}
            />
            {errorFor('title')}
          </>,
        )}
        {labelled(
          ids.description,
          t('translations.fields.description'),
          <>
            <textarea
              id={ids.description}
              rows={3}
              className={`${controlBase} w-full px-3 py-2`}
              value={draft.description}
              onChange={(e) => set('description', e.target.value)}
              lang={language || undefined}
              dir="auto"
              {...invalid('description')}
            />
            {errorFor('description')}
          </>,
          t('translations.descriptionHint'),
        )}
        {labelled(
          ids.tags,
          t('translations.fields.tags'),
          <>
            <input
              id={ids.tags}
              type="text"
              className={inputClass}
              value={draft.tags}
              onChange={(e) => set('tags', e.target.value)}
              lang={language || undefined}
              dir="auto"
              {...invalid('tags')}
            />
            {errorFor('tags')}
          </>,
          t('translations.tagsHint'),
        )}
        <div className="flex justify-end">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending && <Spinner className="size-4" />}
            {save.isPending ? t('translations.saving') : t('translations.save')}
          </Button>
        </div>
      </form>
    </div>
  );
}
