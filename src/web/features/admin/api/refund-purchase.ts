import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import type { RefundReply } from '#contract/index.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { auditLogQueryOptions } from './get-audit-log.ts';
import { purchasesQueryOptions } from './get-purchases.ts';

/**
 * POST /api/admin/purchases/{id}/refund: asks the payment provider for a refund (all that is left without
 * `amount`, in minor units); the purchase changes once the provider confirms it.
 */
export function refundPurchase(purchaseId: string, amount?: number) {
  return apiRequest<RefundReply>(`/api/admin/purchases/${encodeURIComponent(purchaseId)}/refund`, {
    method: 'POST',
    body: amount === undefined ? {} : { amount },
  });
}

export function useRefundPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ purchaseId, amount }: { purchaseId: string; amount?: number }) => refundPurchase(purchaseId, amount),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: purchasesQueryOptions().queryKey });
      void queryClient.invalidateQueries({ queryKey: auditLogQueryOptions().queryKey });
    },
  });
}
