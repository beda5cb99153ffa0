import { z } from 'zod';
import { canonicalLanguageTag } from './language-tag.ts';

/**
 * Subtitle tracks of an episode. Uploads are multipart/form-data:
 * PUT /api/episodes/{episodeId}/subtitles/{language} — the file in `file` (SRT or WebVTT), fields `kind` and
 *   `label` (optional: the language's own name); adds the track or replaces the one in that language.
 * POST /api/series/{id}/subtitles?dryRun=true — many files in `file`, each matched to an episode and a language
 *   by its name (`12.es.srt`, `ep012_ar.vtt`); the dry run answers the matching and saves nothing, without it
 *   every file is saved, or (one problem) none.
 */
export const SUBTITLE_KINDS = ['captions', 'subtitles'] as const;
export const subtitleKind = z.enum(SUBTITLE_KINDS, { error: 'Kind must be captions or subtitles' });
export type SubtitleKind = z.infer<typeof subtitleKind>;

/** The multipart field that carries subtitle files. */
export const SUBTITLE_FILE_FIELD = 'file';
/** Bytes one subtitle file may have. */
export const SUBTITLE_FILE_MAX_BYTES = 2 * 1024 * 1024;
/** Files one bulk upload may carry. */
export const SUBTITLE_FILES_MAX = 200;
export const SUBTITLE_LABEL_MAX = 60;

export const subtitleLanguage = z.string({ error: 'Language is required' }).transform((value, ctx) => {
  const tag = canonicalLanguageTag(value);
  if (!tag) {
    ctx.addIssue({ code: 'custom', message: 'Language must be a language tag such as en, es or pt-BR' });
    return z.NEVER;
  }
  return tag;
});

const label = z.string().trim().max(SUBTITLE_LABEL_MAX, `Label is too long (at most ${SUBTITLE_LABEL_MAX} characters)`);

/** The text fields of an upload (multipart fields arrive as strings); empty means "the default". */
export const subtitleUploadFields = z.object({
  kind: z.preprocess((v) => (v === '' ? undefined : v), subtitleKind.default('subtitles')),
  label: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), label.optional()),
});

/** What a viewer's player needs of a track. */
export const episodeSubtitle = z.object({
  language: z.string(),
  label: z.string(),
  kind: subtitleKind,
  /** The track's segmented WebVTT playlist (HLS), also listed in the episode's master playlist. */
  url: z.string(),
  /** The whole track as one WebVTT file, for a <track> element. */
  fileUrl: z.string(),
});
export type EpisodeSubtitle = z.infer<typeof episodeSubtitle>;

export const subtitleTrack = episodeSubtitle.extend({
  id: z.number().int(),
  episodeId: z.number().int(),
  cueCount: z.number().int(),
  updatedAt: z.string(),
});
export type SubtitleTrack = z.infer<typeof subtitleTrack>;

export const subtitleCue = z.object({
  /** seconds */
  start: z.number(),
  end: z.number(),
  /** WebVTT cue text (b, i, u, c, v, lang, ruby, rt only) */
  text: z.string(),
});
export type SubtitleCue = z.infer<typeof subtitleCue>;

export const subtitleCuesQuery = z.object({
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(50, 'Limit must be at most 50')
    .default(5),
});
export const subtitleCues = z.object({ cueCount: z.number().int(), cues: z.array(subtitleCue) });
export type SubtitleCues = z.infer<typeof subtitleCues>;

export const subtitleTrackParams = z.object({ language: subtitleLanguage });

export const subtitleBatchQuery = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

/** One file of a bulk upload and what it matched. */
export const subtitleBatchItem = z.object({
  fileName: z.string(),
  episodeNumber: z.number().int().nullable(),
  episodeId: z.number().int().nullable(),
  language: z.string().nullable(),
  /** Whether it replaces a track the episode has in that language. */
  replaces: z.boolean(),
  cueCount: z.number().int(),
  firstCues: z.array(subtitleCue),
  /** Why this file cannot be saved, for a person (names the line for a bad file); null when it can. */
  problem: z.string().nullable(),
});
export type SubtitleBatchItem = z.infer<typeof subtitleBatchItem>;
export const subtitleBatchReply = z.object({ saved: z.boolean(), files: z.array(subtitleBatchItem) });
export type SubtitleBatchReply = z.infer<typeof subtitleBatchReply>;
