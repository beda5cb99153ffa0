import type { CatalogueFigures, Genre } from '../../../contract/index.ts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import type { ArtworkImporter, OwnOrigin } from '../../media/artwork-import.ts';
import * as repo from './catalogue.repository.ts';
import { toSeries } from './series-row.ts';
import { withOwnArtwork } from './series-artwork.ts';

export { searchSeries } from './series-search.service.ts';
export { decodeCursor, encodeCursor } from './series-cursor.ts';

export interface NewSeries {
  title: string;
  description: string;
  genre: Genre;
  thumbnailUrl: string;
  verticalThumbnailUrl: string | null;
  totalEpisodes: number;
  rating: number;
  isNew: boolean;
  isFree: boolean;
  episodeCost: number;
  tags: string[];
}
export type SeriesUpdate = Partial<NewSeries>;

const seriesNotFound = () => notFound('Series not found.');

export async function listSeries(db: Database) {
  return (await repo.allSeriesNewestFirst(db)).map(toSeries);
}

export async function listNewSeries(db: Database) {
  return (await repo.newSeriesNewestFirst(db)).map(toSeries);
}

export async function listPopularSeries(db: Database) {
  return (await repo.seriesByPopularity(db)).map(toSeries);
}

export async function listTrendingSeries(db: Database) {
  return (await repo.trendingSeriesInRankOrder(db)).map(toSeries);
}

export async function getSeries(db: Database, id: number) {
  const row = await repo.findSeries(db, id);
  if (!row) throw seriesNotFound();
  return toSeries(row);
}

export async function createSeries(db: Database, artwork: ArtworkImporter, values: NewSeries, ours: OwnOrigin) {
  return toSeries(await repo.insertSeries(db, await withOwnArtwork(artwork, values, ours)));
}

/** Only the listed fields change; likes is not one of them (it moves only through viewers' likes). */
export async function editSeries(
  db: Database,
  artwork: ArtworkImporter,
  id: number,
  update: SeriesUpdate,
  ours: OwnOrigin,
) {
  // An unknown series is a 404 before any picture is fetched for it.
  if (!(await repo.findSeries(db, id))) throw seriesNotFound();
  const changes = await withOwnArtwork(artwork, update, ours);
  const writable: repo.SeriesChanges = {};
  for (const key of Object.keys(changes) as (keyof SeriesUpdate)[]) {
    if (changes[key] !== undefined) Object.assign(writable, { [key]: changes[key] });
  }
  const row = Object.keys(writable).length ? await repo.updateSeries(db, id, writable) : await repo.findSeries(db, id);
  if (!row) throw seriesNotFound();
  return toSeries(row);
}

export async function removeSeries(db: Database, id: number) {
  if (!(await repo.deleteSeries(db, id))) throw seriesNotFound();
}

export async function getCatalogueFigures(db: Database): Promise<CatalogueFigures> {
  const row = await repo.catalogueFigures(db);
  // A sum of likes is a bigint in PostgreSQL, so it arrives as text.
  return { ...row, totalLikes: Number(row.totalLikes) };
}
