import { useState } from 'react';
import { Lock, LockOpen, Play } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { EPISODE_SLOTS } from '#contract/constants.ts';
import type { Episode } from '#contract/series.ts';
import { formatNumber } from '#web/lib/format.ts';

export type EpisodeAccess = 'free' | 'unlocked' | 'locked';

export interface EpisodeGridProps {
  episodes: Episode[];
  accessOf: (episodeNumber: number) => EpisodeAccess;
  cost: number;
  /** The episode the viewer watched last, marked in the grid. */
  currentEpisodeNumber?: number;
  onSelect: (episode: Episode, access: EpisodeAccess) => void;
}

/**
 * 50 episode slots a page. A series with more than 50 episodes gets ranges of 50 (1-50, 51-100, ...), each
 * still a grid of 50 slots; slots with no episode yet are shown as coming soon.
 */
export function EpisodeGrid({ episodes, accessOf, cost, currentEpisodeNumber, onSelect }: EpisodeGridProps) {
  const { t } = useTranslation('series');
  const byNumber = new Map(episodes.map((episode) => [episode.episodeNumber, episode]));
  const highest = episodes.reduce((max, episode) => Math.max(max, episode.episodeNumber), 0);
  const rangeCount = Math.max(1, Math.ceil(highest / EPISODE_SLOTS));
  const initialRange = currentEpisodeNumber ? Math.floor((currentEpisodeNumber - 1) / EPISODE_SLOTS) : 0;
  const [range, setRange] = useState(Math.min(initialRange, rangeCount - 1));
  const first = range * EPISODE_SLOTS + 1;

  return (
    <div>
      {rangeCount > 1 && (
        <div className="mb-3 flex gap-2" role="group" aria-label={t('episodes.ranges')}>
          {Array.from({ length: rangeCount }, (_, i) => (
            <button
              key={i}
              type="button"
              aria-pressed={i === range}
              onClick={() => setRange(i)}
              className={`h-8 rounded-full px-3 text-xs font-semibold transition-colors ${
                i === range ? 'bg-white text-black' : 'bg-white/10 text-zinc-300 hover:bg-white/15'
              }`}
            >
              {t('episodes.range', { from: i * EPISODE_SLOTS + 1, to: (i + 1) * EPISODE_SLOTS })}
            </button>
          ))}
        </div>
      )}
      <ol className="grid grid-cols-5 gap-2 sm:grid-cols-8 lg:grid-cols-10" data-testid="episode-grid">
        {Array.from({ length: EPISODE_SLOTS }, (_, i) => {
          const number = first + i;
          const episode = byNumber.get(number);
          if (!episode) {
            return (
              <li key={number}>
                <button
                  type="button"
                  disabled
                  aria-label={t('episodes.slotComingSoon', { number })}
                  className="flex aspect-square w-full flex-col lg:aspect-[4/3] items-center justify-center rounded-lg border border-dashed border-white/10 text-zinc-600"
                >
                  <span className="text-sm font-semibold">{number}</span>
                  <span className="text-[10px] leading-tight">{t('episodes.soon')}</span>
                </button>
              </li>
            );
          }
          const access = accessOf(number);
          const current = number === currentEpisodeNumber;
          const label =
            access === 'locked'
              ? t('episodes.slotLocked', { number, count: cost, cost: formatNumber(cost) })
              : access === 'unlocked'
                ? t('episodes.slotUnlocked', { number })
                : t('episodes.slotFree', { number });
          return (
            <li key={number}>
              <button
                type="button"
                onClick={() => onSelect(episode, access)}
                aria-label={current ? `${label}, ${t('episodes.lastWatched')}` : label}
                data-episode-number={number}
                data-access={access}
                className={`relative flex aspect-square w-full flex-col lg:aspect-[4/3] lg:aspect-[4/3] items-center justify-center rounded-lg text-sm font-bold transition-colors active:scale-95 ${
                  access === 'locked'
                    ? 'bg-white/[0.04] text-zinc-400 ring-1 ring-white/5 hover:bg-white/[0.08]'
                    : 'bg-white/10 text-white ring-1 ring-white/10 hover:bg-white/15'
                } ${current ? 'ring-2 ring-rose-500' : ''}`}
              >
                {current && (
                  <Play className="absolute top-1 start-1 size-2.5 fill-rose-500 text-rose-500" aria-hidden />
                )}
                <span>{number}</span>
                {access === 'locked' && (
                  <span className="mt-0.5 flex items-center gap-0.5 text-[10px] font-semibold text-amber-300/90">
                    <Lock className="size-2.5" aria-hidden />
                    {formatNumber(cost)}
                  </span>
                )}
                {access === 'unlocked' && <LockOpen className="mt-0.5 size-3 text-emerald-400" aria-hidden />}
                {access === 'free' && (
                  <span className="mt-0.5 text-[10px] font-semibold text-emerald-400">{t('episodes.free')}</span>
                )}
              </button>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
