import { z } from 'zod';

/** Every 4xx/5xx reply has this shape; `message` is meant for a person. */
export const errorReply = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  /** Set on validation errors: which field the message concerns (e.g. "rating"). */
  field: z.string().optional(),
});
export type ErrorReply = z.infer<typeof errorReply>;

export const positiveId = z.coerce
  .number({ error: 'Must be a number' })
  .int('Must be a whole number')
  .positive('Must be a positive number')
  .max(2_147_483_647, 'Is too large');

export const idParams = z.object({ id: positiveId });

/** A user id as it appears in paths and bodies; other characters (NUL, slashes, spaces) never name a user. */
export const userId = z
  .string({ error: 'userId is required' })
  .min(1, 'userId is required')
  .max(64, 'userId is too long')
  .regex(/^[A-Za-z0-9._-]+$/, 'userId may contain only letters, digits, ".", "_" and "-"');

export const userIdParams = z.object({ userId });

/**
 * Artwork and media links: http(s) URLs or our own /media/... paths, nothing else (no javascript:, data:).
 * The server keeps no outside link: it fetches an http(s) thumbnail once and saves the /media/ path of its copy.
 */
export const mediaUrl = z
  .string()
  .trim()
  .max(2048, 'URL is too long (at most 2048 characters)')
  .refine((value) => {
    if (/^\/media\/[A-Za-z0-9._~\-/%]+$/.test(value) && !value.includes('..')) return true;
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Must be an http(s) URL or a /media/ path');

export const isoDateTime = z.string();
