import { queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import type { z } from 'zod';
import type { coinPackage } from '#contract/wallet.ts';
import { apiRequest } from '../lib/api-client.ts';

export type CoinPackage = z.infer<typeof coinPackage>;
export type PackagePlacement = 'topup' | 'rewards';

/** GET /api/packages: the server's price list (it also decides what a purchase credits). */
export const getPackages = (placement: PackagePlacement, signal?: AbortSignal) =>
  apiRequest<CoinPackage[]>(`/api/packages?placement=${placement}`, { signal });

export const packagesQueryOptions = (placement: PackagePlacement = 'topup') =>
  queryOptions({
    queryKey: ['/api/packages', placement] as const,
    queryFn: ({ signal }) => getPackages(placement, signal),
  });

export function usePackages(placement: PackagePlacement = 'topup', options: { enabled?: boolean } = {}) {
  return useQuery({ ...packagesQueryOptions(placement), ...options });
}
