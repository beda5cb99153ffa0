import { describe, expect, it } from 'vitest';
import { rememberGenuine } from './genuine-cookies.ts';

/** A reader that counts its calls: "good-…" cookies are genuine, anything else is forged. */
function countingReader() {
  const calls: string[] = [];
  const read = (cookie: string) => {
    calls.push(cookie);
    return cookie.startsWith('good-') ? { id: cookie.slice(5) } : null;
  };
  return { calls, read };
}

describe('rememberGenuine', () => {
  it('checks a genuine cookie once and answers its pass after', () => {
    const reader = countingReader();
    const cookies = rememberGenuine(reader.read, 10);
    const first = cookies.read('good-a');
    expect(first).toEqual({ id: 'a' });
    expect(cookies.read('good-a')).toBe(first);
    expect(cookies.read('good-a')).toBe(first);
    expect(reader.calls).toEqual(['good-a']);
  });

  it('checks a forged cookie every time and never keeps it', () => {
    const reader = countingReader();
    const cookies = rememberGenuine(reader.read, 10);
    expect(cookies.read('forged')).toBeNull();
    expect(cookies.read('forged')).toBeNull();
    expect(reader.calls).toEqual(['forged', 'forged']);
  });

  it('answers null for no cookie without reading', () => {
    const reader = countingReader();
    const cookies = rememberGenuine(reader.read, 10);
    expect(cookies.read(undefined)).toBeNull();
    expect(cookies.read('')).toBeNull();
    expect(reader.calls).toEqual([]);
  });

  it('starts over past its limit, and forgets everything for a new key', () => {
    const reader = countingReader();
    const cookies = rememberGenuine(reader.read, 2);
    cookies.read('good-a');
    cookies.read('good-b');
    cookies.read('good-c'); // the third: the first two are dropped, the third kept
    cookies.read('good-a');
    cookies.read('good-c');
    expect(reader.calls).toEqual(['good-a', 'good-b', 'good-c', 'good-a']);
    cookies.forget();
    cookies.read('good-c');
    expect(reader.calls).toEqual(['good-a', 'good-b', 'good-c', 'good-a', 'good-c']);
  });
});
