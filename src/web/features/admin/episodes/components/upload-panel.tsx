import { useContext, useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { AlertCircle, FileVideo, Loader2, UploadCloud, X } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { EPISODE_NUMBER_MAX } from '#contract/episodes.ts';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useUploadEpisode } from '../../api/upload-episode.ts';
import { AdminSessionContext } from '../../lib/admin-session.tsx';
import { controlBase, iconButtonClass, panelClass } from '../../components/styles.ts';
import { inNaturalOrder, planEpisodeNumbers } from '../lib/episode-numbers.ts';
import { formatFileSize } from '../lib/file-size.ts';
import { isAbort } from '../lib/send-video.ts';
import { uploadFailureOf, type UploadFailure } from '../lib/upload-error.ts';
import { ProgressBar } from './progress-bar.tsx';

type Phase = 'ready' | 'uploading' | 'checking' | 'failed';

interface StagedFile {
  key: string;
  file: File;
  /** As typed in its box. */
  number: string;
  phase: Phase;
  sent: number;
  total: number;
  failure: UploadFailure | null;
}

let nextKey = 1;

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

export interface UploadPanelProps {
  seriesId: number;
  /** Numbers the series' episodes already have. */
  takenNumbers: readonly number[];
  /** Every file went up and the list of files is gone: focus can move to where the new episodes are. */
  onAllUploaded: () => void;
}

/**
 * Upload one or many videos: chosen or dropped files wait in a list with the episode number each will
 * get (from its name, else after the last episode), editable; then they go one at a time, each with
 * its upload progress and, when the server refuses it, the server's reason next to the file.
 */
