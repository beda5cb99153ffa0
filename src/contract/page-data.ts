import {
  FEATURED_GENRE,
  MOST_POPULAR_LIMIT,
  NEW_RELEASE_LIMIT,
  SERIES_PAGE_SIZE,
  SHELF_SIZE,
  VIEWER_USER_ID,
} from './constants.ts';
import { inLanguage } from './languages.ts';
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
 * Each viewer page with the URLs it reads first (exactly as the client asks for them, catalogue reads in the
 * viewer's UI language `lang`). A route → queries table, so a page that reads something new only adds a line here.
 */
export const VIEWER_PAGE_QUERIES: {
  path: string;
  queries: (params: Record<string, string>, lang: string) => string[];
}[] = [
  {
    path: '/',
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
    queries: (_, lang) =>
      [
        seriesListUrl('new', { limit: SERIES_PAGE_SIZE }),
        seriesListUrl('popular', { limit: MOST_POPULAR_LIMIT }),
        seriesListUrl('all', { limit: SERIES_PAGE_SIZE }),
      ].map((url) => inLanguage(url, lang)),
  },
  {
    path: '/series/:id',
    queries: ({ id }, lang) => [
      inLanguage(`/api/series/${id}`, lang),
      `/api/series/${id}/episodes`,
      userUrl('liked'),
      userUrl('bookmarked'),
      userUrl('progress'),
      '/api/user',
    ],
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
