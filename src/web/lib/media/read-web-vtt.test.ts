import { describe, expect, it } from 'vitest';
import { readWebVtt } from './read-web-vtt.ts';

describe('readWebVtt', () => {
  it('reads the cues of a file the server wrote, line breaks kept and no trailing newline', () => {
    const file =
      'WEBVTT\n\n00:00:01.000 --> 00:00:40.000\nBonjour <b>le monde</b>\nsur deux lignes\n\n01:00:00.500 --> 01:00:02.000 align:start\nفي الليل\n';
    expect(readWebVtt(file)).toEqual([
      { start: 1, end: 40, text: 'Bonjour <b>le monde</b>\nsur deux lignes' },
      { start: 3600.5, end: 3602, text: 'في الليل' },
    ]);
  });
});
