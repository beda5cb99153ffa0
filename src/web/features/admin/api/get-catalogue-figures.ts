import { queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import type { CatalogueFigures } from '#contract/series.ts';
import { catalogueQueryKey } from '#web/api/get-series.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/admin/catalogue-figures: the four stat cards, counted by the database. */
export const getCatalogueFigures = (signal?: AbortSignal) =>
  apiRequest<CatalogueFigures>('/api/admin/catalogue-figures', { signal });

/** Under the catalogue's key, so a series change refreshes them. */
export const catalogueFiguresQueryOptions = () =>
  queryOptions({
    queryKey: [...catalogueQueryKey, 'figures'] as const,
    queryFn: ({ signal }) => getCatalogueFigures(signal),
  });

export function useCatalogueFigures(enabled = true) {
  return useQuery({ ...catalogueFiguresQueryOptions(), enabled });
}
