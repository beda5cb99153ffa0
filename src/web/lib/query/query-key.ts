/** What names a read: its address first, then what varies (an id, a language, a page size…). */
export type QueryKey = readonly unknown[];

declare const dataTagSymbol: unique symbol;
/** A key that knows the type of its data, so reads and writes through it are typed (see `queryOptions`). */
export type DataTag<TKey, TData> = TKey & { [dataTagSymbol]: TData };
/** The data type a key was tagged with, else `TFallback`. */
export type DataOf<TKey, TFallback = unknown> = TKey extends { [dataTagSymbol]: infer TData } ? TData : TFallback;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  Object.prototype.toString.call(value) === '[object Object]';

/** A key's identity: JSON with each object's fields sorted, so `{ a, b }` and `{ b, a }` name one read. */
export function hashKey(key: QueryKey): string {
  return JSON.stringify(key, (_, value: unknown) =>
    isPlainObject(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((field) => [field, value[field]]),
        )
      : value,
  );
}

/**
 * Whether `key` is within `filter`: every element the filter names is in the key at its place, objects compared
 * field by field for the fields the filter names. `['/api/series']` takes in every read of the catalogue.
 */
export function matchesKey(key: unknown, filter: unknown): boolean {
  if (key === filter) return true;
  if (typeof key !== typeof filter || !key || !filter || typeof filter !== 'object') return false;
  const inKey = key as Record<string, unknown>;
  const wanted = filter as Record<string, unknown>;
  return Object.keys(wanted).every((field) => matchesKey(inKey[field], wanted[field]));
}
