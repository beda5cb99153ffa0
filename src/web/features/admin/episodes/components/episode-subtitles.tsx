import { useId, useRef, useState, type FormEvent } from 'react';
import { Eye, FileUp, Trash2 } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import type { AdminEpisode } from '#contract/episodes.ts';
import { canonicalLanguageTag } from '#contract/language-tag.ts';
import type { EpisodeSubtitle, SubtitleKind } from '#contract/subtitles.ts';
import { toast } from '#web/components/ui/toast.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { LANGUAGE_TAGS } from '#web/lib/i18n.ts';
import { useDeleteSubtitleTrack } from '../../api/delete-subtitle-track.ts';
import { useSubtitleCues } from '../../api/get-subtitle-cues.ts';
import { useSaveSubtitleTrack } from '../../api/save-subtitle-track.ts';
import { iconButtonClass, inputClass } from '../../components/styles.ts';
import { readableServerMessage, useAdminFailure } from '../../lib/admin-session.tsx';
import { SubtitleKindSelect } from './subtitle-kind-select.tsx';

const ACCEPT = '.srt,.vtt,text/vtt,application/x-subrip';
const formatTime = (seconds: number) => new Date(seconds * 1000).toISOString().slice(14, 22);

/** A server refusal in its own words (a bad file names its line); anything else in ours. */
function useFailureText() {
  const { t } = useTranslation('admin');
  return (error: unknown) =>
    error instanceof ApiError && error.status < 500 ? readableServerMessage(error) : t('subtitles.failed');
}

/** An episode's subtitle tracks: list, preview of the first cues, replace, delete, and a form to add one. */
export function EpisodeSubtitles({ episode }: { episode: AdminEpisode }) {
  const { t } = useTranslation('admin');
  const playsHls = episode.videoUrl.endsWith('.m3u8');
  return (
    <div className="space-y-2 rounded-lg border border-white/5 bg-white/[0.02] p-2" data-testid="episode-subtitles">
      <p className="text-xs font-semibold text-zinc-300">{t('subtitles.title')}</p>
      {episode.subtitles.length === 0 ? (
        <p className="text-xs text-zinc-400">{t('subtitles.none')}</p>
      ) : (
        <ul className="space-y-1">
          {episode.subtitles.map((track) => (
            <SubtitleRow key={track.language} episode={episode} track={track} />
          ))}
        </ul>
      )}
      {playsHls ? (
        <AddSubtitles episode={episode} />
      ) : (
        <p className="text-xs text-zinc-400">{t('subtitles.needsHls')}</p>
      )}
    </div>
  );
}

