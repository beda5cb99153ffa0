import { queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import type { QueryClient } from '#web/lib/query/query-client.ts';
import type { OperatorSummary } from '#contract/operators.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { auditLogQueryOptions } from './get-audit-log.ts';

/** GET /api/admin/operators: the team, the owner included. */
export const getTeam = (signal?: AbortSignal) => apiRequest<OperatorSummary[]>('/api/admin/operators', { signal });

export const teamQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/operators'] as const,
    queryFn: ({ signal }) => getTeam(signal),
  });

export function useTeam() {
  return useQuery(teamQueryOptions());
}

/** Every team change is in the team list and in the activity log. */
export function refreshTeam(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: teamQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: auditLogQueryOptions().queryKey }),
  ]);
}
