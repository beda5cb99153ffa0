import { useId, useState } from 'react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import type { SubtitleBatchReply, SubtitleKind } from '#contract/subtitles.ts';
import { toast } from '#web/components/ui/toast.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useUploadSubtitleBatch } from '../../api/upload-subtitle-batch.ts';
import { panelClass } from '../../components/styles.ts';
import { readableServerMessage, useAdminFailure } from '../../lib/admin-session.tsx';
import { SubtitleKindSelect } from './subtitle-kind-select.tsx';

/** Many subtitle files at once: checked first (what matches which episode and language), then saved. */
export function SubtitleBatchPanel({ seriesId }: { seriesId: number }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [kind, setKind] = useState<SubtitleKind>('subtitles');
  const [matching, setMatching] = useState<SubtitleBatchReply | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadSubtitleBatch();
  const onFailure = useAdminFailure();

  const send = (dryRun: boolean) => {
    setProblem(null);
    upload.mutate(
      { seriesId, files, kind, dryRun },
      {
        onSuccess: (reply) => {
          if (!reply.saved) return setMatching(reply);
          toast({ title: t('subtitles.bulk.saved', { count: reply.files.length }) });
          setMatching(null);
          setFiles([]);
        },
        onError: (error) => {
          setProblem(
            error instanceof ApiError && error.status < 500 ? readableServerMessage(error) : t('subtitles.failed'),
          );
          onFailure(error, t('subtitles.failed'));
        },
      },
    );
  };
  const ready = matching !== null && matching.files.every((file) => file.problem === null);

  return (
    <section aria-labelledby={`${id}-title`} className={`${panelClass} space-y-3 p-4`} data-testid="subtitle-batch">
      <div>
        <h2 id={`${id}-title`} className="text-base font-semibold">
          {t('subtitles.bulk.title')}
        </h2>
        <p className="text-xs text-zinc-400">{t('subtitles.bulk.hint')}</p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-xs text-zinc-400">
          {t('subtitles.bulk.choose')}
          <input
            type="file"
            multiple
            accept=".srt,.vtt"
            className="mt-0.5 block text-xs text-zinc-300 file:me-2 file:rounded-md file:border-0 file:bg-white/10 file:px-2 file:py-1 file:text-white"
            onChange={(event) => {
              setFiles([...(event.target.files ?? [])]);
              setMatching(null);
            }}
          />
        </label>
        <SubtitleKindSelect value={kind} onChange={setKind} className="w-40" />
        <button
          type="button"
          disabled={files.length === 0 || upload.isPending}
          onClick={() => send(true)}
          className="h-9 rounded-md bg-white/10 px-3 text-sm font-semibold hover:bg-white/15 disabled:opacity-50"
        >
          {t('subtitles.bulk.check')}
        </button>
        <button
          type="button"
          disabled={!ready || upload.isPending}
          onClick={() => send(false)}
          className="h-9 rounded-md bg-rose-600 px-3 text-sm font-semibold text-white hover:bg-rose-500 disabled:opacity-50"
        >
          {t('subtitles.bulk.save', { count: matching?.files.length ?? files.length })}
        </button>
      </div>
      {problem && (
        <p role="alert" className="text-xs text-red-300">
          {problem}
        </p>
      )}
      {matching && (
        <div className="overflow-x-auto">
          {!ready && (
            <p role="alert" className="mb-2 text-xs text-amber-300">
              {t('subtitles.bulk.problems')}
            </p>
          )}
          <table className="w-full text-start text-xs" data-testid="subtitle-matching">
            <thead className="text-zinc-400">
              <tr>
                <th className="py-1 pe-3 text-start font-medium">{t('subtitles.bulk.file')}</th>
                <th className="py-1 pe-3 text-start font-medium">{t('subtitles.bulk.episode')}</th>
                <th className="py-1 pe-3 text-start font-medium">{t('subtitles.language')}</th>
                <th className="py-1 text-start font-medium">{t('subtitles.bulk.result')}</th>
              </tr>
            </thead>
            <tbody>
              {matching.files.map((file) => (
                <tr key={file.fileName} className="border-t border-white/5">
                  <td className="py-1 pe-3 break-all" dir="ltr">
                    {file.fileName}
                  </td>
                  <td className="py-1 pe-3 tabular-nums">{file.episodeNumber ?? '—'}</td>
                  <td className="py-1 pe-3">{file.language ?? '—'}</td>
                  <td className={`py-1 ${file.problem ? 'text-red-300' : 'text-emerald-300'}`}>
                    {file.problem ??
                      `${t('subtitles.bulk.ok', { count: file.cueCount })}${file.replaces ? ` · ${t('subtitles.bulk.replaces')}` : ''}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
