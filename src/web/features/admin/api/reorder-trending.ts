import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshTrending } from './refresh-catalogue.ts';

export interface TrendingRank {
  id: number;
  rank: number;
}

/** Sends the whole list with the swapped ranks. */
export function reorderTrending(items: TrendingRank[]) {
  return apiRequest<unknown>('/api/trending/reorder', { method: 'PUT', body: { items } });
}

export function useReorderTrending() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reorderTrending, onSuccess: () => refreshTrending(queryClient) });
}
