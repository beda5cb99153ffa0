import type { CarouselItem, Series, SeriesListName, SeriesListQuery, TrendingItem } from '#contract/index.ts';
import type { Database } from '../../db/client.ts';
import { listNewSeries, listPopularSeries, listSeries, listTrendingSeries } from '../catalogue/catalogue.service.ts';
import { listCarousel, listTrending } from '../curation/curation.service.ts';
import { listEpisodes } from '../episodes/episodes.service.ts';
import { loadCatalogueTranslations, type CatalogueTranslations } from '../translations/translations.service.ts';
import { prepareReply, type PreparedReply } from './prepared-reply.ts';
import { createSeriesPages } from './series-pages.ts';
import { mediaAddresses, type MediaAddresses } from '../../media/media-addresses.ts';

type Prepare = (value: unknown) => PreparedReply;

export type CatalogueList = 'series' | 'new' | 'popular' | 'trendingSeries' | 'carousel' | 'trending';

/** The whole lists viewers read, by their address. */
export const LIST_URLS = {
  '/api/series': 'series',
  '/api/series/new': 'new',
  '/api/series/popular': 'popular',
  '/api/series/trending': 'trendingSeries',
  '/api/carousel': 'carousel',
  '/api/trending': 'trending',
} as const satisfies Record<string, CatalogueList>;

/**
 * Reads whose replies are the same for every viewer of a language and change only with the catalogue's stamp:
 * the lists and their pages, searches, a series, its episodes, an episode. A page reading only these can be made
 * once per stamp and language and sent to everyone.
 */
export function isCatalogueReadUrl(url: string): boolean {
  const pathname = url.split('?', 1)[0]!;
  return (
    Object.hasOwn(LIST_URLS, pathname) ||
    /^\/api\/series\/(?:lists\/[a-z]+|search|by-id|\d+|\d+\/episodes)$/.test(pathname) ||
    /^\/api\/episodes\/\d+$/.test(pathname)
  );
}

/** What changed: the lists (series, carousel, trending), some series' episodes, or everything. */
export type CatalogueChange = { lists: true } | { episodesOf: number[] | 'all' } | 'everything';

interface CatalogueValues {
  series: Series[];
  new: Series[];
  popular: Series[];
  trendingSeries: Series[];
  carousel: CarouselItem[];
  trending: TrendingItem[];
}

/** The catalogue's bytes in one language. */
interface Variant {
  replies: Record<CatalogueList, PreparedReply>;
  series: Map<number, Series>;
  seriesReplies: Map<number, PreparedReply>;
  pages: ReturnType<typeof createSeriesPages>;
  /** Pages, by-id and search answers asked for since this version was built; the least recently used go. */
  pageReplies: Map<string, Promise<PreparedReply>>;
}

interface Lists extends Variant {
  version: number;
  values: CatalogueValues;
  translations: CatalogueTranslations;
  /** Built on a language's first read after each change; the original is the Lists itself. */
  variants: Map<string, Variant>;
}

interface EpisodeList {
  version: number;
  reply: Promise<PreparedReply>;
}

// Episode lists are read one series at a time; at 10,000 series only the recently read ones stay in memory.
const EPISODE_LISTS_KEPT = 2000;
// Viewers' languages are the picker's 15; a bound keeps a stream of made-up tags from filling memory.
const LANGUAGE_VARIANTS_KEPT = 16;

// A page of 24 series is about 15 kB prepared (plain, gzip and brotli): a few megabytes at most.
const PAGE_REPLIES_KEPT = 400;

const LIST_NAMES: readonly CatalogueList[] = ['series', 'new', 'popular', 'trendingSeries', 'carousel', 'trending'];

/** Each list's bytes; a list that is the very same array as in `base` keeps base's bytes (and ETag). */
function prepareVariant(
  values: CatalogueValues,
  prepare: Prepare,
  base?: { values: CatalogueValues; variant: Variant },
): Variant {
  const replies = Object.fromEntries(
    LIST_NAMES.map((name) => [
      name,
      base && values[name] === base.values[name] ? base.variant.replies[name] : prepare(values[name]),
    ]),
  ) as Record<CatalogueList, PreparedReply>;
  // Pages and by-id answers only read the series: a language that translates none of them shares base's.
  const sameSeries = base && values.series === base.values.series;
  return {
    replies,
    series: sameSeries ? base.variant.series : new Map(values.series.map((s) => [s.id, s])),
    seriesReplies: sameSeries ? base.variant.seriesReplies : new Map(),
    pages: sameSeries ? base.variant.pages : createSeriesPages(values.series),
    pageReplies: sameSeries ? base.variant.pageReplies : new Map(),
  };
}

