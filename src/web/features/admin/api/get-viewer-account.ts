import { queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import type { ViewerAccount } from '#contract/operators.ts';
import { apiRequest } from '#web/lib/api-client.ts';

/** GET /api/admin/viewers/{uid}: a viewer's account, as support looks it up. */
export const getViewerAccount = (uid: string, signal?: AbortSignal) =>
  apiRequest<ViewerAccount>(`/api/admin/viewers/${encodeURIComponent(uid)}`, { signal });

export const viewerAccountQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: ['/api/admin/viewers', uid] as const,
    queryFn: ({ signal }) => getViewerAccount(uid, signal),
    retry: false,
  });

export function useViewerAccount(uid: string) {
  return useQuery({ ...viewerAccountQueryOptions(uid), enabled: uid !== '' });
}
