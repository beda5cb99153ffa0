import { describe, expect, it } from 'vitest';
import { withSeries } from './series-ids.ts';

describe('withSeries', () => {
  it('adds a series once, however often it is added', () => {
    expect(withSeries([1, 2], 3, true)).toEqual([1, 2, 3]);
    expect(withSeries([1, 2, 3], 3, true)).toEqual([1, 2, 3]);
    expect(withSeries(undefined, 4, true)).toEqual([4]);
  });

  it('takes a series out and leaves the others in order', () => {
    expect(withSeries([3, 1, 2], 1, false)).toEqual([3, 2]);
    expect(withSeries([3, 2], 1, false)).toEqual([3, 2]);
    expect(withSeries(undefined, 1, false)).toEqual([]);
  });
});
