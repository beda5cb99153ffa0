import { useCallback, useState } from 'react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import type { EpisodeSubtitle } from '#contract/subtitles.ts';
import {
  chooseSubtitleTrack,
  closestTrack,
  readSubtitlePreference,
  writeSubtitlePreference,
  type SubtitlePreference,
  type SubtitleSize,
} from './subtitle-preference.ts';

export interface SubtitlesState {
  tracks: readonly EpisodeSubtitle[];
  selected: EpisodeSubtitle | undefined;
  size: SubtitleSize;
  select: (language: string | null) => void;
  setSize: (size: SubtitleSize) => void;
  /** Off when on; else back on in the language last chosen (or the UI's, or the first). Answers the new track. */
  toggle: () => EpisodeSubtitle | undefined;
}

/**
 * Which subtitles show, if any: the viewer's choice (kept for the next visit), else the UI's language. Their cues
 * are loaded and drawn by SubtitleCues, a part of its own that only an episode with subtitles on fetches.
 */
export function useSubtitleChoice(tracks: readonly EpisodeSubtitle[]): SubtitlesState {
  const { i18n } = useTranslation();
  const [preference, setPreference] = useState<SubtitlePreference>(readSubtitlePreference);
  const selected = chooseSubtitleTrack(tracks, i18n.language, preference);
  const update = useCallback((change: Partial<SubtitlePreference>) => {
    setPreference((current) => {
      const next = { ...current, ...change };
      writeSubtitlePreference(next);
      return next;
    });
  }, []);

  const select = (language: string | null) =>
    update(language === null ? { language: null } : { language, lastOn: language });

  const toggle = () => {
    if (selected) {
      select(null);
      return undefined;
    }
    const next =
      (preference.lastOn ? closestTrack(tracks, preference.lastOn) : undefined) ??
      closestTrack(tracks, i18n.language) ??
      tracks[0];
    if (next) select(next.language);
    return next;
  };

  return { tracks, selected, size: preference.size, select, setSize: (size) => update({ size }), toggle };
}
