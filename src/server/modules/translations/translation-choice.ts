import type { SeriesTranslation } from '#contract/index.ts';

/** What a translation replaces: a series' text, wherever a reply carries it (lists, carousel, trending). */
export interface SeriesText {
  id: number;
  title: string;
  description: string;
  tags: string[];
}

// Few distinct tags exist (the languages operators and viewers use), each asked about for every series.
const maximizedTags = new Map<string, Intl.Locale | undefined>();
function maximized(tag: string): Intl.Locale | undefined {
  if (maximizedTags.has(tag)) return maximizedTags.get(tag);
  let locale: Intl.Locale | undefined;
  try {
    locale = new Intl.Locale(tag).maximize();
  } catch {
    locale = undefined;
  }
  if (maximizedTags.size < 1000) maximizedTags.set(tag, locale);
  return locale;
}

/**
 * Which of a series' translations a viewer of `wanted` reads: that very tag, else the same language in the same
 * script, preferring the same region ('es' takes 'es-MX'; 'zh-TW' takes 'zh-Hant' but never 'zh-CN'); none
 * otherwise, and the viewer reads the original.
 */
export function chooseTranslation(available: readonly string[], wanted: string): string | undefined {
  const exact = available.find((tag) => tag.toLowerCase() === wanted.toLowerCase());
  if (exact) return exact;
  const want = maximized(wanted);
  if (!want) return undefined;
  let best: { tag: string; score: number } | undefined;
  for (const tag of available) {
    const have = maximized(tag);
    if (!have || have.language !== want.language || have.script !== want.script) continue;
    const score = have.region === want.region ? 2 : 1;
    if (!best || score > best.score || (score === best.score && tag < best.tag)) best = { tag, score };
  }
  return best?.tag;
}

/** The series with the translation's text; an empty description or tag list keeps the original's. */
export function withTranslation<T extends SeriesText>(item: T, translation: SeriesTranslation | undefined): T {
  if (!translation) return item;
  return {
    ...item,
    title: translation.title,
    description: translation.description || item.description,
    tags: translation.tags.length ? translation.tags : item.tags,
  };
}

/** Every translation of the catalogue, by series, answering "this series in that language". */
export class CatalogueTranslations {
  private readonly bySeries = new Map<number, Map<string, SeriesTranslation>>();
  private readonly languages = new Set<string>();

  constructor(rows: readonly (SeriesTranslation & { seriesId: number })[]) {
    for (const { seriesId, ...translation } of rows) {
      let of = this.bySeries.get(seriesId);
      if (!of) this.bySeries.set(seriesId, (of = new Map()));
      of.set(translation.language, translation);
      this.languages.add(translation.language.split('-')[0]!.toLowerCase());
    }
  }

  /** False when no series has any translation in this language: its viewers read the original catalogue. */
  has(language: string): boolean {
    return this.languages.has(language.split('-')[0]!.toLowerCase());
  }

  /** The series as a viewer of `language` reads it (the same object when nothing is translated). */
  translate<T extends SeriesText>(item: T, language: string): T {
    const of = this.bySeries.get(item.id);
    if (!of) return item;
    const chosen = chooseTranslation([...of.keys()], language);
    return chosen ? withTranslation(item, of.get(chosen)) : item;
  }
}
