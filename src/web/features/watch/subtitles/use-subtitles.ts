import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '#web/lib/texts/use-translation.tsx';
import type { EpisodeSubtitle } from '#contract/subtitles.ts';
import { readWebVtt } from '#web/lib/media/read-web-vtt.ts';
import {
  chooseSubtitleTrack,
  closestTrack,
  readSubtitlePreference,
  writeSubtitlePreference,
  type SubtitlePreference,
  type SubtitleSize,
} from './subtitle-preference.ts';

/**
 * The feed's <video> elements are reused and emptied between episodes (hls.js and the pool replace their
 * children), so cues go into text tracks made with addTextTrack, one per element and language, kept hidden:
 * the player draws the active ones itself (above its controls, at the viewer's size) and `video.textTracks`
 * still tells assistive tools and tests what is showing.
 */
const textTracks = new WeakMap<HTMLVideoElement, Map<string, TextTrack>>();

function textTrackOf(video: HTMLVideoElement, subtitle: EpisodeSubtitle): TextTrack {
  let byLanguage = textTracks.get(video);
  if (!byLanguage) textTracks.set(video, (byLanguage = new Map()));
  let track = byLanguage.get(subtitle.language);
  if (!track) {
    track = video.addTextTrack(subtitle.kind, subtitle.label, subtitle.language);
    byLanguage.set(subtitle.language, track);
  }
  return track;
}

function emptyTrack(track: TextTrack) {
  for (const cue of [...(track.cues ?? [])]) track.removeCue(cue);
  track.mode = 'disabled';
}

export interface SubtitlesState {
  tracks: readonly EpisodeSubtitle[];
  selected: EpisodeSubtitle | undefined;
  activeCues: VTTCue[];
  size: SubtitleSize;
  select: (language: string | null) => void;
  setSize: (size: SubtitleSize) => void;
  /** Off when on; else back on in the language last chosen (or the UI's, or the first). Answers the new track. */
  toggle: () => EpisodeSubtitle | undefined;
}

export function useSubtitles(video: HTMLVideoElement | null, tracks: readonly EpisodeSubtitle[]): SubtitlesState {
  const { i18n } = useTranslation();
  const [preference, setPreference] = useState<SubtitlePreference>(readSubtitlePreference);
  const selected = chooseSubtitleTrack(tracks, i18n.language, preference);
  const [activeCues, setActiveCues] = useState<VTTCue[]>([]);

  const update = useCallback((change: Partial<SubtitlePreference>) => {
    setPreference((current) => {
      const next = { ...current, ...change };
      writeSubtitlePreference(next);
      return next;
    });
  }, []);

  const fileUrl = selected?.fileUrl;
  useEffect(() => {
    setActiveCues([]);
    if (!video || !selected) return;
    const track = textTrackOf(video, selected);
    emptyTrack(track);
    track.mode = 'hidden';
    const showActive = () => setActiveCues([...(track.activeCues ?? [])] as VTTCue[]);
    track.addEventListener('cuechange', showActive);
    const controller = new AbortController();
    fetch(selected.fileUrl, { signal: controller.signal, credentials: 'same-origin' })
      .then((response) => (response.ok ? response.text() : ''))
      .then((text) => {
        for (const cue of readWebVtt(text)) track.addCue(new VTTCue(cue.start, cue.end, cue.text));
        showActive();
      })
      .catch(() => undefined);
    return () => {
      controller.abort();
      track.removeEventListener('cuechange', showActive);
      emptyTrack(track);
    };
    // The file names the track; a new tracks array with the same file changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [video, fileUrl]);

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

  return { tracks, selected, activeCues, size: preference.size, select, setSize: (size) => update({ size }), toggle };
}
