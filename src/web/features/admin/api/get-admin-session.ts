import { queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import type { z } from 'zod';
import type { adminSessionReply } from '#contract/auth.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export type AdminSession = z.infer<typeof adminSessionReply>;

/** GET /api/admin/session: the server decides whether the operator is signed in. */
export const getAdminSession = (signal?: AbortSignal) => apiRequest<AdminSession>('/api/admin/session', { signal });

/** Asked again each time the dashboard opens. */
export const adminSessionQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/session'] as const,
    queryFn: ({ signal }) => getAdminSession(signal),
    staleTime: 0,
  });

export function useAdminSession() {
  return useQuery(adminSessionQueryOptions());
}
