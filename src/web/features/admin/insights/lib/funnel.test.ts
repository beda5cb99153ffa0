import { describe, expect, it } from 'vitest';
import { dropOffs, lastDays, worstDropOffs } from './funnel.ts';
import { toCsv } from './csv.ts';

const row = (episodeNumber: number, viewers: number) => ({
  episodeNumber,
  viewers,
  completions: 0,
  completionRate: 0,
  paywallShown: 0,
  unlocks: 0,
  coinsSpent: 0,
});

describe('funnel', () => {
  it('counts the viewers lost between episodes, never a gain', () => {
    expect(dropOffs([row(1, 100), row(2, 60), row(3, 70), row(4, 10)])).toEqual([
      { from: 1, to: 2, lost: 40, share: 0.4 },
      { from: 2, to: 3, lost: 0, share: 0 },
      { from: 3, to: 4, lost: 60, share: 60 / 70 },
    ]);
  });

  it('ranks the worst steps first and leaves out steps losing none', () => {
    const worst = worstDropOffs([row(1, 100), row(2, 60), row(3, 70), row(4, 10)], 5);
    expect(worst.map((d) => d.from)).toEqual([3, 1]);
  });

  it('takes the last N UTC days, today included', () => {
    expect(lastDays(7, new Date('2026-11-24T23:00:00Z'))).toEqual({ from: '2026-11-18', to: '2026-11-24' });
  });
});

describe('csv', () => {
  it('quotes commas, quotes and line breaks, and defuses formulas', () => {
    const csv = toCsv(
      [
        { label: 'Title', value: (r: { t: string; n: number }) => r.t },
        { label: 'Plays', value: (r: { t: string; n: number }) => r.n },
      ],
      [
        { t: 'Love, "again"', n: 3 },
        { t: '=HYPERLINK("x")', n: -1 },
      ],
    );
    expect(csv).toBe('Title,Plays\r\n"Love, ""again""",3\r\n"\'=HYPERLINK(""x"")",-1\r\n');
  });
});
