export interface WebVttCue {
  start: number;
  end: number;
  text: string;
}

const TIMING = /^(?:(\d+):)?(\d{2}):(\d{2})\.(\d{3})[ \t]+-->[ \t]+(?:(\d+):)?(\d{2}):(\d{2})\.(\d{3})/;

const seconds = (h = '0', m: string, s: string, ms: string) =>
  Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;

/**
 * The cues of a WebVTT file our server wrote (it parsed and sanitised the operator's file before): timing lines
 * and the text under them. Anything else (headers, notes) is skipped.
 */
export function readWebVtt(text: string): WebVttCue[] {
  const cues: WebVttCue[] = [];
  for (const block of text.replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    const lines = block.split('\n');
    const at = lines.findIndex((line) => TIMING.test(line));
    if (at === -1) continue;
    const m = TIMING.exec(lines[at]!)!;
    cues.push({
      start: seconds(m[1], m[2]!, m[3]!, m[4]!),
      end: seconds(m[5], m[6]!, m[7]!, m[8]!),
      text: lines
        .slice(at + 1)
        .join('\n')
        .replace(/\n+$/, ''),
    });
  }
  return cues;
}
