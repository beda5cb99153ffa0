import type { Cue } from './subtitle-file.ts';

/** The 90 kHz MPEG-TS clock value of media time 0 in our fMP4 segments (ffmpeg starts them at 0). */
export const MPEGTS_AT_ZERO = 0;
export const SUBTITLE_GROUP = 'subs';
export const SUBTITLE_PLAYLIST = 'playlist.m3u8';
/** The whole track in one file, for players that read WebVTT themselves (<track>, MP4 fallback). */
export const SUBTITLE_FILE = 'track.vtt';

export function vttTime(seconds: number): string {
  const millis = Math.round(seconds * 1000);
  const h = Math.floor(millis / 3_600_000);
  const m = Math.floor((millis % 3_600_000) / 60_000);
  const s = Math.floor((millis % 60_000) / 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(millis % 1000, 3)}`;
}

function cueBlock(cue: Cue): string {
  return `${vttTime(cue.start)} --> ${vttTime(cue.end)}${cue.settings ? ` ${cue.settings}` : ''}\n${cue.text}\n`;
}

export function webVttFile(cues: readonly Cue[]): string {
  return ['WEBVTT\n', ...cues.map(cueBlock)].join('\n');
}

export interface SegmentedRendition {
  playlist: string;
  segments: { name: string; text: string }[];
}

/**
 * The track as an HLS WebVTT rendition whose segments line up with the video's: segment i covers
 * [i·d, (i+1)·d) and holds every cue that shows during it (a cue spanning two segments is in both, as HLS
 * allows: players drop the repeat). Each segment maps its local time 0 to the video's time 0.
 */
export function segmentedRendition(
  cues: readonly Cue[],
  { segmentSeconds, durationSeconds }: { segmentSeconds: number; durationSeconds: number },
): SegmentedRendition {
  const lastCueEnd = cues.reduce((end, cue) => Math.max(end, cue.end), 0);
  const total = Math.max(durationSeconds, lastCueEnd, segmentSeconds);
  const count = Math.ceil(total / segmentSeconds - 1e-9);
  const segments: SegmentedRendition['segments'] = [];
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${Math.ceil(segmentSeconds)}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
  ];
  for (let i = 0; i < count; i++) {
    const from = i * segmentSeconds;
    const to = Math.min(total, from + segmentSeconds);
    const inside: Cue[] = [];
    for (let j = 0; j < cues.length && cues[j]!.start < to; j++) if (cues[j]!.end > from) inside.push(cues[j]!);
    const name = `seg-${i}.vtt`;
    const header = `WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:${MPEGTS_AT_ZERO},LOCAL:00:00:00.000\n`;
    segments.push({ name, text: [header, ...inside.map(cueBlock)].join('\n') });
    lines.push(`#EXTINF:${(to - from).toFixed(3)},`, name);
  }
  lines.push('#EXT-X-ENDLIST', '');
  return { playlist: lines.join('\n'), segments };
}

export interface MasterSubtitleTrack {
  language: string;
  name: string;
  /** Relative to the master playlist. */
  uri: string;
  isDefault: boolean;
  /** Captions for the deaf and hard of hearing. */
  characteristics?: string;
}

const quoted = (value: string) => `"${value.replace(/["\r\n]/g, "'").replace(/\p{Cc}/gu, '')}"`;

/** The master playlist with exactly these subtitle renditions (those it had are replaced), on every variant. */
export function masterWithSubtitles(master: string, tracks: readonly MasterSubtitleTrack[]): string {
  const kept = master
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((line) => !line.startsWith('#EXT-X-MEDIA:TYPE=SUBTITLES'))
    .map((line) => (line.startsWith('#EXT-X-STREAM-INF:') ? line.replace(/,SUBTITLES="[^"]*"/, '') : line));
  if (tracks.length === 0) return kept.join('\n');
  const media = tracks.map(
    (track) =>
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="${SUBTITLE_GROUP}",LANGUAGE=${quoted(track.language)},NAME=${quoted(track.name)},` +
      `AUTOSELECT=YES,DEFAULT=${track.isDefault ? 'YES' : 'NO'},FORCED=NO,` +
      `${track.characteristics ? `CHARACTERISTICS=${quoted(track.characteristics)},` : ''}URI=${quoted(track.uri)}`,
  );
  const firstVariant = kept.findIndex((line) => line.startsWith('#EXT-X-STREAM-INF:'));
  const at = firstVariant === -1 ? kept.length : firstVariant;
  const withVariants = kept.map((line) =>
    line.startsWith('#EXT-X-STREAM-INF:') ? `${line},SUBTITLES="${SUBTITLE_GROUP}"` : line,
  );
  return [...withVariants.slice(0, at), ...media, ...withVariants.slice(at)].join('\n');
}
