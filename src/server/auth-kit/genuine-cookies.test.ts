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

  it('keeps the browsers of the last moments: two generations of its limit, an older one found moves up', () => {
    const reader = countingReader();
    const cookies = rememberGenuine(reader.read, 2);
    cookies.read('good-a');
    cookies.read('good-b');
    cookies.read('good-c'); // the newer generation was full: a and b are now the older one, c the newer
    cookies.read('good-a'); // found in the older one, and moved up beside c
    expect(reader.calls).toEqual(['good-a', 'good-b', 'good-c']);
    cookies.read('good-d'); // c and a become the older generation; b is let go
    cookies.read('good-c');
    cookies.read('good-b');
    expect(reader.calls).toEqual(['good-a', 'good-b', 'good-c', 'good-d', 'good-b']);
  });

  it('forgets everything for a new key', () => {
    const reader = countingReader();
    const cookies = rememberGenuine(reader.read, 2);
    cookies.read('good-a');
    cookies.read('good-b');
    cookies.read('good-c');
    cookies.forget();
    cookies.read('good-a');
    cookies.read('good-c');
    expect(reader.calls).toEqual(['good-a', 'good-b', 'good-c', 'good-a', 'good-c']);
  });
});
