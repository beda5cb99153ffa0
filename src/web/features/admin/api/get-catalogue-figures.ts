import { useQuery } from '@tanstack/react-query';
import type { CatalogueFigures } from '../../../../contract/series.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { catalogueFiguresQueryKey } from './query-keys.ts';

/** GET /api/admin/catalogue-figures: the four stat cards, counted by the database. */
export function useCatalogueFigures(enabled = true) {
  return useQuery({
    enabled,
    queryKey: catalogueFiguresQueryKey,
    queryFn: ({ signal }) => apiRequest<CatalogueFigures>('/api/admin/catalogue-figures', { signal }),
  });
}
