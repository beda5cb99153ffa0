import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hmacSha256, randomToken } from './signatures.ts';

describe('hmacSha256', () => {
  it('gives the bytes createHmac gives, for any key (short, a block long, longer) and content', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 500 }), (key, content) => {
        expect(hmacSha256(key, content)).toBe(createHmac('sha256', key).update(content).digest('base64url'));
      }),
      { numRuns: 500 },
    );
    for (const key of ['', 'k'.repeat(63), 'k'.repeat(64), 'k'.repeat(65), 'ключ'.repeat(40)]) {
      expect(hmacSha256(key, 'w1.v.1')).toBe(createHmac('sha256', key).update('w1.v.1').digest('base64url'));
    }
  });

  it('matches RFC 4231 test case 2', () => {
    const signature = Buffer.from(hmacSha256('Jefe', 'what do ya want for nothing?'), 'base64url').toString('hex');
    expect(signature).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  });
});

describe('randomToken', () => {
  it('gives tokens of the asked length, never the same, across pool refills', () => {
    const tokens = Array.from({ length: 2000 }, () => randomToken(20));
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const token of tokens) expect(Buffer.from(token, 'base64url')).toHaveLength(20);
    expect(Buffer.from(randomToken(5000), 'base64url')).toHaveLength(5000);
  });
});
