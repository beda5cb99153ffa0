import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GrantCoinsBody, ViewerAccount } from '../../../../contract/operators.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { auditQueryKey } from './team.ts';

const viewerKey = (uid: string) => ['/api/admin/viewers', uid] as const;

export function useViewerAccount(uid: string) {
  return useQuery<ViewerAccount>({
    queryKey: viewerKey(uid),
    queryFn: () => apiRequest<ViewerAccount>(`/api/admin/viewers/${encodeURIComponent(uid)}`),
    enabled: uid !== '',
    retry: false,
  });
}

export function useGrantCoins(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GrantCoinsBody) =>
      apiRequest<ViewerAccount>(`/api/admin/viewers/${encodeURIComponent(uid)}/coins`, { method: 'POST', body }),
    onSuccess: (account) => {
      queryClient.setQueryData(viewerKey(uid), account);
      void queryClient.invalidateQueries({ queryKey: auditQueryKey });
    },
  });
}
