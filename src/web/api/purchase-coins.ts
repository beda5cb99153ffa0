import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VIEWER_USER_ID } from '../../contract/constants.ts';
import type { PurchaseReply } from '../../contract/wallet.ts';
import { apiRequest, newIdempotencyKey } from '../lib/api-client.ts';
import { userQueryKey } from './get-user.ts';

/** POST /api/user/{userId}/purchase-tokens. The server credits the package it looks up; only the id is sent. */
export const purchaseCoins = (packageId: string, idempotencyKey = newIdempotencyKey()) =>
  apiRequest<PurchaseReply>(`/api/user/${VIEWER_USER_ID}/purchase-tokens`, {
    method: 'POST',
    body: { packageId },
    headers: { 'Idempotency-Key': idempotencyKey },
  });

/** Everything about the viewer's wallet history, whatever key shape a screen chose for it. */
const isWalletHistoryKey = (queryKey: readonly unknown[]) => {
  const path = queryKey.map(String).join('/');
  return path.startsWith('/api/user') && /transactions|ledger|history/.test(path);
};

export function usePurchaseCoins() {
  const queryClient = useQueryClient();
  return useMutation({
    // A fresh key per attempt: one click is applied once even if the request is replayed.
    mutationFn: (packageId: string) => purchaseCoins(packageId),
    onSuccess: (reply) => {
      queryClient.setQueryData(userQueryKey, reply.user);
      void queryClient.invalidateQueries({ queryKey: userQueryKey });
      void queryClient.invalidateQueries({ predicate: (query) => isWalletHistoryKey(query.queryKey) });
    },
  });
}
