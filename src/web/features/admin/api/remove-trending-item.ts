import { useMutation, useQueryClient } from '#web/lib/query/index.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshTrending } from './refresh-catalogue.ts';

export function removeTrendingItem(id: number) {
  return apiRequest<void>(`/api/trending/${id}`, { method: 'DELETE' });
}

export function useRemoveTrendingItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeTrendingItem, onSuccess: () => refreshTrending(queryClient) });
}
