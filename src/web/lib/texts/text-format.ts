/**
 * How a text is written out once found: the plural form a count asks for, and `{{name}}` placeholders
 * filled in. Numbers are written the language's way (1,000 / 1.000 / 1 000), years excepted.
 */

export type Texts = { readonly [key: string]: unknown };

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function cached<T>(cache: Map<string, T>, tag: string, make: (tag: string) => T): T {
  let value = cache.get(tag);
  if (!value) cache.set(tag, (value = make(tag)));
  return value;
}

/** The keys to try for a count, most specific first: `minutes_few`, `minutes_other`, then `minutes`. */
export function pluralKeys(key: string, count: unknown, tag: string): string[] {
  if (typeof count !== 'number') return [key];
  const category = cached(pluralRules, tag, (t) => new Intl.PluralRules(t)).select(count);
  return [...new Set([`${key}_${category}`, `${key}_other`, key])];
}

/** The value at a dotted path (`login.legal`) in a namespace's texts. */
export function textAt(texts: Texts | undefined, key: string): unknown {
  let node: unknown = texts;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Texts)[part];
  }
  return node;
}

/** `{{name}}` replaced by its value; a placeholder without a value stays as written. */
export function interpolate(text: string, values: Readonly<Record<string, unknown>>, tag: string): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (placeholder, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) return placeholder;
    if (typeof value === 'number' && name !== 'year')
      return cached(numberFormats, tag, (t) => new Intl.NumberFormat(t)).format(value);
    return String(value);
  });
}

/** Strings anywhere inside an object of texts (a legal document's sections) filled in too. */
export function interpolateAll(value: unknown, values: Readonly<Record<string, unknown>>, tag: string): unknown {
  if (typeof value === 'string') return interpolate(value, values, tag);
  if (Array.isArray(value)) return value.map((item) => interpolateAll(item, values, tag));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolateAll(v, values, tag)]));
  return value;
}
