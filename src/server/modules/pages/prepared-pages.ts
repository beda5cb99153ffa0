import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GENRES } from '#contract/constants.ts';
import { ACCESS_COOKIE } from '../../plugins/guards.ts';
import { preparePage, type PreparedPage } from './page-reply.ts';

/**
 * Pages that are the same for every visitor with access who reads in the same language (home, discover, a
 * series, an episode's watch page) are made once per address, language and catalogue stamp, then sent as
 * prepared bytes: no in-process requests, no render and no compression per visit. Anyone else (no access
 * cookie) gets the page made for them, as before.
 *
 * Memory is bounded: the least recently sent pages go first. Addresses without a query, or with a genre of
 * the catalogue only, are a bounded set (pages × genres × languages) and share the larger budget; any other
 * query (a search's words, a campaign's tag) is kept in a small one of its own, so a stream of made-up
 * queries cannot push out the pages most visitors land on.
 */
export const COMMON_PAGES_BYTES = 48 * 1024 * 1024;
export const OTHER_PAGES_BYTES = 4 * 1024 * 1024;

/** Where a page is kept: its address and language, and which budget it counts against. */
export interface PageAddress {
  key: string;
  common: boolean;
}

/** A page made for this request: its HTML (null: the app's plain index.html) and whether everyone may get it. */
export interface MadePage {
  html: string | null;
  sameForEveryone: boolean;
}

interface Kept {
  stamp: string;
  page: PreparedPage;
  bytes: number;
}

/** A map that drops its least recently used entries past `maxBytes`. */
function pagesWithin(maxBytes: number) {
  const entries = new Map<string, Kept>();
  let bytes = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };
  return {
    get(key: string): Kept | undefined {
      const entry = entries.get(key);
      if (entry) {
        // Most recently used last: Map keeps insertion order.
        entries.delete(key);
        entries.set(key, entry);
      }
      return entry;
    },
    set(key: string, entry: Kept) {
      remove(key);
      if (entry.bytes > maxBytes) return;
      entries.set(key, entry);
      bytes += entry.bytes;
      while (bytes > maxBytes) remove(entries.keys().next().value!);
    },
    get bytes() {
      return bytes;
    },
  };
}

const isGenre = (value: string) => (GENRES as readonly string[]).includes(value);

/**
 * The address of `url` (path and query) in `language`, as seen at `origin` (the page's links name it). A `lang`
 * naming the language is the language itself, already in the key.
 */
export function pageAddress(url: string, language: string, origin = ''): PageAddress {
  const [path = '/', query = ''] = url.split('?', 2);
  const params = [...new URLSearchParams(query)].filter(([name, value]) => !(name === 'lang' && value === language));
  const key = (address: string, common: boolean) => ({
    key: `${address}|${language}${origin ? `|${origin}` : ''}`,
    common,
  });
  if (params.length === 0) return key(path, true);
  if (params.length === 1 && params[0]![0] === 'genre' && isGenre(params[0]![1])) {
    return key(`${path}?genre=${params[0]![1]}`, true);
  }
  return key(url, false);
}

export function createPreparedPages(
  app: FastifyInstance,
  budgets: { common: number; other: number } = { common: COMMON_PAGES_BYTES, other: OTHER_PAGES_BYTES },
) {
  const common = pagesWithin(budgets.common);
  const other = pagesWithin(budgets.other);
  const storeOf = (address: PageAddress) => (address.common ? common : other);
  /** Pages being made: visitors with access who ask meanwhile wait for it instead of making it again. */
  const making = new Map<string, Promise<PreparedPage | undefined>>();
  const hasAccess = (request: FastifyRequest) => app.accessGate.admits(request.cookies[ACCESS_COOKIE]);

  function kept(address: PageAddress): PreparedPage | undefined {
    const entry = storeOf(address).get(address.key);
    return entry && entry.stamp === app.catalogueSnapshot.stamp() ? entry.page : undefined;
  }

  return {
    /** The prepared page for this visitor, when they have access and the catalogue is as it was made from. */
    forVisitor(address: PageAddress, request: FastifyRequest): PreparedPage | undefined {
      return hasAccess(request) ? kept(address) : undefined;
    },

    /**
     * Makes the page for this request with `make` and keeps it when it is the same for everyone. While it is
     * being made, other visitors with access wait for it (one render for a crowd arriving at once) and make
     * their own only if it turns out to be this visitor's alone.
     */
    async made(
      address: PageAddress,
      request: FastifyRequest,
      make: () => Promise<MadePage>,
    ): Promise<PreparedPage | string | null> {
      const pending = making.get(address.key);
      if (pending && hasAccess(request)) {
        const shared = await pending;
        if (shared) return shared;
      }
      // Read before making: a page is never newer than its stamp, so a change while it is made is seen next time.
      const stamp = app.catalogueSnapshot.stamp();
      const result = make();
      const kept = result.then(
        (page) => {
          if (!page.sameForEveryone || page.html === null) return undefined;
          const prepared = preparePage(page.html);
          const bytes = prepared.identity.length + prepared.gzip.length + prepared.br.length;
          storeOf(address).set(address.key, { stamp, page: prepared, bytes });
          return prepared;
        },
        () => undefined,
      );
      if (!pending) {
        making.set(address.key, kept);
        void kept.finally(() => making.get(address.key) === kept && making.delete(address.key));
      }
      const page = await result;
      return (await kept) ?? page.html;
    },

    /** Bytes kept now, for tests and logs. */
    bytes: () => ({ common: common.bytes, other: other.bytes }),
  };
}

export type PreparedPages = ReturnType<typeof createPreparedPages>;
