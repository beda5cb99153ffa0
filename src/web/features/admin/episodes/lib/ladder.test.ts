import { describe, expect, it } from 'vitest';
import { ladderOf } from './ladder.ts';

const MASTER = 'https://app.example/media/series/3/episodes/11/7-11-a1b2c3/master.m3u8';

describe('ladderOf', () => {
  it('lists each rendition with its size, bandwidth and absolute media playlist, smallest first', () => {
    const playlist = [
      '#EXTM3U',
      '#EXT-X-VERSION:7',
      '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="Français",LANGUAGE="fr",URI="subs-fr-0a1b2c/index.m3u8"',
      '#EXT-X-STREAM-INF:BANDWIDTH=2780000,RESOLUTION=720x1280,CODECS="avc1.64001f,mp4a.40.2",SUBTITLES="subs"',
      '720p/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=950400,RESOLUTION=360x640,CODECS="avc1.64001e,mp4a.40.2",SUBTITLES="subs"',
      '',
      '360p/index.m3u8',
      '#EXT-X-STREAM-INF:BANDWIDTH=1645600,RESOLUTION=540x960',
      '/media/elsewhere/540p/index.m3u8',
    ].join('\r\n');
    expect(ladderOf(playlist, MASTER)).toEqual([
      {
        url: 'https://app.example/media/series/3/episodes/11/7-11-a1b2c3/360p/index.m3u8',
        width: 360,
        height: 640,
        bandwidth: 950400,
      },
      { url: 'https://app.example/media/elsewhere/540p/index.m3u8', width: 540, height: 960, bandwidth: 1645600 },
      {
        url: 'https://app.example/media/series/3/episodes/11/7-11-a1b2c3/720p/index.m3u8',
        width: 720,
        height: 1280,
        bandwidth: 2780000,
      },
    ]);
  });

  it('leaves out variants without a resolution or an address, and reads nothing from a media playlist', () => {
    const playlist =
      '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=64000\naudio/index.m3u8\n#EXT-X-STREAM-INF:RESOLUTION=360x640\n';
    expect(ladderOf(playlist, MASTER)).toEqual([]);
    expect(ladderOf('#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2,\nseg_00000.m4s\n', MASTER)).toEqual([]);
  });
});
