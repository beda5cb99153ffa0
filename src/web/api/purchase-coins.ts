import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VIEWER_USER_ID } from '#contract/constants.ts';
import type { PurchaseReply } from '#contract/wallet.ts';
import { apiRequest, newIdempotencyKey } from '../lib/api-client.ts';
import { transactionsQueryOptions } from './get-transactions.ts';
import { userQueryOptions } from './get-user.ts';

/** POST /api/user/{userId}/purchase-tokens. The server credits the package it looks up; only the id is sent. */
export const purchaseCoins = (packageId: string, idempotencyKey = newIdempotencyKey()) =>
  apiRequest<PurchaseReply>(`/api/user/${VIEWER_USER_ID}/purchase-tokens`, {
    method: 'POST',
    body: { packageId },
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export function usePurchaseCoins() {
  const queryClient = useQueryClient();
  return useMutation({
    // A fresh key per attempt: one click is applied once even if the request is replayed.
    mutationFn: (packageId: string) => purchaseCoins(packageId),
    onSuccess: (reply) => {
      queryClient.setQueryData(userQueryOptions().queryKey, reply.user);
      void queryClient.invalidateQueries({ queryKey: userQueryOptions().queryKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: transactionsQueryOptions().queryKey });
    },
  });
}
