import { Lock } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import type { Episode } from '#contract/series.ts';

/** A locked neighbour's slide: its blurred poster and a lock, where its video would be. */
export function LockedPeeks({ locked, feed }: { locked: Episode[]; feed: Episode[] }) {
  const { t } = useTranslation('watch');
  return locked.map((episode) => (
    <div
      key={episode.id}
      className="absolute inset-0 isolate flex flex-col items-center justify-center gap-3 overflow-hidden px-8 text-center"
      style={{ transform: `translateY(${feed.findIndex((listed) => listed.id === episode.id) * 100}%)` }}
      aria-hidden
    >
      {episode.thumbnailUrl && (
        <img
          src={episode.thumbnailUrl}
          alt=""
          className="absolute inset-0 -z-10 size-full object-cover opacity-40 blur-xl"
        />
      )}
      <span className="flex size-14 items-center justify-center rounded-full bg-black/50">
        <Lock className="size-7 text-amber-300" />
      </span>
      <p className="text-lg font-bold">{t('locked.title', { number: episode.episodeNumber })}</p>
    </div>
  ));
}
