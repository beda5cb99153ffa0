import { z } from 'zod';
import { positiveId } from './common.ts';
import { canonicalLanguageTag } from './language-tag.ts';

const LANGUAGE_TAG_MESSAGE = 'Language must be a BCP 47 language tag, like es, pt-BR or zh-Hant';

/** A language of a series' text: one of the picker's 15 or any other BCP 47 tag, stored canonical. */
export const languageTag = z
  .string({ error: LANGUAGE_TAG_MESSAGE })
  .trim()
  .transform((value, context) => {
    const tag = canonicalLanguageTag(value);
    if (tag) return tag;
    context.addIssue({ code: 'custom', message: LANGUAGE_TAG_MESSAGE });
    return z.NEVER;
  });

/** `?lang=`: the viewer's UI language; without it, series come in their original language (what operators edit). */
export const catalogueLanguageQuery = z.object({ lang: languageTag.optional() });
export type CatalogueLanguageQuery = z.infer<typeof catalogueLanguageQuery>;

export const seriesTranslation = z.object({
  language: z.string(),
  title: z.string(),
  /** Empty: viewers of this language read the original description. */
  description: z.string(),
  /** Empty: viewers of this language see the original tags. */
  tags: z.array(z.string()),
});
export type SeriesTranslation = z.infer<typeof seriesTranslation>;

export const saveSeriesTranslationBody = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(200, 'Title is too long (at most 200 characters)'),
  description: z.string().trim().max(5000, 'Description is too long (at most 5000 characters)').default(''),
  tags: z
    .array(z.string().trim().min(1, 'A tag may not be empty').max(40, 'A tag is too long (at most 40 characters)'))
    .max(20, 'At most 20 tags')
    .default([]),
});
export type SaveSeriesTranslationBody = z.input<typeof saveSeriesTranslationBody>;

export const seriesTranslationParams = z.object({ id: positiveId, language: languageTag });

/** The dashboard table's languages column: which languages each translated series has. */
export const seriesLanguages = z.array(z.object({ seriesId: z.number().int(), languages: z.array(z.string()) }));
export type SeriesLanguages = z.infer<typeof seriesLanguages>;
