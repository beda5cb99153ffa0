import { Lock, Play } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import type { Episode } from '#contract/series.ts';
import { Dialog } from '#web/components/ui/dialog.tsx';

export type SheetAccess = 'playable' | 'locked' | 'soon';

export interface EpisodeSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  seriesTitle: string;
  episodes: Episode[];
  currentEpisodeId: number;
  accessOf: (episode: Episode) => SheetAccess;
  onSelect: (episode: Episode) => void;
}

/** The series' episodes as a bottom sheet (a centred dialog on wider screens): lock state, the one playing, jump. */
export function EpisodeSheet({
  open,
  onOpenChange,
  seriesTitle,
  episodes,
  currentEpisodeId,
  accessOf,
  onSelect,
}: EpisodeSheetProps) {
  const { t } = useTranslation('watch');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('sheet.title')}
      description={seriesTitle}
      className="sm:max-w-md"
    >
      <ol className="grid grid-cols-5 gap-2 pb-[env(safe-area-inset-bottom)]" data-testid="episode-sheet">
        {episodes.map((episode) => {
          const access = accessOf(episode);
          const current = episode.id === currentEpisodeId;
          const label = current
            ? t('sheet.current', { number: episode.episodeNumber })
            : access === 'locked'
              ? t('sheet.locked', { number: episode.episodeNumber })
              : access === 'soon'
                ? t('sheet.soon', { number: episode.episodeNumber })
                : t('sheet.episode', { number: episode.episodeNumber });
          return (
            <li key={episode.id}>
              <button
                type="button"
                aria-label={label}
                aria-current={current ? 'true' : undefined}
                disabled={access === 'soon'}
                onClick={() => onSelect(episode)}
                className={`relative flex aspect-square w-full items-center justify-center rounded-lg text-sm font-bold tabular-nums transition-colors disabled:cursor-not-allowed disabled:opacity-40 ${
                  current
                    ? 'bg-rose-600 text-white'
                    : access === 'locked'
                      ? 'bg-white/5 text-zinc-400 hover:bg-white/10'
                      : 'bg-white/10 text-white hover:bg-white/20'
                }`}
              >
                <span aria-hidden>{episode.episodeNumber}</span>
                {current && <Play className="absolute end-1 top-1 size-3 fill-current" aria-hidden />}
                {access === 'locked' && !current && (
                  <Lock className="absolute end-1 top-1 size-3 text-amber-300" aria-hidden />
                )}
              </button>
            </li>
          );
        })}
      </ol>
    </Dialog>
  );
}
