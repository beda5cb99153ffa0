import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatedOperatorReply,
  CreateOperatorBody,
  InviteReply,
  OperatorSummary,
  UpdateOperatorBody,
} from '../../../../contract/operators.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const teamQueryKey = ['/api/admin/operators'] as const;
export const auditQueryKey = ['/api/admin/audit'] as const;

export function useTeam() {
  return useQuery<OperatorSummary[]>({ queryKey: teamQueryKey });
}

/** Every team change is in the team list and in the activity log. */
function useRefreshTeam() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: teamQueryKey }),
      queryClient.invalidateQueries({ queryKey: auditQueryKey }),
    ]);
}

export function useInviteOperator() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (body: CreateOperatorBody) =>
      apiRequest<CreatedOperatorReply>('/api/admin/operators', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useUpdateOperator() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateOperatorBody & { id: number }) =>
      apiRequest<OperatorSummary>(`/api/admin/operators/${id}`, { method: 'PATCH', body }),
    onSuccess: refresh,
  });
}

export function useRemoveOperator() {
  const refresh = useRefreshTeam();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>(`/api/admin/operators/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

export function useInvite(token: string) {
  return useQuery<InviteReply>({
    queryKey: ['/api/admin/invites', token],
    queryFn: () => apiRequest<InviteReply>(`/api/admin/invites/${encodeURIComponent(token)}`),
    retry: false,
  });
}

export function useAcceptInvite(token: string) {
  return useMutation({
    mutationFn: (password: string) =>
      apiRequest<InviteReply>(`/api/admin/invites/${encodeURIComponent(token)}/accept`, {
        method: 'POST',
        body: { password },
      }),
  });
}
