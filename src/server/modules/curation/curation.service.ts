import { randomInt } from 'node:crypto';
import {
  INITIAL_MATCH_MAX,
  INITIAL_MATCH_MIN,
  TRENDING_MAX_ITEMS,
  type CarouselItem,
  type Genre,
  type TrendingItem,
} from '#contract/index.ts';
import type { Database, Executor } from '../../db/client.ts';
import { conflict, databaseError, DomainError, invalid, notFound } from '../../errors.ts';
import * as repo from './curation.repository.ts';

const seriesNotFound = () => notFound('Series not found.');
const carouselItemNotFound = () => notFound('Carousel item not found.');
const trendingItemNotFound = () => notFound('Trending item not found.');

function toCarouselItem(row: repo.CarouselItemRow): CarouselItem {
  return { ...row, series: { ...row.series, genre: row.series.genre as Genre } };
}

function toTrendingItem(row: repo.TrendingItemRow): TrendingItem {
  return { ...row, series: { ...row.series, genre: row.series.genre as Genre } };
}

/**
 * The locks make these rare (a series deleted mid-add, a reorder colliding with an item it did not list),
 * but a constraint the database enforces must still answer a readable 4xx, never a 500.
 */
async function withConstraintMessages<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    const db = databaseError(error);
    switch (db?.code) {
      case '23505':
        if (db.constraint === 'carousel_items_series_unique') throw conflict('This series is already in the carousel.');
        if (db.constraint === 'trending_items_series_unique') throw conflict('This series is already trending.');
        throw conflict('This change conflicts with an existing item.');
      case '23P01':
        throw conflict('Two active trending items cannot share a rank.', 'rank');
      case '23514':
        throw invalid('A value is out of the allowed range.');
      case '23503':
        throw seriesNotFound();
      default:
        throw error;
    }
  }
}

function refuseDuplicates(values: number[], message: string, field: string) {
  if (new Set(values).size !== values.length) throw invalid(message, field);
}

// Carousel

export async function listCarousel(db: Database) {
  return (await repo.carouselItemsInOrder(db)).map(toCarouselItem);
}

/** A new carousel item goes last, at (item count + 1), whatever order the client asked for. */
export async function addToCarousel(db: Database, input: { seriesId: number; isActive: boolean }) {
  const id = await withConstraintMessages(() =>
    db.transaction(async (tx) => {
      await repo.lockCarousel(tx);
      if (!(await repo.seriesExists(tx, input.seriesId))) throw seriesNotFound();
      if (await repo.isSeriesInCarousel(tx, input.seriesId)) throw conflict('This series is already in the carousel.');
      const displayOrder = (await repo.carouselItemCount(tx)) + 1;
      return repo.insertCarouselItem(tx, { seriesId: input.seriesId, displayOrder, isActive: input.isActive });
    }),
  );
  const [row] = await repo.carouselItemsInOrder(db, [id]);
  if (!row) throw carouselItemNotFound();
  return toCarouselItem(row);
}

export async function removeFromCarousel(db: Database, id: number) {
  if (!(await repo.deleteCarouselItem(db, id))) throw carouselItemNotFound();
}

/** The whole list in one transaction: an unknown id changes nothing. */
export async function reorderCarousel(db: Database, items: { id: number; displayOrder: number }[]) {
  refuseDuplicates(
    items.map((item) => item.id),
    'Each carousel item may appear only once.',
    'items',
  );
  await withConstraintMessages(() =>
    db.transaction(async (tx) => {
      await repo.lockCarousel(tx);
      const existing = await repo.existingCarouselItemIds(
        tx,
        items.map((item) => item.id),
      );
      const missing = items.find((item) => !existing.has(item.id));
      if (missing) throw notFound(`Carousel item ${missing.id} not found.`);
      for (const item of items) await repo.setCarouselItemOrder(tx, item.id, item.displayOrder);
    }),
  );
  return listCarousel(db);
}

// Trending

export async function listTrending(db: Database) {
  return (await repo.trendingItemsInRankOrder(db, { activeOnly: true })).map(toTrendingItem);
}

export async function addToTrending(
  db: Database,
  input: { seriesId: number; rank: number; matchPercentage?: number; isActive: boolean },
) {
  const id = await withConstraintMessages(() =>
    db.transaction(async (tx) => {
      // Serialises adds: two requests for the same free rank, or for the 7th place, cannot both pass the checks.
      await repo.lockTrending(tx);
      if (!(await repo.seriesExists(tx, input.seriesId))) throw seriesNotFound();
      if (await repo.isSeriesTrending(tx, input.seriesId)) throw conflict('This series is already trending.');
      if (input.isActive) {
        const ranks = await repo.activeTrendingRanks(tx);
        if (ranks.length >= TRENDING_MAX_ITEMS) throw conflict(`Trending is full: at most ${TRENDING_MAX_ITEMS} items`);
        if (ranks.includes(input.rank)) throw conflict(`Rank ${input.rank} is already taken.`, 'rank');
      }
      return repo.insertTrendingItem(tx, {
        seriesId: input.seriesId,
        rank: input.rank,
        matchPercentage: input.matchPercentage ?? randomInt(INITIAL_MATCH_MIN, INITIAL_MATCH_MAX + 1),
        isActive: input.isActive,
      });
    }),
  );
  return trendingItem(db, id);
}

async function trendingItem(db: Database, id: number) {
  const [row] = await repo.trendingItemsInRankOrder(db, { ids: [id] });
  if (!row) throw trendingItemNotFound();
  return toTrendingItem(row);
}

export async function setTrendingMatch(db: Database, id: number, matchPercentage: number) {
  if (!(await repo.setTrendingMatch(db, id, matchPercentage))) throw trendingItemNotFound();
  return trendingItem(db, id);
}

export async function removeFromTrending(db: Database, id: number) {
  if (!(await repo.deleteTrendingItem(db, id))) throw trendingItemNotFound();
}

/** The whole list in one transaction; the rank constraint is checked at commit, so swaps work. */
export async function reorderTrending(db: Database, items: { id: number; rank: number }[]) {
  refuseDuplicates(
    items.map((item) => item.id),
    'Each trending item may appear only once.',
    'items',
  );
  refuseDuplicates(
    items.map((item) => item.rank),
    'Each rank may be used only once.',
    'items',
  );
  await withConstraintMessages(() =>
    db.transaction(async (tx) => {
      await repo.lockTrending(tx);
      const existing = await repo.existingTrendingItemIds(
        tx,
        items.map((item) => item.id),
      );
      const missing = items.find((item) => !existing.has(item.id));
      if (missing) throw notFound(`Trending item ${missing.id} not found.`);
      for (const item of items) await repo.setTrendingRank(tx, item.id, item.rank);
    }),
  );
  return listTrending(db);
}

// Curation brought in whole from a catalogue made elsewhere (the demo's), inside the caller's transaction.

export function importCarousel(db: Executor, items: { seriesId: number; displayOrder: number; isActive: boolean }[]) {
  return repo.insertCarouselItems(db, items);
}

export function importTrending(
  db: Executor,
  items: { seriesId: number; rank: number; matchPercentage: number; isActive: boolean }[],
) {
  return repo.insertTrendingItems(db, items);
}
