import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { carouselItems, series, trendingItems } from '../../db/schema.ts';

const curatedSeriesColumns = {
  id: series.id,
  title: series.title,
  description: series.description,
  genre: series.genre,
  tags: series.tags,
  likes: series.likes,
  thumbnailUrl: series.thumbnailUrl,
  verticalThumbnailUrl: series.verticalThumbnailUrl,
};

// Keys of the transaction-level advisory locks that serialise changes to each list.
const CURATION_LOCK_CLASS = 0x4368; // "Ch"
const CAROUSEL_LOCK = 1;
const TRENDING_LOCK = 2;

/** Held until the transaction ends, so concurrent adds see each other's rows. */
export async function lockCarousel(tx: Executor) {
  await tx.execute(sql`select pg_advisory_xact_lock(${CURATION_LOCK_CLASS}, ${CAROUSEL_LOCK})`);
}

export async function lockTrending(tx: Executor) {
  await tx.execute(sql`select pg_advisory_xact_lock(${CURATION_LOCK_CLASS}, ${TRENDING_LOCK})`);
}

export async function seriesExists(db: Executor, seriesId: number): Promise<boolean> {
  const rows = await db.select({ id: series.id }).from(series).where(eq(series.id, seriesId)).limit(1);
  return rows.length > 0;
}

// Carousel

export function carouselItemsInOrder(db: Executor, ids?: number[]) {
  return db
    .select({
      id: carouselItems.id,
      seriesId: carouselItems.seriesId,
      displayOrder: carouselItems.displayOrder,
      isActive: carouselItems.isActive,
      series: curatedSeriesColumns,
    })
    .from(carouselItems)
    .innerJoin(series, eq(series.id, carouselItems.seriesId))
    .where(ids ? inArray(carouselItems.id, ids) : undefined)
    .orderBy(asc(carouselItems.displayOrder), asc(carouselItems.id));
}
export type CarouselItemRow = Awaited<ReturnType<typeof carouselItemsInOrder>>[number];

export async function carouselItemCount(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(carouselItems);
  return row!.n;
}

export async function isSeriesInCarousel(db: Executor, seriesId: number): Promise<boolean> {
  const rows = await db
    .select({ id: carouselItems.id })
    .from(carouselItems)
    .where(eq(carouselItems.seriesId, seriesId))
    .limit(1);
  return rows.length > 0;
}

export async function insertCarouselItem(
  db: Executor,
  values: { seriesId: number; displayOrder: number; isActive: boolean },
): Promise<number> {
  const [row] = await db.insert(carouselItems).values(values).returning({ id: carouselItems.id });
  return row!.id;
}

export async function deleteCarouselItem(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(carouselItems).where(eq(carouselItems.id, id)).returning({ id: carouselItems.id });
  return rows.length > 0;
}

export async function existingCarouselItemIds(db: Executor, ids: number[]): Promise<Set<number>> {
  const rows = await db.select({ id: carouselItems.id }).from(carouselItems).where(inArray(carouselItems.id, ids));
  return new Set(rows.map((row) => row.id));
}

export async function setCarouselItemOrder(db: Executor, id: number, displayOrder: number) {
  await db.update(carouselItems).set({ displayOrder }).where(eq(carouselItems.id, id));
}

// Trending

export function trendingItemsInRankOrder(db: Executor, filter: { activeOnly?: boolean; ids?: number[] } = {}) {
  return db
    .select({
      id: trendingItems.id,
      seriesId: trendingItems.seriesId,
      rank: trendingItems.rank,
      matchPercentage: trendingItems.matchPercentage,
      isActive: trendingItems.isActive,
      series: curatedSeriesColumns,
    })
    .from(trendingItems)
    .innerJoin(series, eq(series.id, trendingItems.seriesId))
    .where(
      and(
        filter.activeOnly ? eq(trendingItems.isActive, true) : undefined,
        filter.ids ? inArray(trendingItems.id, filter.ids) : undefined,
      ),
    )
    .orderBy(asc(trendingItems.rank), asc(trendingItems.id));
}
export type TrendingItemRow = Awaited<ReturnType<typeof trendingItemsInRankOrder>>[number];

export async function activeTrendingRanks(db: Executor): Promise<number[]> {
  const rows = await db
    .select({ rank: trendingItems.rank })
    .from(trendingItems)
    .where(eq(trendingItems.isActive, true));
  return rows.map((row) => row.rank);
}

export async function isSeriesTrending(db: Executor, seriesId: number): Promise<boolean> {
  const rows = await db
    .select({ id: trendingItems.id })
    .from(trendingItems)
    .where(eq(trendingItems.seriesId, seriesId))
    .limit(1);
  return rows.length > 0;
}

export async function insertTrendingItem(
  db: Executor,
  values: { seriesId: number; rank: number; matchPercentage: number; isActive: boolean },
): Promise<number> {
  const [row] = await db.insert(trendingItems).values(values).returning({ id: trendingItems.id });
  return row!.id;
}

export async function setTrendingMatch(db: Executor, id: number, matchPercentage: number): Promise<boolean> {
  const rows = await db
    .update(trendingItems)
    .set({ matchPercentage })
    .where(eq(trendingItems.id, id))
    .returning({ id: trendingItems.id });
  return rows.length > 0;
}

export async function deleteTrendingItem(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(trendingItems).where(eq(trendingItems.id, id)).returning({ id: trendingItems.id });
  return rows.length > 0;
}

export async function existingTrendingItemIds(db: Executor, ids: number[]): Promise<Set<number>> {
  const rows = await db.select({ id: trendingItems.id }).from(trendingItems).where(inArray(trendingItems.id, ids));
  return new Set(rows.map((row) => row.id));
}

export async function setTrendingRank(db: Executor, id: number, rank: number) {
  await db.update(trendingItems).set({ rank }).where(eq(trendingItems.id, id));
}

export async function insertCarouselItems(
  db: Executor,
  items: { seriesId: number; displayOrder: number; isActive: boolean }[],
) {
  if (items.length > 0) await db.insert(carouselItems).values(items);
}

export async function insertTrendingItems(
  db: Executor,
  items: { seriesId: number; rank: number; matchPercentage: number; isActive: boolean }[],
) {
  if (items.length > 0) await db.insert(trendingItems).values(items);
}
