import { sanitizeCueText } from './cue-text.ts';

/** One cue, whatever file it came from: times in seconds, text already sanitised WebVTT cue text. */
export interface Cue {
  start: number;
  end: number;
  text: string;
  /** WebVTT cue settings we keep (align, line, position, size, vertical). */
  settings?: string;
}

export type SubtitleFormat = 'vtt' | 'srt';

/** A file we cannot read; the message names the line, for operators ("line 14: 00:01:70,000 is not a valid time"). */
export class SubtitleFileError extends Error {
  constructor(
    readonly line: number,
    detail: string,
  ) {
    super(line > 0 ? `line ${line}: ${detail}` : detail);
    this.name = 'SubtitleFileError';
  }
}

/** The most cues one file may hold (a feature film has ~2,000; an episode of a minute or two, a few dozen). */
export const MAX_CUES = 20_000;

const TIME = /^(?:(\d{1,3}):)?(\d{2}):(\d{2})[.,](\d{3})$/;
const ARROW = /\s-->\s|^-->|\s-->$/;
const KEPT_SETTING =
  /^(?:align:(?:start|center|end|left|right|middle)|line:-?\d+(?:\.\d+)?%?(?:,(?:start|center|end))?|position:\d+(?:\.\d+)?%(?:,(?:line-left|center|line-right|start|middle|end))?|size:\d+(?:\.\d+)?%|vertical:(?:rl|lr))$/;

function parseTime(value: string, line: number): number {
  const match = TIME.exec(value);
  const [hours, minutes, seconds, millis] = match ? [match[1] ?? '0', match[2]!, match[3]!, match[4]!].map(Number) : [];
  if (!match || minutes! > 59 || seconds! > 59) throw new SubtitleFileError(line, `${value} is not a valid time`);
  return hours! * 3600 + minutes! * 60 + seconds! + millis! / 1000;
}

interface Block {
  /** 1-based number of its first line in the file. */
  line: number;
  lines: string[];
}

function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') {
      current = null;
      continue;
    }
    if (!current) {
      current = { line: i + 1, lines: [] };
      blocks.push(current);
    }
    current.lines.push(line);
  }
  return blocks;
}

function cueOf(block: Block, timingAt: number, format: SubtitleFormat): Cue | null {
  const timingLine = block.lines[timingAt]!;
  const lineNumber = block.line + timingAt;
  const [startText, rest] = timingLine.split('-->', 2).map((part) => part.trim());
  const [endText = '', ...settings] = (rest ?? '').split(/[ \t]+/);
  if (!startText) throw new SubtitleFileError(lineNumber, 'the cue has no start time');
  if (!endText) throw new SubtitleFileError(lineNumber, 'the cue has no end time');
  const start = parseTime(startText, lineNumber);
  const end = parseTime(endText, lineNumber);
  if (end <= start)
    throw new SubtitleFileError(lineNumber, `the cue ends (${endText}) before it starts (${startText})`);
  const text = sanitizeCueText(block.lines.slice(timingAt + 1).join('\n'));
  if (text === '') return null;
  const kept = format === 'vtt' ? settings.filter((setting) => KEPT_SETTING.test(setting)) : [];
  return kept.length > 0 ? { start, end, text, settings: kept.join(' ') } : { start, end, text };
}

/**
 * Reads an SRT or WebVTT file (UTF-8 with or without BOM, LF, CRLF or CR) into cues in time order. NOTE,
 * STYLE and REGION blocks are skipped (styling is the player's), empty cues dropped, overlapping cues kept.
 */
export function parseSubtitleFile(input: string, format?: SubtitleFormat): Cue[] {
  const text = input.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (text.includes('\0')) throw new SubtitleFileError(0, 'This is not a text file.');
  const kind = format ?? (text.startsWith('WEBVTT') ? 'vtt' : 'srt');
  const blocks = blocksOf(text);
  if (kind === 'vtt') {
    const header = blocks.shift();
    if (!header || !/^WEBVTT(?:[ \t].*)?$/.test(header.lines[0]!) || header.line !== 1)
      throw new SubtitleFileError(1, 'a WebVTT file starts with the line WEBVTT, alone or followed by a space');
    // A header followed directly by a cue (no blank line) is common enough to read.
    const timingInHeader = header.lines.findIndex((line) => ARROW.test(line));
    if (timingInHeader > 0)
      blocks.unshift({ line: header.line + timingInHeader, lines: header.lines.slice(timingInHeader) });
  }
  const cues: Cue[] = [];
  for (const block of blocks) {
    const first = block.lines[0]!;
    if (kind === 'vtt' && /^(?:NOTE|STYLE|REGION)(?:[ \t]|$)/.test(first)) continue;
    const timingAt = ARROW.test(first) || first.includes('-->') ? 0 : 1;
    if (block.lines[timingAt] === undefined || !block.lines[timingAt]!.includes('-->')) {
      const example = kind === 'vtt' ? '00:00:01.000 --> 00:00:02.000' : '00:00:01,000 --> 00:00:02,000';
      throw new SubtitleFileError(block.line + timingAt, `expected a time line like ${example}`);
    }
    const cue = cueOf(block, timingAt, kind);
    if (!cue) continue;
    cues.push(cue);
    if (cues.length > MAX_CUES) throw new SubtitleFileError(0, `A file may hold at most ${MAX_CUES} cues.`);
  }
  return cues.sort((a, b) => a.start - b.start || a.end - b.end);
}
