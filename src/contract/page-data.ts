import {
  FEATURED_GENRE,
  MOST_POPULAR_LIMIT,
  NEW_RELEASE_LIMIT,
  SERIES_PAGE_SIZE,
  SHELF_SIZE,
  VIEWER_USER_ID,
} from './constants.ts';
import { inLanguage } from './languages.ts';
import { episodesUrl, seriesUrl } from './read-urls.ts';
import { seriesListUrl } from './series-lists.ts';

/**
 * A viewer page's HTML carries the API's answers the page reads first, keyed by their GET URLs, so the app
 * shows them without asking again (docs/decisions/018-page-data-in-the-html.md). The server gathers them by
 * injecting the API's own routes with the visitor's cookies; without access it adds none.
 */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

export interface PageData {
  /** GET URL → the API's JSON answer. */
  answers: Record<string, unknown>;
  /**
   * Set when the page's markup was rendered on the server: the query cache it was rendered from, which the
   * browser takes as its own before React hydrates the markup.
   */
  queries?: ServedQuery[];
  /** With `queries`: the text namespaces the markup used, loaded before React hydrates it. */
  namespaces?: string[];
}

/** A query the page read, with its answer and when the server read it. */
export interface ServedQuery {
  key: readonly unknown[];
  data: unknown;
  updatedAt: number;
}

const userUrl = (rest: string) => `/api/user/${VIEWER_USER_ID}/${rest}`;

/**
 * A read of the viewer's own data (balance, lists, progress, unlocks): under /api/user, as a URL or as the first
 * segment of a query key. A page sent to everyone never holds one; the browser reads them after it starts.
 */
export const isViewersOwnRead = (url: string) => /^\/api\/user(?:[/?]|$)/.test(url);

/**
 * Each viewer page with the URLs its HTML holds (exactly as the client asks for them, catalogue reads in the
 * viewer's UI language `lang`). A route → queries table, so a page that reads something new only adds a line here.
 * `sameForEveryone`: the page shows the catalogue only, the same for every visitor with access who reads its
 * language; the viewer's own data on it (a like, the episode watched last) is read by the browser afterwards.
 */
export const VIEWER_PAGE_QUERIES: {
  path: string;
  queries: (params: Record<string, string>, lang: string) => string[];
  sameForEveryone?: true;
}[] = [
  {
    path: '/',
    sameForEveryone: true,
    queries: (_, lang) =>
      [
        '/api/carousel',
        '/api/trending',
        seriesListUrl('new', { limit: NEW_RELEASE_LIMIT }),
        seriesListUrl('all', { genre: FEATURED_GENRE, limit: SHELF_SIZE }),
      ].map((url) => inLanguage(url, lang)),
  },
  {
    path: '/discover',
    sameForEveryone: true,
    queries: (_, lang) =>
      [
        seriesListUrl('new', { limit: SERIES_PAGE_SIZE }),
        seriesListUrl('popular', { limit: MOST_POPULAR_LIMIT }),
        seriesListUrl('all', { limit: SERIES_PAGE_SIZE }),
      ].map((url) => inLanguage(url, lang)),
  },
  {
    path: '/series/:id',
    sameForEveryone: true,
    queries: ({ id }, lang) => [seriesUrl(id!, lang), episodesUrl(id!)],
  },
  {
    path: '/library',
    queries: () => [userUrl('progress'), userUrl('liked'), userUrl('bookmarked')],
  },
  { path: '/rewards', queries: () => ['/api/packages?placement=rewards', '/api/user'] },
  {
    path: '/profile',
    queries: () => ['/api/user', userUrl('liked'), userUrl('bookmarked'), userUrl('unlocked-episodes')],
  },
];
