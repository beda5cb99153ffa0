import { describe, expect, it } from 'vitest';
import { parseSubtitleFile, type Cue } from './subtitle-file.ts';
import { masterWithSubtitles, segmentedRendition, vttTime, webVttFile } from './subtitle-rendition.ts';

const cues: Cue[] = [
  { start: 0.5, end: 1.5, text: 'First' },
  { start: 1.8, end: 2.6, text: 'Across <b>two</b>\nsegments', settings: 'align:start' },
  { start: 5, end: 5.5, text: 'Third' },
];

describe('the WebVTT writer', () => {
  it('writes times and cues that read back as the same cues', () => {
    expect(vttTime(3723.0456)).toBe('01:02:03.046');
    expect(parseSubtitleFile(webVttFile(cues))).toEqual(cues);
  });

  it('segments the track on the video segment length, each segment parsed back with its X-TIMESTAMP-MAP', () => {
    const { playlist, segments } = segmentedRendition(cues, { segmentSeconds: 2, durationSeconds: 6.2 });
    const lines = playlist.split('\n');
    expect(lines[0]).toBe('#EXTM3U');
    expect(lines).toContain('#EXT-X-TARGETDURATION:2');
    expect(lines).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(lines.at(-2)).toBe('#EXT-X-ENDLIST');
    const listed = lines.filter((line) => line.startsWith('seg-'));
    expect(listed).toEqual(['seg-0.vtt', 'seg-1.vtt', 'seg-2.vtt', 'seg-3.vtt']);
    const durations = lines.filter((line) => line.startsWith('#EXTINF:')).map((line) => Number(line.slice(8, -1)));
    expect(durations).toEqual([2, 2, 2, 0.2]);
    expect(segments.map((s) => s.name)).toEqual(listed);

    for (const segment of segments) {
      const [first, second] = segment.text.split('\n');
      expect(first).toBe('WEBVTT');
      expect(second).toBe('X-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000');
    }
    const texts = segments.map((segment) => parseSubtitleFile(segment.text).map((cue) => cue.text));
    expect(texts).toEqual([['First', 'Across <b>two</b>\nsegments'], ['Across <b>two</b>\nsegments'], ['Third'], []]);
    // Times stay the video's own (the map's LOCAL 0 is media time 0), not relative to the segment.
    expect(parseSubtitleFile(segments[2]!.text)[0]).toMatchObject({ start: 5, end: 5.5 });
  });

  it('covers cues that run past the video', () => {
    const { segments } = segmentedRendition([{ start: 9, end: 11, text: 'late' }], {
      segmentSeconds: 2,
      durationSeconds: 4,
    });
    expect(segments).toHaveLength(6);
    expect(parseSubtitleFile(segments[5]!.text)[0]!.text).toBe('late');
  });
});

const MASTER = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=360x640,CODECS="avc1.64001e,mp4a.40.2"
v0/index.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=540x960,CODECS="avc1.64001f,mp4a.40.2"
v1/index.m3u8
`;

describe('masterWithSubtitles', () => {
  it('adds one SUBTITLES rendition per track and the group on every variant', () => {
    const master = masterWithSubtitles(MASTER, [
      { language: 'es', name: 'Español', uri: 'subs-es-abc123/playlist.m3u8', isDefault: false },
      {
        language: 'en',
        name: 'English "CC"',
        uri: 'subs-en-def456/playlist.m3u8',
        isDefault: true,
        characteristics:
          'public.accessibility.transcribes-spoken-dialog,public.accessibility.describes-music-and-sound',
      },
    ]);
    const lines = master.split('\n');
    const media = lines.filter((line) => line.startsWith('#EXT-X-MEDIA:'));
    expect(media[0]).toBe(
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="es",NAME="Español",AUTOSELECT=YES,DEFAULT=NO,FORCED=NO,URI="subs-es-abc123/playlist.m3u8"',
    );
    expect(media[1]).toContain('NAME="English \'CC\'"');
    expect(media[1]).toContain('DEFAULT=YES');
    expect(lines.indexOf(media[0]!)).toBeLessThan(lines.findIndex((line) => line.startsWith('#EXT-X-STREAM-INF')));
    const variants = lines.filter((line) => line.startsWith('#EXT-X-STREAM-INF:'));
    expect(variants).toHaveLength(2);
    for (const variant of variants) expect(variant.endsWith(',SUBTITLES="subs"')).toBe(true);
    expect(lines).toContain('v0/index.m3u8');
  });

  it('replaces what an earlier call added, and takes it all away with no tracks', () => {
    const once = masterWithSubtitles(MASTER, [
      { language: 'es', name: 'Español', uri: 'a/playlist.m3u8', isDefault: false },
    ]);
    const twice = masterWithSubtitles(once, [
      { language: 'ar', name: 'العربية', uri: 'b/playlist.m3u8', isDefault: false },
    ]);
    expect(twice.match(/TYPE=SUBTITLES/g)).toHaveLength(1);
    expect(twice).toContain('LANGUAGE="ar"');
    expect(twice.match(/SUBTITLES="subs"/g)).toHaveLength(2);
    expect(masterWithSubtitles(twice, [])).toBe(MASTER);
  });
});
