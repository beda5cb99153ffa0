import type { Genre, Series, SeriesListName, SeriesListQuery, SeriesPage } from '#contract/index.ts';
import { decodeCursor, encodeCursor } from '../catalogue/catalogue.service.ts';

/** A position in a list: numbers compared in turn, the list running from the largest down. The id comes last. */
type SortKey = number[];

interface Order {
  keyOf: (s: Series) => SortKey;
  keySize: number;
  includes: (s: Series) => boolean;
}

const newestFirst = (s: Series): SortKey => [Date.parse(s.createdAt), s.id];

// The same orders as the whole-catalogue lists (catalogue.repository.ts), with the id breaking ties.
const ORDERS: Record<SeriesListName, Order> = {
  all: { keyOf: newestFirst, keySize: 2, includes: () => true },
  new: { keyOf: newestFirst, keySize: 2, includes: (s) => s.isNew },
  popular: { keyOf: (s) => [s.likes, s.rating, s.id], keySize: 3, includes: () => true },
};

interface SortedList {
  series: Series[];
  keys: SortKey[];
}

/** Negative when `a` comes first (is larger), positive when `b` does. */
function compare(a: SortKey, b: SortKey): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return b[i]! - a[i]!;
  return 0;
}

/** The index of the first entry that comes after `key`. */
function firstAfter(keys: SortKey[], key: SortKey): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(keys[middle]!, key) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The viewer lists of one catalogue version, sorted once per list and genre on first use, and paged by the sort
 * key of the last series shown: a series added or deleted between two pages moves no other series.
 */
export function createSeriesPages(all: readonly Series[]) {
  const sorted = new Map<string, SortedList>();

  function sortedList(list: SeriesListName, genre: Genre | undefined): SortedList {
    const name = `${list}|${genre ?? ''}`;
    let found = sorted.get(name);
    if (!found) {
      const order = ORDERS[list];
      const keyed = all
        .filter((s) => order.includes(s) && (!genre || s.genre === genre))
        .map((s) => ({ s, key: order.keyOf(s) }))
        .sort((a, b) => compare(a.key, b.key));
      found = { series: keyed.map((k) => k.s), keys: keyed.map((k) => k.key) };
      sorted.set(name, found);
    }
    return found;
  }

  return {
    page(list: SeriesListName, query: SeriesListQuery): SeriesPage {
      const { series, keys } = sortedList(list, query.genre);
      const after = query.cursor ? readCursor(list, query.cursor) : undefined;
      const start = after ? firstAfter(keys, after) : 0;
      const end = Math.min(start + query.limit, series.length);
      return {
        items: series.slice(start, end),
        nextCursor: end < series.length ? encodeCursor({ list, after: keys[end - 1] }) : null,
        total: series.length,
      };
    },
  };
}

/** A cursor of this list (not another list's, whose order differs). */
function readCursor(list: SeriesListName, cursor: string): SortKey {
  return decodeCursor(cursor, (value) =>
    value.list === list &&
    Array.isArray(value.after) &&
    value.after.length === ORDERS[list].keySize &&
    value.after.every((part) => Number.isFinite(part))
      ? (value.after as number[])
      : undefined,
  );
}
