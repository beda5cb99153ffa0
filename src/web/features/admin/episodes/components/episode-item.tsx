import { useContext, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { AlertCircle, Check, Clapperboard, Clock, FileUp, Pencil, Play, Trash2, X } from 'lucide-react';
import { Link } from 'wouter';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { EPISODE_NUMBER_MAX, type AdminEpisode, type UpdateEpisodeBody } from '#contract/episodes.ts';
import { paths } from '#web/lib/paths.ts';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { formatDuration } from '#web/lib/format-duration.ts';
import { useReplaceEpisodeVideo } from '../../api/replace-episode-video.ts';
import { useUpdateEpisode } from '../../api/update-episode.ts';
import { AdminSessionContext, readableServerMessage, useAdminFailure } from '../../lib/admin-session.tsx';
import { controlBase, iconButtonClass } from '../../components/styles.ts';
import { Thumbnail } from '../../components/thumbnail.tsx';
import { formatFileSize } from '../lib/file-size.ts';
import { isAbort } from '../lib/send-video.ts';
import { uploadFailureOf } from '../lib/upload-error.ts';
import { EpisodePreview } from './episode-preview.tsx';
import { EpisodeSubtitles } from './episode-subtitles.tsx';
import { ProgressBar } from './progress-bar.tsx';
import { TranscodeStatus } from './transcode-status.tsx';

export interface EpisodeItemProps {
  episode: AdminEpisode;
  onDelete: () => void;
}

/** One episode: poster, number, title, duration and transcode state, with preview, edit, replace and delete. */
export function EpisodeItem({ episode, onDelete }: EpisodeItemProps) {
  const { t } = useTranslation('admin');
  const [editing, setEditing] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const previewId = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const replacement = useVideoReplacement(episode);
  const number = episode.episodeNumber;

  // Leaving edit mode puts focus back on the Edit button, where the operator started.
  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    editButton.current?.focus();
  }, [editing]);

  const closeEditor = () => {
    returnFocus.current = true;
    setEditing(false);
  };

  return (
    <li
      data-testid="episode-item"
      data-episode-id={episode.id}
      data-episode-number={number}
      className="flex gap-3 p-3 sm:gap-4 sm:p-4"
    >
      <Thumbnail
        src={episode.thumbnailUrl}
        alt={t('episodes.posterAlt', { number, title: episode.title })}
        className="h-20 w-[45px] sm:h-24 sm:w-[54px]"
      />
      <div className="min-w-0 flex-1 space-y-2">
        {editing ? (
          <EpisodeEditor episode={episode} onDone={closeEditor} />
        ) : (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
            <div className="min-w-0 flex-1">
              <p className="text-xs font-semibold tracking-wide text-brand-300 uppercase">
                {t('episodes.number', { number })}
              </p>
              <p className="line-clamp-2 text-sm font-medium break-words" data-testid="episode-title">
                {episode.title}
              </p>
              <p className="mt-0.5 flex items-center gap-1 text-xs text-zinc-400 tabular-nums">
                <Clock className="size-3" aria-hidden />
                <span className="sr-only">{t('episodes.duration')}</span>
                {formatDuration(episode.duration)}
              </p>
            </div>
            <div className="flex shrink-0 items-center gap-0.5 sm:-mt-1 sm:-me-1">
              {episode.media.playable && (
                <button
                  type="button"
                  className={iconButtonClass}
                  onClick={() => setPreviewing((open) => !open)}
                  aria-expanded={previewing}
                  aria-controls={previewing ? previewId : undefined}
                  aria-label={t('episodes.preview.open', { number })}
                  title={t('episodes.preview.open', { number })}
                >
                  <Clapperboard className="size-4" aria-hidden />
                </button>
              )}
              {episode.media.playable && (
                <Link
                  href={`~${paths.watch(episode.id)}`}
                  className={iconButtonClass}
                  aria-label={t('episodes.watch', { number })}
                  title={t('episodes.watch', { number })}
                >
                  <Play className="size-4" aria-hidden />
                </Link>
              )}
              <button
                ref={editButton}
                type="button"
                className={iconButtonClass}
                onClick={() => setEditing(true)}
                aria-label={t('episodes.edit', { number })}
                title={t('episodes.edit', { number })}
              >
                <Pencil className="size-4" aria-hidden />
              </button>
              <button
                type="button"
                className={iconButtonClass}
                onClick={replacement.choose}
                disabled={replacement.busy}
                aria-label={t('episodes.replace', { number })}
                title={t('episodes.replace', { number })}
              >
                <FileUp className="size-4" aria-hidden />
              </button>
              <button
                type="button"
                className={`${iconButtonClass} hover:text-red-300`}
                onClick={onDelete}
                disabled={replacement.busy}
                aria-label={t('episodes.delete', { number })}
                title={t('episodes.delete', { number })}
              >
                <Trash2 className="size-4" aria-hidden />
              </button>
            </div>
          </div>
        )}
        {previewing && episode.media.playable && (
          <div id={previewId}>
            {/* A published replacement is another video: a fresh player for it. */}
            <EpisodePreview key={episode.videoUrl} episode={episode} />
          </div>
        )}
        {replacement.view}
        {!replacement.busy && <TranscodeStatus episode={episode} />}
        {replacement.input}
        <EpisodeSubtitles episode={episode} />
      </div>
    </li>
  );
}

