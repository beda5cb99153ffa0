import { describe, expect, it } from 'vitest';
import { cuePlainText, sanitizeCueText } from './cue-text.ts';
import { parseSubtitleFile, SubtitleFileError } from './subtitle-file.ts';

const SRT = `1
00:00:01,000 --> 00:00:02,500
Hello there.

2
00:00:03,000 --> 00:00:04,000
<i>Two</i>
lines
`;

function failureOf(text: string): SubtitleFileError {
  try {
    parseSubtitleFile(text);
  } catch (error) {
    if (error instanceof SubtitleFileError) return error;
    throw error;
  }
  throw new Error('the file was accepted');
}

describe('parseSubtitleFile', () => {
  it('reads SRT into cues, keeping line breaks', () => {
    expect(parseSubtitleFile(SRT)).toEqual([
      { start: 1, end: 2.5, text: 'Hello there.' },
      { start: 3, end: 4, text: '<i>Two</i>\nlines' },
    ]);
  });

  it('reads the same cues with a BOM, CRLF or CR line ends, and no final newline', () => {
    const expected = parseSubtitleFile(SRT);
    expect(parseSubtitleFile(`\uFEFF${SRT}`)).toEqual(expected);
    expect(parseSubtitleFile(SRT.replace(/\n/g, '\r\n'))).toEqual(expected);
    expect(parseSubtitleFile(SRT.replace(/\n/g, '\r'))).toEqual(expected);
    expect(parseSubtitleFile(SRT.trimEnd())).toEqual(expected);
  });

  it('reads WebVTT with identifiers, kept cue settings, and skips NOTE, STYLE and REGION blocks', () => {
    const vtt = `\uFEFFWEBVTT - an episode

STYLE
::cue { color: red }

REGION
id:fred width:40%

NOTE a note
over two lines

intro
00:01.000 --> 00:02.000 align:start line:10% region:fred bogus:1
<v Ana>Hola</v>

01:00:00.000 --> 01:00:01.500
Late`;
    expect(parseSubtitleFile(vtt)).toEqual([
      { start: 1, end: 2, text: '<v Ana>Hola</v>', settings: 'align:start line:10%' },
      { start: 3600, end: 3601.5, text: 'Late' },
    ]);
  });

  it('keeps overlapping cues, in time order', () => {
    const cues = parseSubtitleFile(`WEBVTT

00:00:05.000 --> 00:00:08.000
B

00:00:01.000 --> 00:00:06.000
A
`);
    expect(cues.map((cue) => [cue.start, cue.text])).toEqual([
      [1, 'A'],
      [5, 'B'],
    ]);
  });

  it('drops empty cues (no text, or only markup that sanitises away)', () => {
    const cues = parseSubtitleFile(`1
00:00:01,000 --> 00:00:02,000

2
00:00:02,000 --> 00:00:03,000
<font color="red"></font>

3
00:00:03,000 --> 00:00:04,000
kept`);
    expect(cues.map((cue) => cue.text)).toEqual(['kept']);
  });

  it('names the line of a bad time', () => {
    const error = failureOf(`1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:01:70,000 --> 00:01:71,000\nbad\n`);
    expect(error.message).toBe('line 6: 00:01:70,000 is not a valid time');
    expect(failureOf('1\n00:00:05,000 --> 00:00:04,000\nbackwards').message).toBe(
      'line 2: the cue ends (00:00:04,000) before it starts (00:00:05,000)',
    );
    expect(failureOf('1\nno time here\ntext').message).toMatch(/^line 2: expected a time line like/);
    expect(failureOf('WEBVTT\n\n00:01.000 --> 1:2\nx').message).toBe('line 3: 1:2 is not a valid time');
    expect(failureOf('WEBVTTX\n\n00:01.000 --> 00:02.000\nx').message).toBe(
      'line 1: a WebVTT file starts with the line WEBVTT, alone or followed by a space',
    );
  });

  it('refuses a binary file', () => {
    expect(failureOf('\u0000\u0001PNG').message).toBe('This is not a text file.');
  });

  it('reads a huge file quickly and refuses one past the cue limit', () => {
    const block = (i: number) => `${i}\n${stamp(i)} --> ${stamp(i + 0.5)}\nCue number ${i}\n`;
    const big = Array.from({ length: 19_000 }, (_, i) => block(i)).join('\n');
    const startedAt = performance.now();
    const cues = parseSubtitleFile(big);
    expect(cues).toHaveLength(19_000);
    expect(cues[18_999]!.text).toBe('Cue number 18999');
    expect(performance.now() - startedAt).toBeLessThan(2000);
    const tooMany = Array.from({ length: 20_001 }, (_, i) => block(i)).join('\n');
    expect(failureOf(tooMany).message).toBe('A file may hold at most 20000 cues.');
  });
});

function stamp(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  const ms = Math.round((seconds % 1) * 1000);
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')},${String(ms).padStart(3, '0')}`;
}

describe('sanitizeCueText', () => {
  it("keeps WebVTT's own tags with classes and annotations", () => {
    expect(sanitizeCueText('<b>b</b> <i>i</i> <u>u</u> <c.yellow.big>c</c> <v.loud Ana Maria>v</v>')).toBe(
      '<b>b</b> <i>i</i> <u>u</u> <c.yellow.big>c</c> <v.loud Ana Maria>v</v>',
    );
    expect(sanitizeCueText('<lang ja><ruby>漢<rt>かん</rt></ruby></lang>')).toBe(
      '<lang ja><ruby>漢<rt>かん</rt></ruby></lang>',
    );
  });

  it('drops HTML, scripts, event handlers and ASS overrides, keeping the words', () => {
    expect(sanitizeCueText('<script>alert(1)</script>Hi')).toBe('Hi');
    expect(sanitizeCueText('<img src=x onerror=alert(1)>Hi')).toBe('Hi');
    expect(sanitizeCueText('<font color="#ff0">yellow</font> {\\an8}top')).toBe('yellow top');
    expect(sanitizeCueText('<b onclick="x()">bold</b>')).toBe('<b>bold</b>');
    expect(sanitizeCueText('<a href="javascript:x">link</a>')).toBe('link');
  });

  it('escapes stray markup characters and keeps character references', () => {
    expect(sanitizeCueText('1 < 2 & 3 > 2 &amp; &nbsp;ok &#233; &bogus;')).toBe(
      '1 &lt; 2 &amp; 3 &gt; 2 &amp; &nbsp;ok &#233; &amp;bogus;',
    );
    expect(sanitizeCueText('a --> b')).toBe('a --&gt; b');
  });

  it('balances tags: unclosed ones close, stray closers go', () => {
    expect(sanitizeCueText('<b><i>both')).toBe('<b><i>both</i></b>');
    expect(sanitizeCueText('</i>plain</b>')).toBe('plain');
    expect(sanitizeCueText('<b>x<i>y</b>z')).toBe('<b>x<i>y</i></b>z');
  });

  it('refuses a language annotation that is not a language tag', () => {
    expect(sanitizeCueText('<lang "x"><i>y</i></lang>')).toBe('<i>y</i>');
    expect(sanitizeCueText('<script>never closed')).toBe('');
  });

  it('gives the plain words back', () => {
    expect(cuePlainText(sanitizeCueText('<v Ana>Tom &amp; <b>Jerry</b></v>'))).toBe('Tom & Jerry');
  });
});
