import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Genre } from '../../contract/constants.ts';
import { seriesListUrl, type SeriesListName } from '../../contract/series-lists.ts';
import type { SeriesPage } from '../../contract/series.ts';
import { apiRequest } from '../lib/api-client.ts';

/** Which list, which genre, how many a page: the viewer app never asks for the whole catalogue. */
export interface SeriesListRequest {
  list: SeriesListName;
  genre?: Genre | null;
  limit: number;
}

// Under '/api/series', so the dashboard's refresh of the catalogue refreshes these too.
const listKey = ({ list, genre, limit }: SeriesListRequest) =>
  ['/api/series', 'lists', list, genre ?? null, limit] as const;

/** GET /api/series/lists/{list}: one page of a catalogue list, continuing after `cursor`. */
export const getSeriesListPage = (request: SeriesListRequest, cursor: string | null, signal?: AbortSignal) =>
  apiRequest<SeriesPage>(seriesListUrl(request.list, { ...request, cursor }), { signal });

/** The first page only: a shelf of the home page, the discover rows. */
export const seriesShelfQueryOptions = (request: SeriesListRequest) =>
  queryOptions({
    queryKey: [...listKey(request), 'first'] as const,
    queryFn: ({ signal }) => getSeriesListPage(request, null, signal),
  });

export function useSeriesShelf(request: SeriesListRequest, enabled = true) {
  return useQuery({ ...seriesShelfQueryOptions(request), enabled });
}

/** Page after page, as the viewer scrolls. */
export const seriesListPagesQueryOptions = (request: SeriesListRequest) =>
  infiniteQueryOptions({
    queryKey: listKey(request),
    queryFn: ({ pageParam, signal }) => getSeriesListPage(request, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useSeriesListPages(request: SeriesListRequest, enabled = true) {
  return useInfiniteQuery({ ...seriesListPagesQueryOptions(request), enabled });
}
