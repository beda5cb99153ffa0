import { invalid } from '../../errors.ts';

/**
 * A cursor is the last row's position in the order being paged (never an offset), so series added or deleted
 * meanwhile shift nothing. It is opaque to clients: base64url of a small JSON object.
 */
export function encodeCursor(position: object): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

export const invalidCursor = () => invalid('The cursor is not valid. Start again without one.', 'cursor');

/** The position a cursor holds, as `read` accepts it; a readable 400 for anything else. */
export function decodeCursor<T>(cursor: string, read: (value: Record<string, unknown>) => T | undefined): T {
  let position: T | undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (typeof value === 'object' && value !== null) position = read(value as Record<string, unknown>);
  } catch {
    // falls through to the readable refusal
  }
  if (position === undefined) throw invalidCursor();
  return position;
}
