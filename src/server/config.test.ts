import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('PUBLIC_URL, the public origin of the app', () => {
  it.each([
    ['https://cliffhanger.example', 'https://cliffhanger.example'],
    ['https://Cliffhanger.Example/', 'https://cliffhanger.example'],
    ['http://10.0.0.5:5000', 'http://10.0.0.5:5000'],
    ['https://cliffhanger.example:443', 'https://cliffhanger.example'],
    ['  ', undefined],
  ])('%j is the origin %j', (value, origin) => {
    expect(loadConfig({ PUBLIC_URL: value }).publicOrigin).toBe(origin);
  });

  it('is unset by default', () => {
    expect(loadConfig({}).publicOrigin).toBeUndefined();
  });

  it.each([
    'cliffhanger.example',
    'ftp://cliffhanger.example',
    'https://cliffhanger.example/app',
    'https://cliffhanger.example/?',
    'https://cliffhanger.example#top',
    'https://operator:secret@cliffhanger.example',
    'javascript:alert(1)',
  ])('refuses %j, naming the variable', (value) => {
    expect(() => loadConfig({ PUBLIC_URL: value })).toThrow(/PUBLIC_URL: use the http\(s\) origin/);
  });
});