/** The lists as viewers of `language` read them; a list without a translated series stays the same array. */
function translateValues(values: CatalogueValues, translations: CatalogueTranslations, language: string) {
  const series = (list: Series[]) => {
    const translated = list.map((s) => translations.translate(s, language));
    return translated.some((s, i) => s !== list[i]) ? translated : list;
  };
  const items = <T extends CarouselItem | TrendingItem>(list: T[]) => {
    const translated = list.map((item) => {
      const text = translations.translate(item.series, language);
      return text === item.series ? item : { ...item, series: text };
    });
    return translated.some((item, i) => item !== list[i]) ? translated : list;
  };
  return {
    series: series(values.series),
    new: series(values.new),
    popular: series(values.popular),
    trendingSeries: series(values.trendingSeries),
    carousel: items(values.carousel),
    trending: items(values.trending),
  };
}

/**
 * The prepared reply under `key`, made once while it stays among the PAGE_REPLIES_KEPT most recently used; readers
 * arriving while it is being made share it. A failure (a bad cursor's 400) is not kept.
 */
function remembered(cache: Map<string, Promise<PreparedReply>>, key: string, make: () => unknown, prepare: Prepare) {
  let prepared = cache.get(key);
  if (prepared) cache.delete(key);
  else {
    const making = Promise.resolve().then(make).then(prepare);
    making.catch(() => cache.get(key) === making && cache.delete(key));
    prepared = making;
  }
  cache.set(key, prepared);
  if (cache.size > PAGE_REPLIES_KEPT) cache.delete(cache.keys().next().value!);
  return prepared;
}

/**
 * The versioned, in-memory copy of what viewers read. A change bumps a version; the next read after it waits for
 * one rebuild (shared by every reader in that moment) and from then on gets prepared bytes again.
 */
