import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
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
