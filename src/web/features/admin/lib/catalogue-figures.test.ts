import { describe, expect, it } from 'vitest';
import type { Series } from '../../../../contract/series.ts';
import {
  acceptedMatchPercentage,
  carouselPositions,
  catalogueFigures,
  filterSeries,
  freeTrendingRanks,
  pageOf,
  trendingRanksAfterMove,
} from './catalogue-figures.ts';
import { initialMatchPercentage } from '../api/add-trending-item.ts';

const make = (id: number, over: Partial<Series> = {}): Series => ({
  id,
  title: `Series ${id}`,
  description: `About ${id}`,
  genre: 'Drama',
  tags: [],
  thumbnailUrl: `/media/${id}.jpg`,
  verticalThumbnailUrl: null,
  totalEpisodes: 10,
  rating: 80,
  likes: 100,
  isNew: false,
  isFree: false,
  episodeCost: 50,
  createdAt: '2025-01-01T00:00:00.000Z',
  ...over,
});

describe('admin catalogue figures', () => {
  it('counts series, sums likes, counts distinct genres and new series', () => {
    const list = [
      make(1, { likes: 1500, genre: 'Anime', isNew: true }),
      make(2, { likes: 20, genre: 'Anime' }),
      make(3, { likes: 7, genre: 'Horror', isNew: true }),
    ];
    expect(catalogueFigures(list)).toEqual({ totalSeries: 3, totalLikes: 1527, genres: 2, newSeries: 2 });
    expect(catalogueFigures([])).toEqual({ totalSeries: 0, totalLikes: 0, genres: 0, newSeries: 0 });
  });

  it('filters by title or description and by genre', () => {
    const list = [
      make(1, { title: 'Midnight Heist', genre: 'Thrillers' }),
      make(2, { description: 'A heist gone wrong', genre: 'Comedy' }),
      make(3),
    ];
    expect(filterSeries(list, '  HEIST ', '').map((s) => s.id)).toEqual([1, 2]);
    expect(filterSeries(list, 'heist', 'Comedy').map((s) => s.id)).toEqual([2]);
    expect(filterSeries(list, '', '').length).toBe(3);
  });

  it('pages a thousand series and clamps the page', () => {
    const list = Array.from({ length: 1000 }, (_, i) => i + 1);
    const last = pageOf(list, 40, 25);
    expect(last).toMatchObject({ page: 40, pages: 40, from: 976, to: 1000, total: 1000 });
    expect(pageOf(list, 99, 25).page).toBe(40);
    expect(pageOf([], 3, 25)).toMatchObject({ page: 1, pages: 1, from: 0, to: 0, items: [] });
  });

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
