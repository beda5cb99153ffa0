import { useEffect, useState } from 'react';
import type { EpisodeSubtitle } from '#contract/subtitles.ts';
import { readWebVtt } from '#web/lib/media/read-web-vtt.ts';
import type { SubtitleSize } from './subtitle-preference.ts';
import { SubtitleOverlay } from './subtitle-overlay.tsx';

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

export interface SubtitleCuesProps {
  /** The episode's video once it is the feed's; null before. */
  video: HTMLVideoElement | null;
  track: EpisodeSubtitle;
  size: SubtitleSize;
  controlsShown: boolean;
}

/**
 * The chosen subtitles' cues: read from their file into the video's text track, the active ones drawn. A cue
 * change draws this part alone, not the player around it.
 */
export default function SubtitleCues({ video, track: selected, size, controlsShown }: SubtitleCuesProps) {
  const [activeCues, setActiveCues] = useState<VTTCue[]>([]);
  const fileUrl = selected.fileUrl;
  useEffect(() => {
    setActiveCues([]);
    if (!video) return;
    const track = textTrackOf(video, selected);
    emptyTrack(track);
    track.mode = 'hidden';
    const showActive = () => setActiveCues([...(track.activeCues ?? [])] as VTTCue[]);
    track.addEventListener('cuechange', showActive);
    const controller = new AbortController();
    fetch(fileUrl, { signal: controller.signal, credentials: 'same-origin' })
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
    // The file names the track; a new track object with the same file changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [video, fileUrl]);

  return <SubtitleOverlay track={selected} cues={activeCues} size={size} controlsShown={controlsShown} />;
}
