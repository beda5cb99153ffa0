import { infiniteQueryOptions, useInfiniteQuery } from '#web/lib/query/use-infinite-query.ts';
import type { AdminPurchase, PurchaseStatusName } from '#contract/index.ts';
import { apiRequest } from '#web/lib/api-client.ts';

const PAGE = 50;

/** GET /api/admin/purchases: one page of purchases, newest first, made before `before`. */
export function getPurchases(status: PurchaseStatusName | '', before?: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(PAGE) });
  if (status) query.set('status', status);
  if (before) query.set('before', before);
  return apiRequest<AdminPurchase[]>(`/api/admin/purchases?${query.toString()}`, { signal });
}

/** Without a status, the key is also the prefix of every filtered list's: refreshing it refreshes them all. */
export const purchasesQueryOptions = (status?: PurchaseStatusName | '') =>
  infiniteQueryOptions({
    queryKey: status === undefined ? (['/api/admin/purchases'] as const) : (['/api/admin/purchases', status] as const),
    queryFn: ({ pageParam, signal }) => getPurchases(status ?? '', pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.length === PAGE ? page.at(-1)!.createdAt : undefined),
  });

/** While a refund waits for the provider's confirmation, the list asks again every second. */
export function usePurchases(status: PurchaseStatusName | '', waiting: boolean) {
  return useInfiniteQuery({ ...purchasesQueryOptions(status), refetchInterval: waiting ? 1000 : false });
}
