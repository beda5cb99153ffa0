import { Pause, Play, RotateCcw, VolumeX } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';

/** The big play/pause/replay button in the middle. */
export function CentrePlayButton(props: { playing: boolean; ended: boolean; fade: string; onToggle: () => void }) {
  const { t } = useTranslation('watch');
  const { playing, ended } = props;
  return (
    <div className={`pointer-events-none absolute inset-0 flex items-center justify-center ${props.fade}`}>
      <button
        type="button"
        onClick={props.onToggle}
        aria-label={playing ? t('player.pause') : ended ? t('player.replay') : t('player.play')}
        className="pointer-events-auto flex size-20 items-center justify-center rounded-full bg-black/45 text-white ring-1 ring-white/20 backdrop-blur-sm transition hover:bg-black/60 active:scale-95"
      >
        {playing ? (
          <Pause className="size-9 fill-current" aria-hidden />
        ) : ended ? (
          <RotateCcw className="size-9" aria-hidden />
        ) : (
          <Play className="ms-1 size-9 fill-current" aria-hidden />
        )}
      </button>
    </div>
  );
}

/** "Tap for sound", after the browser refused to start with sound. */
export function TapForSound({ onEnable }: { onEnable: () => void }) {
  const { t } = useTranslation('watch');
  return (
    <button
      type="button"
      onClick={onEnable}
      className="absolute top-[calc(max(0.5rem,env(safe-area-inset-top))+3.5rem)] left-1/2 z-10 flex -translate-x-1/2 items-center gap-2 rounded-full bg-white px-4 py-2 text-sm font-bold text-black shadow-lg hover:bg-zinc-200"
    >
      <VolumeX className="size-4" aria-hidden />
      {t('player.tapForSound')}
    </button>
  );
}
