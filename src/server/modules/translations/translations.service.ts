import type { SeriesLanguages, SeriesTranslation } from '#contract/index.ts';
import type { Database, Executor } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { getSeries } from '../catalogue/catalogue.service.ts';
import { CatalogueTranslations, type SeriesText } from './translation-choice.ts';
import * as repo from './translations.repository.ts';

export type { CatalogueTranslations } from './translation-choice.ts';

export interface TranslationText {
  title: string;
  description: string;
  tags: string[];
}

const withoutSeriesId = ({ seriesId: _, ...translation }: repo.TranslationRecord): SeriesTranslation => translation;

/** A series' translations, by language; 404 for an unknown series. */
export async function listTranslations(db: Database, seriesId: number): Promise<SeriesTranslation[]> {
  await getSeries(db, seriesId);
  return (await repo.translationsOfSeries(db, [seriesId])).map(withoutSeriesId);
}

/** Adds the series' text in `language`, or replaces it. */
export async function saveTranslation(
  db: Database,
  seriesId: number,
  language: string,
  text: TranslationText,
): Promise<SeriesTranslation> {
  await getSeries(db, seriesId);
  try {
    return withoutSeriesId(await repo.upsertTranslation(db, { seriesId, language, ...text }));
  } catch (error) {
    // Deleted between the check and the write: the foreign key says so.
    if (isForeignKeyViolation(error)) throw notFound('Series not found.');
    throw error;
  }
}

export async function removeTranslation(db: Database, seriesId: number, language: string) {
  await getSeries(db, seriesId);
  if (!(await repo.deleteTranslation(db, seriesId, language))) {
    throw notFound(`This series has no ${language} translation.`);
  }
}

export async function listSeriesLanguages(db: Database): Promise<SeriesLanguages> {
  return repo.languagesBySeries(db);
}

/** Every translation of the catalogue, for the in-memory snapshot's language variants. */
export async function loadCatalogueTranslations(db: Executor): Promise<CatalogueTranslations> {
  return new CatalogueTranslations(await repo.allTranslations(db));
}

/** Series read live (search results) in a viewer's language; unchanged without one. */
export async function inViewerLanguage<T extends SeriesText>(db: Executor, items: T[], language: string | undefined) {
  if (!language || items.length === 0) return items;
  const translations = new CatalogueTranslations(
    await repo.translationsOfSeries(
      db,
      items.map((item) => item.id),
    ),
  );
  return items.map((item) => translations.translate(item, language));
}

function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

/** Translations brought in whole from a catalogue made elsewhere (the demo's), inside the caller's transaction. */
export function importTranslations(db: Executor, list: ({ seriesId: number; language: string } & TranslationText)[]) {
  return repo.insertTranslations(db, list);
}
