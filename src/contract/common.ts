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

const MAX_ID = 2_147_483_647;
const ID_MESSAGE =
  'Must be a whole number written in digits, like 42 (no sign, spaces, leading zeros, hex or exponent)';

/**
 * "An id", the one schema every path, query and body id goes through: a JSON integer, or (in paths and
 * queries) its canonical decimal text. `0x10`, ` 1`, `+1`, `01` and `1e1` name no row, so they are refused
 * rather than coerced into one.
 */
export const positiveId = z.codec(
  z.union([z.int({ error: ID_MESSAGE }), z.string().regex(/^(0|[1-9][0-9]{0,18})$/, ID_MESSAGE)], {
    error: ID_MESSAGE,
  }),
  z.int().min(1, 'Must be a positive number').max(MAX_ID, 'Is too large'),
  { decode: (value) => Number(value), encode: (value) => value },
);

export const idParams = z.object({ id: positiveId });

/** A user id as it appears in paths and bodies; other characters (NUL, slashes, spaces) never name a user. */
export const userId = z
  .string({ error: 'userId is required' })
  .min(1, 'userId is required')
  .max(64, 'userId is too long')
  .regex(/^[A-Za-z0-9._-]+$/, 'userId may contain only letters, digits, ".", "_" and "-"');

export const userIdParams = z.object({ userId });

/**
 * One of our own /media/... paths that stays under /media/: no "..", and no dot, slash or backslash written as a
 * percent escape, which a browser would decode into one.
 */
export function isMediaPath(value: string): boolean {
  return /^\/media\/[A-Za-z0-9._~\-/%]+$/.test(value) && !value.includes('..') && !/%(2e|2f|5c)/i.test(value);
}

/**
 * Artwork and media links: http(s) URLs or our own /media/... paths, nothing else (no javascript:, data:).
 * The server keeps no outside link: it fetches an http(s) thumbnail once and saves the /media/ path of its copy.
 */
export const mediaUrl = z
  .string()
  .trim()
  .max(2048, 'URL is too long (at most 2048 characters)')
  .refine((value) => {
    if (isMediaPath(value)) return true;
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Must be an http(s) URL or a /media/ path');

export const isoDateTime = z.string();

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Where `value` holds text PostgreSQL cannot store (NUL) or that is not well-formed Unicode (an unpaired
 * surrogate): the dotted path of the first such string ('' for `value` itself), or null when all is well.
 * Walks with a stack of its own rather than recursion, so no shape of input can exhaust the call stack.
 */
export function unstorableTextAt(value: unknown): string | null {
  const pending: { value: unknown; at: string }[] = [{ value, at: '' }];
  while (pending.length > 0) {
    const { value: each, at } = pending.pop()!;
    if (typeof each === 'string') {
      if (each.includes('\u0000') || UNPAIRED_SURROGATE.test(each)) return at;
      continue;
    }
    if (typeof each !== 'object' || each === null) continue;
    const entries = Object.entries(each);
    // Pushed last first, so entries come off in order: each value (and all inside it), then its key.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, inner] = entries[i]!;
      pending.push({ value: key, at });
      pending.push({ value: inner, at: at ? `${at}.${key}` : key });
    }
  }
  return null;
}

export function unstorableTextMessage(part: string, field: string): string {
  const where = field ? `${part === 'body' ? '' : `${part} `}${field}` : part;
  return `${where}: text may not contain NUL characters or unpaired surrogates.`;
}
