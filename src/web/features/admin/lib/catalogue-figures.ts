import { TRENDING_RANK_MAX, TRENDING_RANK_MIN } from '#contract/constants.ts';

/** The list with the item at `index` and its neighbour swapped; the same list when the move is off the end. */
export function swapNeighbours<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const other = index + delta;
  const next = [...list];
  if (index < 0 || other < 0 || index >= list.length || other >= list.length) return next;
  [next[index], next[other]] = [next[other]!, next[index]!];
  return next;
}

/** Carousel reorder payload: the whole list with 1-based positions. */
export function carouselPositions<T extends { id: number }>(itemsInOrder: readonly T[]) {
  return itemsInOrder.map((item, i) => ({ id: item.id, displayOrder: i + 1 }));
}

/** Trending reorder payload: the neighbours swap ranks, every other item keeps its own. */
export function trendingRanksAfterMove<T extends { id: number; rank: number }>(
  itemsByRank: readonly T[],
  index: number,
  delta: -1 | 1,
) {
  const ranks = itemsByRank.map((item) => item.rank);
  return swapNeighbours(itemsByRank, index, delta).map((item, i) => ({ id: item.id, rank: ranks[i]! }));
}

/** Ranks 1-7 not used by any trending item. */
export function freeTrendingRanks(items: readonly { rank: number }[]): number[] {
  const taken = new Set(items.map((item) => item.rank));
  const free: number[] = [];
  for (let rank = TRENDING_RANK_MIN; rank <= TRENDING_RANK_MAX; rank++) if (!taken.has(rank)) free.push(rank);
  return free;
}

/** A typed Match % counts only when it is a whole number within 1-99; anything else is ignored. */
export function acceptedMatchPercentage(typed: string, min: number, max: number): number | undefined {
  if (!/^\s*\d+\s*$/.test(typed)) return undefined;
  const value = Number(typed);
  return value >= min && value <= max ? value : undefined;
}
