import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import { VIEWER_USER_ID } from '#contract/constants.ts';
import type { PurchaseCheckoutReply, PurchaseReply } from '#contract/wallet.ts';
import { apiRequest, newIdempotencyKey } from '../lib/api-client.ts';
import { transactionsQueryOptions } from './get-transactions.ts';
import { userQueryOptions } from './get-user.ts';

/**
 * POST /api/user/{userId}/purchase-tokens. The server credits the package it looks up; only the id is sent. In the
 * preview the coins are credited at once; with a payment provider the reply is where to pay (checkoutUrl).
 */
export const purchaseCoins = (packageId: string, idempotencyKey = newIdempotencyKey()) =>
  apiRequest<PurchaseReply | PurchaseCheckoutReply>(`/api/user/${VIEWER_USER_ID}/purchase-tokens`, {
    method: 'POST',
    body: { packageId },
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export const isCheckout = (reply: PurchaseReply | PurchaseCheckoutReply): reply is PurchaseCheckoutReply =>
  'checkoutUrl' in reply;

export function usePurchaseCoins() {
  const queryClient = useQueryClient();
  return useMutation({
    // A fresh key per attempt: one click is applied once even if the request is replayed.
    mutationFn: (packageId: string) => purchaseCoins(packageId),
    onSuccess: (reply) => {
      if (isCheckout(reply)) {
        // The payment provider's page; it sends the buyer back to /rewards?purchase=….
        window.location.assign(reply.checkoutUrl);
        return;
      }
      queryClient.setQueryData(userQueryOptions().queryKey, reply.user);
      void queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: transactionsQueryOptions().queryKey });
    },
  });
}
