import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.ts';

function terminal(isTTY: boolean) {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream: Object.assign(stream, { isTTY }) as unknown as NodeJS.WriteStream, text: () => text };
}

describe('createLogger', () => {
  it('writes one JSON object a line when stdout is not a terminal', () => {
    const out = terminal(false);
    createLogger('info', out.stream).info('demo media ready');
    const line = JSON.parse(out.text().trim()) as { level: number; msg: string };
    expect(line).toMatchObject({ level: 30, msg: 'demo media ready' });
  });

  it('writes a readable line with time and level in a terminal, and no JSON', () => {
    const out = terminal(true);
    createLogger('info', out.stream).warn('no usable ffmpeg');
    const text = out.text();
    expect(text).toMatch(/^\S*\[\d\d:\d\d:\d\d\]\S* \S*WARN\S*: \S*no usable ffmpeg/);
    expect(text.trim().startsWith('{')).toBe(false);
  });
});
