import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshTeam } from './get-team.ts';

/** DELETE /api/admin/operators/{id} */
export function removeOperator(id: number) {
  return apiRequest<null>(`/api/admin/operators/${id}`, { method: 'DELETE' });
}

export function useRemoveOperator() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeOperator, onSuccess: () => refreshTeam(queryClient) });
}
