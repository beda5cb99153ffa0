import { infiniteQueryOptions, useInfiniteQuery } from '#web/lib/query/use-infinite-query.ts';
import { keepPreviousData, queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import type { Genre } from '#contract/constants.ts';
import { inLanguage } from '#contract/languages.ts';
import { seriesListUrl, type SeriesListName } from '#contract/series-lists.ts';
import type { SeriesPage } from '#contract/series.ts';
import { apiRequest } from '../lib/api-client.ts';
import { useCatalogueLanguage } from '../lib/catalogue-language.ts';
import { catalogueQueryKey } from './get-series.ts';

/** Which list, which genre, how many a page: the viewer app never asks for the whole catalogue. */
export interface SeriesListRequest {
  list: SeriesListName;
  genre?: Genre | null;
  limit: number;
}

/** A list request in the viewer's language `lang`, in which the series come where translated. */
type ListInLanguage = SeriesListRequest & { lang: string };

// Under the catalogue's key, so the dashboard's refresh of the catalogue refreshes these too.
const listKey = ({ list, genre, limit, lang }: ListInLanguage) =>
  [...catalogueQueryKey, 'lists', list, genre ?? null, limit, { lang }] as const;

/** GET /api/series/lists/{list}: one page of a catalogue list, continuing after `cursor`. */
export const getSeriesListPage = (request: ListInLanguage, cursor: string | null, signal?: AbortSignal) =>
  apiRequest<SeriesPage>(inLanguage(seriesListUrl(request.list, { ...request, cursor }), request.lang), { signal });

/** The first page only: a shelf of the home page, the discover rows. */
export const seriesShelfQueryOptions = (request: ListInLanguage) =>
  queryOptions({
    queryKey: [...listKey(request), 'first'] as const,
    queryFn: ({ signal }) => getSeriesListPage(request, null, signal),
    // After a language change a shelf stays on screen in the old language until the new one arrives.
    placeholderData: keepPreviousData,
  });

export function useSeriesShelf(request: SeriesListRequest, enabled = true) {
  return useQuery({ ...seriesShelfQueryOptions({ ...request, lang: useCatalogueLanguage() }), enabled });
}

/** Page after page, as the viewer scrolls. */
export const seriesListPagesQueryOptions = (request: ListInLanguage) =>
  infiniteQueryOptions({
    queryKey: listKey(request),
    queryFn: ({ pageParam, signal }) => getSeriesListPage(request, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });

export function useSeriesListPages(request: SeriesListRequest, enabled = true) {
  return useInfiniteQuery({ ...seriesListPagesQueryOptions({ ...request, lang: useCatalogueLanguage() }), enabled });
}
