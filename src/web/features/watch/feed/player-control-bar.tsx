import type { ReactNode } from 'react';
import { ListVideo, Maximize, Minimize, Volume2, VolumeX } from 'lucide-react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { formatDuration } from '#web/lib/format-duration.ts';
import { Scrubber } from './scrubber.tsx';
import { SpeedMenu } from './speed-menu.tsx';
import { usePlaybackTime } from './use-playback-time.ts';

export interface PlayerControlBarProps {
  fade: string;
  /** The element playing, whose time the bar shows. */
  video: HTMLVideoElement | null;
  onSeek: (seconds: number) => void;
  rate: number;
  onRateChange: (rate: number) => void;
  onSpeedMenuOpenChange: (open: boolean) => void;
  onOpenEpisodes: () => void;
  muted: boolean;
  onToggleMute: () => void;
  fullscreen: boolean;
  onToggleFullscreen: () => void;
  /** More controls, drawn before the speed menu. */
  extra?: ReactNode;
}

const ICON_BUTTON = 'flex size-11 items-center justify-center rounded-full text-white hover:bg-white/10';

/** The bar at the bottom: the scrubber, the time, and the speed, episodes, sound and full-screen buttons. */
export function PlayerControlBar(props: PlayerControlBarProps) {
  const { t } = useTranslation('watch');
  const time = usePlaybackTime(props.video);
  const timeText = t('player.timeOf', {
    current: formatDuration(time.current),
    duration: formatDuration(time.duration),
  });
  return (
    <div
      className={`pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/85 via-black/50 to-transparent px-4 pt-12 pb-[max(1rem,env(safe-area-inset-bottom))] ${props.fade}`}
    >
      <div className="pointer-events-auto">
        <Scrubber
          current={time.current}
          duration={time.duration}
          onSeek={props.onSeek}
          label={t('player.seek')}
          valueText={timeText}
        />
        <div className="mt-2 flex items-center gap-1">
          <span className="text-xs text-white/80 tabular-nums">
            {formatDuration(time.current)} / {formatDuration(time.duration)}
          </span>
          <span className="flex-1" />
          {props.extra}
          <SpeedMenu rate={props.rate} onRateChange={props.onRateChange} onOpenChange={props.onSpeedMenuOpenChange} />
          <button
            type="button"
            onClick={props.onOpenEpisodes}
            aria-label={t('player.episodes')}
            aria-haspopup="dialog"
            className={ICON_BUTTON}
          >
            <ListVideo className="size-6" aria-hidden />
          </button>
          <button
            type="button"
            onClick={props.onToggleMute}
            aria-label={props.muted ? t('player.unmute') : t('player.mute')}
            aria-pressed={props.muted}
            className={ICON_BUTTON}
          >
            {props.muted ? <VolumeX className="size-6" aria-hidden /> : <Volume2 className="size-6" aria-hidden />}
          </button>
          <button
            type="button"
            onClick={props.onToggleFullscreen}
            aria-label={props.fullscreen ? t('player.exitFullscreen') : t('player.fullscreen')}
            aria-pressed={props.fullscreen}
            className={ICON_BUTTON}
          >
            {props.fullscreen ? (
              <Minimize className="size-6" aria-hidden />
            ) : (
              <Maximize className="size-6" aria-hidden />
            )}
          </button>
        </div>
      </div>
    </div>
  );
}