export function UploadPanel({ seriesId, takenNumbers, onAllUploaded }: UploadPanelProps) {
  const { t } = useTranslation('admin');
  const { endSession } = useContext(AdminSessionContext);
  const upload = useUploadEpisode();
  const [staged, setStaged] = useState<StagedFile[]>([]);
  const [running, setRunning] = useState(false);
  const [dragging, setDragging] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const headingId = useId();
  const controllers = useRef(new Map<string, AbortController>());
  const removedKeys = useRef(new Set<string>());
  const actions = useRef<HTMLDivElement>(null);

  const patch = (key: string, changes: Partial<StagedFile>) =>
    setStaged((items) => items.map((item) => (item.key === key ? { ...item, ...changes } : item)));
  const drop = (key: string) => {
    removedKeys.current.add(key);
    setStaged((items) => items.filter((item) => item.key !== key));
  };

  const addFiles = (files: File[]) => {
    if (files.length === 0) return;
    setStaged((items) => {
      const ordered = inNaturalOrder(files);
      const used = [...takenNumbers, ...items.map((item) => Number(item.number)).filter(Number.isInteger)];
      const numbers = planEpisodeNumbers(
        ordered.map((file) => file.name),
        used,
      );
      return [
        ...items,
        ...ordered.map((file, index) => ({
          key: `upload-${nextKey++}`,
          file,
          number: String(numbers[index]),
          phase: 'ready' as const,
          sent: 0,
          total: file.size,
          failure: null,
        })),
      ];
    });
  };

  /** Why a waiting file cannot go yet: its number is not usable. */
  const problemOf = (item: StagedFile): string | null => {
    if (item.phase === 'uploading' || item.phase === 'checking') return null;
    const typed = item.number.trim();
    const n = Number(typed);
    if (typed === '' || !Number.isInteger(n) || n < 1 || n > EPISODE_NUMBER_MAX) {
      return t('episodes.upload.numberInvalid', { max: EPISODE_NUMBER_MAX });
    }
    if (takenNumbers.includes(n)) return t('episodes.upload.numberTaken', { number: n });
    if (staged.some((other) => other.key !== item.key && Number(other.number.trim()) === n)) {
      return t('episodes.upload.numberTwice', { number: n });
    }
    return null;
  };

  const waiting = staged.filter((item) => item.phase === 'ready' || item.phase === 'failed');
  const blocked = waiting.some((item) => problemOf(item) !== null);

  // Leaving the page would cut the uploads off: the browser asks first.
  useEffect(() => {
    if (!running) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [running]);

  // A file dropped beside the drop zone must not make the browser leave the dashboard to show it.
  useEffect(() => {
    const keep = (event: globalThis.DragEvent) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    };
    window.addEventListener('dragover', keep);
    window.addEventListener('drop', keep);
    return () => {
      window.removeEventListener('dragover', keep);
      window.removeEventListener('drop', keep);
    };
  }, []);

  const uploadAll = async () => {
    if (running || blocked || waiting.length === 0) return;
    setRunning(true);
    const batch = waiting.map((item) => ({
      key: item.key,
      file: item.file,
      episodeNumber: Number(item.number.trim()),
    }));
    const done: number[] = [];
    let failed = 0;
    for (const item of batch) {
      if (removedKeys.current.has(item.key)) continue;
      const controller = new AbortController();
      controllers.current.set(item.key, controller);
      patch(item.key, { phase: 'uploading', sent: 0, failure: null });
      try {
        const saved = await upload.mutateAsync({
          seriesId,
          file: item.file,
          episodeNumber: item.episodeNumber,
          onProgress: ({ sent, total }) => patch(item.key, { sent, total }),
          onSent: () => patch(item.key, { phase: 'checking' }),
          signal: controller.signal,
        });
        done.push(saved.episodeNumber);
        drop(item.key);
      } catch (error) {
        if (isAbort(error)) {
          drop(item.key);
          continue;
        }
        if (error instanceof ApiError && error.status === 401) {
          endSession();
          return;
        }
        failed++;
        patch(item.key, { phase: 'failed', failure: uploadFailureOf(error, t) });
      } finally {
        controllers.current.delete(item.key);
      }
    }
    setRunning(false);
    if (failed > 0) {
      toast({
        title: t('episodes.upload.failedTitle'),
        description: t('episodes.upload.failedMessage', { count: failed, total: failed + done.length }),
        variant: 'destructive',
      });
    } else if (done.length > 0) {
      // The button the operator pressed goes away with the list; focus follows the new episodes.
      const focused = document.activeElement;
      if (!focused || focused === document.body || actions.current?.contains(focused)) onAllUploaded();
      toast({
        title: t('episodes.upload.doneTitle'),
        description:
          done.length === 1
            ? t('episodes.upload.doneOne', { number: done[0] })
            : t('episodes.upload.doneMany', { count: done.length }),
      });
    }
  };

  const cancelOrRemove = (item: StagedFile) => {
    const controller = controllers.current.get(item.key);
    if (controller) controller.abort();
    else drop(item.key);
  };

  return (
    <section aria-labelledby={headingId} className={panelClass}>
      <div className="border-b border-white/10 p-4">
        <h2 id={headingId} className="text-base font-semibold">
          {t('episodes.upload.title')}
        </h2>
        <p id={hintId} className="text-xs text-zinc-400">
          {t('episodes.upload.hint')}
        </p>
      </div>
      <div className="space-y-3 p-4">
        <label
          htmlFor={inputId}
          data-testid="episode-dropzone"
          onDragEnter={(event) => {
            if (!hasFiles(event)) return;
            event.preventDefault();
            setDragging(true);
          }}
          onDragOver={(event) => {
            if (!hasFiles(event)) return;
            event.preventDefault();
            event.dataTransfer.dropEffect = 'copy';
          }}
          onDragLeave={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
          }}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            addFiles([...event.dataTransfer.files]);
          }}
          className={`flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-400 ${
            dragging
              ? 'border-brand-400 bg-brand-600/10'
              : 'border-white/15 hover:border-white/30 hover:bg-white/[0.02]'
          }`}
        >
          <UploadCloud className={`size-8 ${dragging ? 'text-brand-300' : 'text-zinc-400'}`} aria-hidden />
          {/* Phones have nothing to drag from: there the zone is simply the file picker. */}
          <span className="text-sm text-zinc-200 md:hidden">
            <span className="font-semibold text-brand-300 underline underline-offset-2">
              {t('episodes.upload.chooseAlone')}
            </span>
          </span>
          <span className="hidden text-sm text-zinc-200 md:inline">
            {t('episodes.upload.dropHere')}{' '}
            <span className="font-semibold text-brand-300 underline underline-offset-2">
              {t('episodes.upload.choose')}
            </span>
          </span>
          <span className="text-xs text-zinc-400">{t('episodes.upload.formats')}</span>
          <input
            id={inputId}
            type="file"
            accept="video/*"
            multiple
            aria-label={t('episodes.upload.inputLabel')}
            aria-describedby={hintId}
            className="sr-only"
            onChange={(event) => {
              addFiles([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
        </label>

        {staged.length > 0 && (
          <>
            <ul
              className="divide-y divide-white/5 rounded-lg border border-white/10"
              aria-label={t('episodes.upload.listLabel')}
            >
              {staged.map((item) => (
                <StagedFileRow
                  key={item.key}
                  item={item}
                  problem={problemOf(item)}
                  locked={running}
                  onNumber={(number) => patch(item.key, { number, failure: null })}
                  onCancelOrRemove={() => cancelOrRemove(item)}
                />
              ))}
            </ul>
            <div ref={actions} className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
              {!running && (
                <Button
                  variant="secondary"
                  size="sm"
                  className="rounded-lg"
                  onClick={() => staged.forEach((item) => drop(item.key))}
                >
                  {t('episodes.upload.clear')}
                </Button>
              )}
              {/* Not disabled while running, so keyboard focus stays on it until the uploads end. */}
              <Button
                size="sm"
                className="rounded-lg aria-disabled:cursor-progress aria-disabled:bg-rose-900 aria-disabled:text-rose-200/70"
                onClick={uploadAll}
                aria-disabled={running || undefined}
                disabled={!running && (blocked || waiting.length === 0)}
              >
                {running ? (
                  <Loader2 className="size-4 animate-spin" aria-hidden />
                ) : (
                  <UploadCloud className="size-4" aria-hidden />
                )}
                {running ? t('episodes.upload.uploading') : t('episodes.upload.start', { count: waiting.length })}
              </Button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}

interface StagedFileRowProps {
  item: StagedFile;
  problem: string | null;
  locked: boolean;
  onNumber: (typed: string) => void;
  onCancelOrRemove: () => void;
}

function StagedFileRow({ item, problem, locked, onNumber, onCancelOrRemove }: StagedFileRowProps) {
  const { t } = useTranslation('admin');
  const numberId = useId();
  const messageId = useId();
  const name = item.file.name;
  const busy = item.phase === 'uploading' || item.phase === 'checking';
  const percent = item.total > 0 ? (item.sent / item.total) * 100 : 0;
  const message = problem ?? item.failure?.message ?? null;
  const numberBlamed = problem !== null || item.failure?.field === 'episodeNumber';

  return (
    <li data-testid="staged-upload" data-phase={item.phase} className="space-y-2 p-3">
      <div className="flex items-center gap-3">
        <FileVideo className="size-5 shrink-0 text-zinc-400" aria-hidden />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium" title={name}>
            {name}
          </p>
          <p className="text-xs text-zinc-400">{formatFileSize(item.file.size)}</p>
        </div>
        <div className="flex shrink-0 items-center gap-1.5">
          <label htmlFor={numberId} className="text-xs text-zinc-400">
            <span aria-hidden>{t('episodes.upload.numberShort')}</span>
            <span className="sr-only">{t('episodes.upload.numberFor', { name })}</span>
          </label>
          <input
            id={numberId}
            type="number"
            inputMode="numeric"
            min={1}
            max={EPISODE_NUMBER_MAX}
            step={1}
            value={item.number}
            disabled={locked || busy}
            onChange={(event) => onNumber(event.target.value)}
            aria-invalid={numberBlamed || undefined}
            aria-describedby={message && numberBlamed ? messageId : undefined}
            className={`${controlBase} h-8 w-20 px-2 tabular-nums disabled:opacity-60`}
          />
          <button
            type="button"
            className={`${iconButtonClass} hover:text-red-300`}
            onClick={onCancelOrRemove}
            aria-label={busy ? t('episodes.upload.cancel', { name }) : t('episodes.upload.remove', { name })}
            title={busy ? t('episodes.upload.cancel', { name }) : t('episodes.upload.remove', { name })}
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      </div>
      {busy && (
        <div className="space-y-1">
          <ProgressBar
            value={item.phase === 'checking' ? 100 : percent}
            label={t('episodes.upload.progressLabel', { name })}
            valueText={
              item.phase === 'checking'
                ? t('episodes.upload.checking')
                : t('episodes.upload.progress', {
                    percent: Math.round(percent),
                    sent: formatFileSize(item.sent),
                    total: formatFileSize(item.total),
                  })
            }
          />
          <p className="text-xs text-zinc-400 tabular-nums" aria-hidden>
            {item.phase === 'checking'
              ? t('episodes.upload.checking')
              : t('episodes.upload.progress', {
                  percent: Math.round(percent),
                  sent: formatFileSize(item.sent),
                  total: formatFileSize(item.total),
                })}
          </p>
        </div>
      )}
      {message && (
        <p
          id={messageId}
          role={item.failure ? 'alert' : undefined}
          data-testid="staged-upload-error"
          className="flex items-start gap-1.5 text-xs text-red-300"
        >
          <AlertCircle className="mt-px size-3.5 shrink-0" aria-hidden />
          <span className="break-words">{message}</span>
        </p>
      )}
    </li>
  );
}
