import { describe, expect, it } from 'vitest';
import { acceptedLanguages } from './viewer-language.ts';

describe('Accept-Language', () => {
  it.each([
    ['es-ES,es;q=0.9,en;q=0.8', ['es-ES', 'es', 'en']],
    ['en;q=0.5, ar', ['ar', 'en']],
    ['fr;q=0, de', ['de']],
    ['*', []],
    ['', []],
  ])('%j → %j', (header, expected) => {
    expect(acceptedLanguages(header)).toEqual(expected);
  });
});