interface EpisodeDraft {
  number: string;
  title: string;
}

/** Title and number as inputs; Enter saves, Escape cancels; the server's reason shows under its field. */
function EpisodeEditor({ episode, onDone }: { episode: AdminEpisode; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState<EpisodeDraft>({ number: String(episode.episodeNumber), title: episode.title });
  const [fieldError, setFieldError] = useState<{ field: 'episodeNumber' | 'title'; message: string } | null>(null);
  const update = useUpdateEpisode();
  const fail = useAdminFailure();
  const numberId = useId();
  const titleId = useId();
  const errorId = useId();
  const saving = update.isPending;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const changes: UpdateEpisodeBody = {};
    const typedNumber = draft.number.trim();
    if (typedNumber !== String(episode.episodeNumber)) {
      changes.episodeNumber = (typedNumber === '' ? null : Number(typedNumber)) as number;
    }
    if (draft.title !== episode.title) changes.title = draft.title;
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    setFieldError(null);
    update.mutate(
      { episode, changes },
      {
        onSuccess: (saved) => {
          toast({
            title: t('episodes.updated'),
            description: t('episodes.updatedMessage', { number: saved.episodeNumber, title: saved.title }),
          });
          onDone();
        },
        onError: (error) => {
          if (error instanceof ApiError && (error.field === 'episodeNumber' || error.field === 'title')) {
            setFieldError({ field: error.field, message: readableServerMessage(error) });
          }
          fail(error, t('episodes.updateFailed'));
        },
      },
    );
  };

  const invalid = (field: 'episodeNumber' | 'title') =>
    fieldError?.field === field ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};

  return (
    <form
      onSubmit={save}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !saving) {
          event.stopPropagation();
          onDone();
        }
      }}
      className="space-y-2"
      data-testid="episode-editor"
    >
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="space-y-1 sm:w-28">
          <label htmlFor={numberId} className="block text-[11px] font-medium text-zinc-400">
            {t('episodes.fields.number')}
          </label>
          <input
            id={numberId}
            type="number"
            inputMode="numeric"
            min={1}
            max={EPISODE_NUMBER_MAX}
            step={1}
            required
            value={draft.number}
            onChange={(event) => setDraft((d) => ({ ...d, number: event.target.value }))}
            className={`${controlBase} h-9 w-full px-2 tabular-nums`}
            {...invalid('episodeNumber')}
          />
        </div>
        <div className="min-w-0 flex-1 space-y-1">
          <label htmlFor={titleId} className="block text-[11px] font-medium text-zinc-400">
            {t('episodes.fields.title')}
          </label>
          <input
            id={titleId}
            type="text"
            required
            maxLength={200}
            autoFocus
            value={draft.title}
            onChange={(event) => setDraft((d) => ({ ...d, title: event.target.value }))}
            className={`${controlBase} h-9 w-full px-3`}
            {...invalid('title')}
          />
        </div>
      </div>
      {fieldError && (
        <p id={errorId} className="text-xs text-red-300">
          {fieldError.message}
        </p>
      )}
      <div className="flex justify-end gap-1">
        <button
          type="submit"
          className={`${iconButtonClass} text-emerald-300`}
          disabled={saving}
          aria-label={t('episodes.save', { number: episode.episodeNumber })}
          title={t('episodes.save', { number: episode.episodeNumber })}
        >
          {saving ? <Spinner className="size-4" /> : <Check className="size-4" aria-hidden />}
        </button>
        <button
          type="button"
          className={iconButtonClass}
          onClick={onDone}
          disabled={saving}
          aria-label={t('episodes.cancelEdit', { number: episode.episodeNumber })}
          title={t('episodes.cancelEdit', { number: episode.episodeNumber })}
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
    </form>
  );
}

