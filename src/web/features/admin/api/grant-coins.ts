import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import type { GrantCoinsBody, ViewerAccount } from '#contract/operators.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { auditLogQueryOptions } from './get-audit-log.ts';
import { viewerAccountQueryOptions } from './get-viewer-account.ts';

/** POST /api/admin/viewers/{uid}/coins: credits the viewer and answers their account as it now is. */
export function grantCoins(uid: string, body: GrantCoinsBody) {
  return apiRequest<ViewerAccount>(`/api/admin/viewers/${encodeURIComponent(uid)}/coins`, { method: 'POST', body });
}

export function useGrantCoins(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GrantCoinsBody) => grantCoins(uid, body),
    onSuccess: (account) => {
      queryClient.setQueryData(viewerAccountQueryOptions(uid).queryKey, account);
      void queryClient.invalidateQueries({ queryKey: auditLogQueryOptions().queryKey });
    },
  });
}
