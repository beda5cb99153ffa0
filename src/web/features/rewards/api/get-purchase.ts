import { useQuery } from '#web/lib/query/use-query.ts';
import type { PurchaseStatus } from '#contract/wallet.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/purchases/{purchaseId}: asked every 2 s while the payment is awaited (the server asks Stripe too). */
export const getPurchase = (purchaseId: string, signal?: AbortSignal) =>
  apiRequest<PurchaseStatus>(`/api/purchases/${encodeURIComponent(purchaseId)}`, { signal });

export function usePurchase(purchaseId: string | null) {
  return useQuery({
    queryKey: ['/api/purchases', purchaseId] as const,
    queryFn: ({ signal }) => getPurchase(purchaseId!, signal),
    enabled: purchaseId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 2000 : false),
  });
}
