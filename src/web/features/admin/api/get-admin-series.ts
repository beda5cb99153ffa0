import { useQuery } from '@tanstack/react-query';
import type { Series } from '../../../../contract/series.ts';
import { seriesListQueryKey } from './query-keys.ts';

/** SPEC §9: the admin series list is cached for five minutes. */
const ADMIN_SERIES_FRESH_MS = 5 * 60 * 1000;

/** GET /api/series, fetched only while the operator is signed in (SPEC §7). */
export function useAdminSeries(signedIn: boolean) {
  return useQuery<Series[]>({ queryKey: seriesListQueryKey, staleTime: ADMIN_SERIES_FRESH_MS, enabled: signedIn });
}