type Replacement =
  | { phase: 'idle' }
  | { phase: 'uploading'; name: string; sent: number; total: number }
  | { phase: 'checking'; name: string }
  | { phase: 'failed'; name: string; message: string };

/**
 * Replacing an episode's video: a file picker, then the upload with its progress in the row. The old
 * video keeps playing for viewers until the new one has been processed.
 */
function useVideoReplacement(episode: AdminEpisode) {
  const { t } = useTranslation('admin');
  const { endSession } = useContext(AdminSessionContext);
  const replace = useReplaceEpisodeVideo();
  const [state, setState] = useState<Replacement>({ phase: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  const number = episode.episodeNumber;

  const start = (file: File) => {
    const abort = new AbortController();
    controller.current = abort;
    setState({ phase: 'uploading', name: file.name, sent: 0, total: file.size });
    replace.mutate(
      {
        episode,
        file,
        onProgress: ({ sent, total }) => setState({ phase: 'uploading', name: file.name, sent, total }),
        onSent: () => setState({ phase: 'checking', name: file.name }),
        signal: abort.signal,
      },
      {
        onSuccess: () => {
          setState({ phase: 'idle' });
          toast({ title: t('episodes.replaced'), description: t('episodes.replacedMessage', { number }) });
        },
        onError: (error) => {
          if (isAbort(error)) {
            setState({ phase: 'idle' });
            return;
          }
          if (error instanceof ApiError && error.status === 401) {
            endSession();
            return;
          }
          const { message } = uploadFailureOf(error, t);
          setState({ phase: 'failed', name: file.name, message });
          toast({ title: t('episodes.replaceFailed'), description: message, variant: 'destructive' });
        },
        onSettled: () => {
          controller.current = null;
        },
      },
    );
  };

  const busy = state.phase === 'uploading' || state.phase === 'checking';
  const percent = state.phase === 'uploading' && state.total > 0 ? (state.sent / state.total) * 100 : 100;
  const progressText =
    state.phase === 'uploading'
      ? t('episodes.upload.progress', {
          percent: Math.round(percent),
          sent: formatFileSize(state.sent),
          total: formatFileSize(state.total),
        })
      : t('episodes.upload.checking');

  const view =
    state.phase === 'idle' ? null : (
      <div data-testid="replace-status" data-phase={state.phase} className="w-full max-w-sm space-y-1.5">
        <p className="truncate text-xs text-zinc-300" title={state.name}>
          {t('episodes.replacingWith', { name: state.name })}
        </p>
        {busy ? (
          <>
            <div className="flex items-center gap-2">
              <ProgressBar
                value={percent}
                label={t('episodes.replaceProgressLabel', { number })}
                valueText={progressText}
              />
              <button
                type="button"
                className={`${iconButtonClass} size-7`}
                onClick={() => controller.current?.abort()}
                aria-label={t('episodes.upload.cancel', { name: state.name })}
                title={t('episodes.upload.cancel', { name: state.name })}
              >
                <X className="size-4" aria-hidden />
              </button>
            </div>
            <p className="text-xs text-zinc-400 tabular-nums" aria-hidden>
              {progressText}
            </p>
          </>
        ) : (
          state.phase === 'failed' && (
            <div className="flex items-start gap-1.5">
              <p role="alert" className="flex flex-1 items-start gap-1.5 text-xs text-red-300">
                <AlertCircle className="mt-px size-3.5 shrink-0" aria-hidden />
                <span className="break-words">{state.message}</span>
              </p>
              <button
                type="button"
                className={`${iconButtonClass} size-7`}
                onClick={() => setState({ phase: 'idle' })}
                aria-label={t('episodes.dismiss')}
                title={t('episodes.dismiss')}
              >
                <X className="size-4" aria-hidden />
              </button>
            </div>
          )
        )}
      </div>
    );

  return {
    busy,
    view,
    choose: () => input.current?.click(),
    input: (
      <input
        ref={input}
        type="file"
        accept="video/*"
        hidden
        tabIndex={-1}
        aria-label={t('episodes.replace', { number })}
        data-testid="replace-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) start(file);
        }}
      />
    ),
  };
}
