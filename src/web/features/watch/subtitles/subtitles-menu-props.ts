import type { EpisodeSubtitle } from '#contract/subtitles.ts';
import type { SubtitleSize } from './subtitle-preference.ts';

export interface SubtitlesMenuProps {
  tracks: readonly EpisodeSubtitle[];
  selected: EpisodeSubtitle | undefined;
  size: SubtitleSize;
  onSelect: (language: string | null) => void;
  onSizeChange: (size: SubtitleSize) => void;
  onOpenChange: (open: boolean) => void;
}
