import type { Episode, Series } from '#contract/series.ts';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import { useMediaSession, type MediaSessionControls } from './use-media-session.ts';

export interface MediaSessionProps extends MediaSessionControls {
  series: Series;
  episode: Episode;
  video: HTMLVideoElement | null;
}

/** Draws nothing: the lock screen's view of the player, in a chunk of its own (no first paint needs it). */
export default function MediaSession({ series, episode, video, ...controls }: MediaSessionProps) {
  const { t } = useTranslation('watch');
  const episodeLine = t('episodeLine', { number: episode.episodeNumber, total: series.totalEpisodes });
  useMediaSession(series, episode, episodeLine, video, controls);
  return null;
}
