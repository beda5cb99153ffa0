import type { EpisodeSubtitle } from '#contract/subtitles.ts';
import { storageKeys } from '#web/lib/storage-keys.ts';

export const SUBTITLE_SIZES = ['small', 'medium', 'large'] as const;
export type SubtitleSize = (typeof SUBTITLE_SIZES)[number];

/** What the viewer chose, kept across episodes, swipes and visits. */
export interface SubtitlePreference {
  /** undefined: never chose; null: turned them off; else the language last turned on. */
  language?: string | null;
  /** The language last turned on, for turning them back on (the c key). */
  lastOn?: string;
  size: SubtitleSize;
}

const DEFAULT_PREFERENCE: SubtitlePreference = { size: 'medium' };

export function readSubtitlePreference(): SubtitlePreference {
  try {
    const stored = JSON.parse(
      localStorage.getItem(storageKeys.subtitles) ?? 'null',
    ) as Partial<SubtitlePreference> | null;
    if (!stored || typeof stored !== 'object') return DEFAULT_PREFERENCE;
    const language = typeof stored.language === 'string' || stored.language === null ? stored.language : undefined;
    const size = SUBTITLE_SIZES.includes(stored.size as SubtitleSize) ? (stored.size as SubtitleSize) : 'medium';
    const lastOn = typeof stored.lastOn === 'string' ? stored.lastOn : undefined;
    return { language, lastOn, size };
  } catch {
    return DEFAULT_PREFERENCE;
  }
}

export function writeSubtitlePreference(preference: SubtitlePreference) {
  try {
    localStorage.setItem(storageKeys.subtitles, JSON.stringify(preference));
  } catch {
    // Private mode without storage: the choice lasts for this visit only.
  }
}

const primary = (tag: string) => tag.toLowerCase().split('-')[0]!;

/** The track closest to a language: the same tag, else the same language in another region or script. */
export function closestTrack(tracks: readonly EpisodeSubtitle[], language: string): EpisodeSubtitle | undefined {
  return (
    tracks.find((track) => track.language.toLowerCase() === language.toLowerCase()) ??
    tracks.find((track) => primary(track.language) === primary(language))
  );
}

/**
 * The track that plays: the one in the UI language when the viewer never chose; none after they turned
 * subtitles off; after they turned them on, the closest to that language, else to the UI's, else the first.
 */
export function chooseSubtitleTrack(
  tracks: readonly EpisodeSubtitle[],
  uiLanguage: string,
  preference: SubtitlePreference,
): EpisodeSubtitle | undefined {
  if (preference.language === null) return undefined;
  if (preference.language === undefined) return closestTrack(tracks, uiLanguage);
  return closestTrack(tracks, preference.language) ?? closestTrack(tracks, uiLanguage) ?? tracks[0];
}
