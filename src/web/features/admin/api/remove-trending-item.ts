import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshTrending } from './refresh-catalogue.ts';

export function removeTrendingItem(id: number) {
  return apiRequest<void>(`/api/trending/${id}`, { method: 'DELETE' });
}

export function useRemoveTrendingItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeTrendingItem, onSuccess: () => refreshTrending(queryClient) });
}
