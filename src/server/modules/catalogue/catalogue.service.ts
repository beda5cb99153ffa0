import type { CatalogueFigures, Genre } from '#contract/index.ts';
import type { Database, Executor } from '../../db/client.ts';
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

export function hasAnySeries(db: Executor): Promise<boolean> {
  return repo.hasAnySeries(db);
}

/** A series brought in whole from a catalogue made elsewhere (the demo's): with its likes and age, its artwork as given. */
export interface ImportedSeries extends NewSeries {
  likes: number;
  createdAt: Date;
}

/** Adds the series in the given order, inside the caller's transaction; answers each one's id and title. */
export function importSeries(db: Executor, list: ImportedSeries[]): Promise<{ id: number; title: string }[]> {
  return repo.insertSeriesList(db, list);
}

/**
 * Fills the catalogue up to `upTo` series with generated ones for scale tests and benchmarks, older than any
 * series an operator creates (so a test's own series stay first in the newest lists), with titles made of
 * `titleWords`. Their episodes are added by the episodes module (`addGeneratedEpisodes`).
 */
export function addGeneratedSeries(
  db: Executor,
  generated: { upTo: number; episodesEach: number; titleWords: string[] },
): Promise<void> {
  return repo.insertGeneratedSeries(db, generated);
}
