import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { seriesTranslations } from '../../db/schema.ts';

/** A translation as it is read: its series, language and text. */
export interface TranslationRecord {
  seriesId: number;
  language: string;
  title: string;
  description: string;
  tags: string[];
}

const columns = {
  seriesId: seriesTranslations.seriesId,
  language: seriesTranslations.language,
  title: seriesTranslations.title,
  description: seriesTranslations.description,
  tags: seriesTranslations.tags,
};

export function allTranslations(db: Executor): Promise<TranslationRecord[]> {
  return db.select(columns).from(seriesTranslations);
}

export function translationsOfSeries(db: Executor, seriesIds: number[]): Promise<TranslationRecord[]> {
  if (seriesIds.length === 0) return Promise.resolve([]);
  return db
    .select(columns)
    .from(seriesTranslations)
    .where(inArray(seriesTranslations.seriesId, seriesIds))
    .orderBy(asc(seriesTranslations.seriesId), asc(seriesTranslations.language));
}

export async function upsertTranslation(db: Executor, values: TranslationRecord): Promise<TranslationRecord> {
  const [row] = await db
    .insert(seriesTranslations)
    .values(values)
    .onConflictDoUpdate({
      target: [seriesTranslations.seriesId, seriesTranslations.language],
      set: { title: values.title, description: values.description, tags: values.tags, updatedAt: sql`now()` },
    })
    .returning(columns);
  return row!;
}

export async function deleteTranslation(db: Executor, seriesId: number, language: string): Promise<boolean> {
  const rows = await db
    .delete(seriesTranslations)
    .where(and(eq(seriesTranslations.seriesId, seriesId), eq(seriesTranslations.language, language)))
    .returning({ seriesId: seriesTranslations.seriesId });
  return rows.length > 0;
}

export function languagesBySeries(db: Executor) {
  return db
    .select({
      seriesId: seriesTranslations.seriesId,
      languages: sql<string[]>`array_agg(${seriesTranslations.language} order by ${seriesTranslations.language})`,
    })
    .from(seriesTranslations)
    .groupBy(seriesTranslations.seriesId)
    .orderBy(asc(seriesTranslations.seriesId));
}

export async function insertTranslations(db: Executor, list: TranslationRecord[]) {
  if (list.length > 0) await db.insert(seriesTranslations).values(list);
}
