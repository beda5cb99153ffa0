import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import type { OperatorSummary, UpdateOperatorBody } from '#contract/operators.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshTeam } from './get-team.ts';

/** PATCH /api/admin/operators/{id}: an operator's role, or whether they are disabled. */
export function updateOperator({ id, ...body }: UpdateOperatorBody & { id: number }) {
  return apiRequest<OperatorSummary>(`/api/admin/operators/${id}`, { method: 'PATCH', body });
}

export function useUpdateOperator() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateOperator, onSuccess: () => refreshTeam(queryClient) });
}