export function createCatalogueSnapshot(db: Database, addresses: MediaAddresses = mediaAddresses(undefined)) {
  // Bytes prepared once are sent as they are, so they carry the browser's media addresses from the start.
  const prepare: Prepare = (value) => prepareReply(addresses.picturesForBrowser(value));
  let listsVersion = 0;
  let lists: Lists | undefined;
  let building: Promise<Lists> | undefined;
  let episodesVersion = 0;
  // Any change to any series' episodes, for what is made from the whole catalogue (stamp).
  let episodeChanges = 0;
  const episodeLists = new Map<number, EpisodeList>();

  async function buildLists(version: number): Promise<Lists> {
    const [all, fresh, popular, trendingSeries, carousel, trending, translations] = await Promise.all([
      listSeries(db),
      listNewSeries(db),
      listPopularSeries(db),
      listTrendingSeries(db),
      listCarousel(db),
      listTrending(db),
      loadCatalogueTranslations(db),
    ]);
    const values = { series: all, new: fresh, popular, trendingSeries, carousel, trending };
    return { version, values, translations, variants: new Map(), ...prepareVariant(values, prepare) };
  }

  /** The catalogue in a viewer's language: the original when nothing is translated into it. */
  function variantOf(current: Lists, language: string | undefined): Variant {
    if (!language || !current.translations.has(language)) return current;
    let variant = current.variants.get(language);
    if (variant) return variant;
    const values = translateValues(current.values, current.translations, language);
    variant = prepareVariant(values, prepare, { values: current.values, variant: current });
    if (current.variants.size >= LANGUAGE_VARIANTS_KEPT) current.variants.delete(current.variants.keys().next().value!);
    current.variants.set(language, variant);
    return variant;
  }

  /** One series' reply in a language, prepared once; null when there is no series with that id. */
  function seriesReply(variant: Variant, id: number): PreparedReply | null {
    const found = variant.series.get(id);
    if (!found) return null;
    let prepared = variant.seriesReplies.get(id);
    if (!prepared) variant.seriesReplies.set(id, (prepared = prepare(found)));
    return prepared;
  }

  /**
   * Which of a series' episodes are free decides their addresses in its episodes list (a CDN's for free ones): a
   * series made free or paid on any instance reaches this one as a change of the lists, so its kept episodes list
   * goes when the rebuilt lists show the change.
   */
  function forgetEpisodesWhoseAccessChanged(before: Lists | undefined, after: Lists) {
    if (!before) return;
    const wasFree = new Map(before.values.series.map((show) => [show.id, show.isFree]));
    for (const show of after.values.series) {
      if (wasFree.get(show.id) !== show.isFree) episodeLists.delete(show.id);
    }
  }

  async function currentLists(): Promise<Lists> {
    const wanted = listsVersion;
    for (;;) {
      if (lists && lists.version >= wanted) return lists;
      if (!building) {
        const version = listsVersion;
        building = buildLists(version).finally(() => (building = undefined));
        building.then(
          (built) => {
            if (lists && built.version <= lists.version) return;
            forgetEpisodesWhoseAccessChanged(lists, built);
            lists = built;
          },
          () => {},
        );
      }
      const built = await building;
      if (built.version >= wanted) return built;
    }
  }

  function episodeList(seriesId: number): Promise<PreparedReply> {
    const cached = episodeLists.get(seriesId);
    if (cached && cached.version === episodesVersion) return cached.reply;
    const entry: EpisodeList = {
      version: episodesVersion,
      reply: listEpisodes(db, seriesId, addresses).then(prepare),
    };
    entry.reply.catch(() => episodeLists.get(seriesId) === entry && episodeLists.delete(seriesId));
    episodeLists.delete(seriesId);
    episodeLists.set(seriesId, entry);
    if (episodeLists.size > EPISODE_LISTS_KEPT) episodeLists.delete(episodeLists.keys().next().value!);
    return entry.reply;
  }

  return {
    /**
     * Names the catalogue as it is now, lists and episodes: anything made from what viewers read (a page) and
     * kept under the stamp read before making it is current while the stamp stays the same.
     */
    stamp: (): string => `${listsVersion}.${episodeChanges}`,

    /** The lists as they are now, when nothing changed since they were built; else undefined (use `lists`). */
    ready: (): Lists | undefined => (lists && lists.version === listsVersion ? lists : undefined),
    lists: currentLists,

    /** A list's reply when nothing changed since the last build (no promise to wait for); else undefined. */
    readyList(name: CatalogueList, language?: string): PreparedReply | undefined {
      const current = this.ready();
      return current && variantOf(current, language).replies[name];
    },

    /** `language`: the viewer's UI language (canonical BCP 47); without it, the original text. */
    async list(name: CatalogueList, language?: string): Promise<PreparedReply> {
      return variantOf(this.ready() ?? (await currentLists()), language).replies[name];
    },

    /**
     * One series' reply when nothing changed since the lists were built (no promise to wait for): null when there is
     * no series with that id, undefined when the lists must be built first (use `series`).
     */
    readySeries(id: number, language?: string): PreparedReply | null | undefined {
      const current = this.ready();
      return current && seriesReply(variantOf(current, language), id);
    },

    /** One series, or undefined when there is none with that id. */
    async series(id: number, language?: string): Promise<PreparedReply | undefined> {
      return seriesReply(variantOf(this.ready() ?? (await currentLists()), language), id) ?? undefined;
    },

    /** One page of a viewer list (newest, new, popular), optionally one genre. A bad cursor throws a 400. */
    async seriesPage(list: SeriesListName, query: SeriesListQuery, language?: string): Promise<PreparedReply> {
      const current = variantOf(this.ready() ?? (await currentLists()), language);
      const key = `page|${list}|${query.genre ?? ''}|${query.limit}|${query.cursor ?? ''}`;
      return remembered(current.pageReplies, key, () => current.pages.page(list, query), prepare);
    },
    /** The series of these ids that exist, in the order asked. */
    async seriesById(ids: number[], language?: string): Promise<PreparedReply> {
      const current = variantOf(this.ready() ?? (await currentLists()), language);
      return remembered(
        current.pageReplies,
        `ids|${ids.join(',')}`,
        () => ids.flatMap((id) => current.series.get(id) ?? []),
        prepare,
      );
    },
    /**
     * An answer computed elsewhere (a search in PostgreSQL) from the catalogue as it is now, kept with this version:
     * asked again before the catalogue changes, it is the same bytes. `key` must name everything the answer depends
     * on, its language included.
     */
    async derived(key: string, make: () => Promise<unknown>): Promise<PreparedReply> {
      const current = this.ready() ?? (await currentLists());
      return remembered(current.pageReplies, `derived|${key}`, make, prepare);
    },
    /** A series' episodes as viewers see them, or undefined when there is no such series. */
    async episodes(seriesId: number): Promise<PreparedReply | undefined> {
      const current = this.ready() ?? (await currentLists());
      if (!current.series.has(seriesId)) return undefined;
      return episodeList(seriesId);
    },

    changed(change: CatalogueChange) {
      if (change === 'everything' || 'lists' in change) listsVersion++;
      if (change === 'everything' || 'episodesOf' in change) episodeChanges++;
      if (change === 'everything' || ('episodesOf' in change && change.episodesOf === 'all')) {
        episodesVersion++;
        episodeLists.clear();
      } else if ('episodesOf' in change && change.episodesOf !== 'all') {
        for (const id of change.episodesOf) episodeLists.delete(id);
      }
    },
  };
}

export type CatalogueSnapshot = ReturnType<typeof createCatalogueSnapshot>;

/** Reads a 'catalogue_changed' payload (see the catalogue_change_triggers migration). */
export function parseCatalogueChange(payload: string): CatalogueChange {
  if (payload === 'lists') return { lists: true };
  if (payload === 'episodes') return { episodesOf: 'all' };
  if (payload.startsWith('episodes:')) {
    const ids = payload.slice('episodes:'.length).split(',').map(Number).filter(Number.isInteger);
    return { episodesOf: ids };
  }
  return 'everything';
}
