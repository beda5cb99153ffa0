import { useMutation, useQueryClient } from '#web/lib/query/index.ts';
import type { CreatedOperatorReply, CreateOperatorBody } from '#contract/operators.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshTeam } from './get-team.ts';

/** POST /api/admin/operators: adds an operator and answers the invitation to send them. */
export function inviteOperator(body: CreateOperatorBody) {
  return apiRequest<CreatedOperatorReply>('/api/admin/operators', { method: 'POST', body });
}

export function useInviteOperator() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: inviteOperator, onSuccess: () => refreshTeam(queryClient) });
}
