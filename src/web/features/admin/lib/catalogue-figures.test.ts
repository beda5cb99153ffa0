import { describe, expect, it } from 'vitest';
import {
  acceptedMatchPercentage,
  carouselPositions,
  freeTrendingRanks,
  trendingRanksAfterMove,
} from './catalogue-figures.ts';
import { initialMatchPercentage } from '../api/add-trending-item.ts';

describe('admin catalogue figures', () => {
  it('moves carousel items by sending 1-based positions of the whole list', () => {
    expect(carouselPositions([{ id: 9 }, { id: 4 }, { id: 7 }])).toEqual([
      { id: 9, displayOrder: 1 },
      { id: 4, displayOrder: 2 },
      { id: 7, displayOrder: 3 },
    ]);
  });

  it('swaps the ranks of trending neighbours, keeping gaps', () => {
    const items = [
      { id: 10, rank: 1 },
      { id: 11, rank: 3 },
      { id: 12, rank: 6 },
    ];
    expect(trendingRanksAfterMove(items, 1, 1)).toEqual([
      { id: 10, rank: 1 },
      { id: 12, rank: 3 },
      { id: 11, rank: 6 },
    ]);
    expect(trendingRanksAfterMove(items, 0, -1)).toEqual(items);
    expect(freeTrendingRanks(items)).toEqual([2, 4, 5, 7]);
  });

  it('accepts a Match % only within 1-99', () => {
    expect(acceptedMatchPercentage('90', 1, 99)).toBe(90);
    expect(acceptedMatchPercentage('0', 1, 99)).toBeUndefined();
    expect(acceptedMatchPercentage('100', 1, 99)).toBeUndefined();
    expect(acceptedMatchPercentage('', 1, 99)).toBeUndefined();
    expect(acceptedMatchPercentage('12.5', 1, 99)).toBeUndefined();
  });

  it('draws the initial match between 85 and 99', () => {
    expect(initialMatchPercentage(() => 0)).toBe(85);
    expect(initialMatchPercentage(() => 0.9999)).toBe(99);
  });
});