function SubtitleRow({ episode, track }: { episode: AdminEpisode; track: EpisodeSubtitle }) {
  const { t } = useTranslation('admin');
  const [previewing, setPreviewing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const save = useSaveSubtitleTrack();
  const remove = useDeleteSubtitleTrack();
  const onFailure = useAdminFailure();
  const failureText = useFailureText();
  const cues = useSubtitleCues(episode.id, track.language, track.url, previewing);
  const name = `${track.label} (${track.language})`;

  const replace = (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    save.mutate(
      { episode, language: track.language, kind: track.kind, label: track.label, file },
      {
        onSuccess: () => toast({ title: t('subtitles.saved') }),
        onError: (error) => {
          setProblem(failureText(error));
          onFailure(error, t('subtitles.failed'));
        },
      },
    );
  };

  return (
    <li
      className="rounded-md bg-ink-950/60 px-2 py-1.5 text-xs"
      data-testid="subtitle-track"
      data-language={track.language}
    >
      <div className="flex items-center gap-2">
        <span className="min-w-0 flex-1 truncate" dir="auto">
          {name} · {t(`subtitles.kind.${track.kind}`)}
        </span>
        <button
          type="button"
          className={iconButtonClass}
          aria-label={t('subtitles.preview', { name })}
          aria-expanded={previewing}
          onClick={() => setPreviewing((open) => !open)}
        >
          <Eye className="size-4" aria-hidden />
        </button>
        <button
          type="button"
          className={iconButtonClass}
          aria-label={t('subtitles.replace', { name })}
          disabled={save.isPending}
          onClick={() => fileInput.current?.click()}
        >
          <FileUp className="size-4" aria-hidden />
        </button>
        <button
          type="button"
          className={`${iconButtonClass} hover:text-red-300`}
          aria-label={t('subtitles.delete', { name })}
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(
              { episode, language: track.language },
              {
                onSuccess: () => toast({ title: t('subtitles.deleted') }),
                onError: (error) => onFailure(error, t('subtitles.failed')),
              },
            )
          }
        >
          <Trash2 className="size-4" aria-hidden />
        </button>
        <input
          ref={fileInput}
          type="file"
          accept={ACCEPT}
          className="hidden"
          tabIndex={-1}
          aria-hidden
          onChange={(event) => {
            replace(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </div>
      {problem && (
        <p role="alert" className="mt-1 text-red-300">
          {problem}
        </p>
      )}
      {previewing && (
        <ol className="mt-1 space-y-0.5 text-zinc-300" data-testid="subtitle-preview" lang={track.language}>
          {cues.data?.cues.map((cue, index) => (
            <li key={index} className="flex gap-2">
              <span className="shrink-0 text-zinc-500 tabular-nums" dir="ltr">
                {formatTime(cue.start)}
              </span>
              <span dir="auto" className="whitespace-pre-line">
                {cue.text.replace(/<[^>]*>/g, '')}
              </span>
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}

function AddSubtitles({ episode }: { episode: AdminEpisode }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [language, setLanguage] = useState('');
  const [kind, setKind] = useState<SubtitleKind>('subtitles');
  const [label, setLabel] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const save = useSaveSubtitleTrack();
  const onFailure = useAdminFailure();
  const failureText = useFailureText();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const tag = canonicalLanguageTag(language);
    if (!tag) return setProblem(t('subtitles.badLanguage'));
    if (!file) return setProblem(t('subtitles.chooseFile'));
    setProblem(null);
    save.mutate(
      { episode, language: tag, kind, label, file },
      {
        onSuccess: () => {
          toast({ title: t('subtitles.saved') });
          form.current?.reset();
          setLanguage('');
          setLabel('');
          setFile(null);
        },
        onError: (error) => {
          setProblem(failureText(error));
          onFailure(error, t('subtitles.failed'));
        },
      },
    );
  };

  return (
    <form
      ref={form}
      onSubmit={submit}
      className="grid gap-2 sm:grid-cols-[6rem_9rem_1fr]"
      aria-label={t('subtitles.add', { number: episode.episodeNumber })}
    >
      <label className="text-xs text-zinc-400">
        {t('subtitles.language')}
        <input
          className={`${inputClass} mt-0.5`}
          value={language}
          onChange={(event) => setLanguage(event.target.value)}
          list={`${id}-languages`}
          aria-describedby={`${id}-hint`}
        />
      </label>
      <datalist id={`${id}-languages`}>
        {Object.values(LANGUAGE_TAGS).map((tag) => (
          <option key={tag} value={tag} />
        ))}
      </datalist>
      <SubtitleKindSelect value={kind} onChange={setKind} />
      <label className="text-xs text-zinc-400">
        {t('subtitles.label')}
        <input
          className={`${inputClass} mt-0.5`}
          value={label}
          onChange={(event) => setLabel(event.target.value)}
          maxLength={60}
        />
      </label>
      <p id={`${id}-hint`} className="text-[11px] text-zinc-400 sm:col-span-3">
        {t('subtitles.languageHint')}
      </p>
      <label className="text-xs text-zinc-400 sm:col-span-2">
        {t('subtitles.file')}
        <input
          type="file"
          accept={ACCEPT}
          className="mt-0.5 block w-full text-xs text-zinc-300 file:me-2 file:rounded-md file:border-0 file:bg-white/10 file:px-2 file:py-1 file:text-white"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </label>
      <button
        type="submit"
        disabled={save.isPending}
        className="h-9 self-end rounded-md bg-rose-600 px-3 text-sm font-semibold text-white hover:bg-rose-500 disabled:opacity-50"
      >
        {save.isPending ? t('subtitles.uploading') : t('subtitles.upload')}
      </button>
      {problem && (
        <p role="alert" className="text-xs text-red-300 sm:col-span-3">
          {problem}
        </p>
      )}
    </form>
  );
}
