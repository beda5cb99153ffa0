const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  Object.prototype.toString.call(value) === '[object Object]';

/**
 * `next`, keeping every part of `previous` that is equal to it (the same object, not a copy): data read again
 * unchanged is the same object, so a component memoised on it, or an effect that depends on it, does not run again.
 */
export function shareEqualParts<T>(previous: unknown, next: T): T {
  if (previous === next) return next;
  const arrays = Array.isArray(previous) && Array.isArray(next);
  if (!arrays && !(isPlainObject(previous) && isPlainObject(next))) return next;
  const before = previous as Record<string, unknown>;
  const after = next as Record<string, unknown>;
  const fields = Object.keys(after);
  const shared = (arrays ? [] : {}) as Record<string, unknown>;
  let same = fields.length === Object.keys(before).length;
  for (const field of fields) {
    const value = shareEqualParts(before[field], after[field]);
    shared[field] = value;
    if (value !== before[field] || !(field in before)) same = false;
  }
  return (same ? previous : shared) as T;
}
