import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshCarousel } from './refresh-catalogue.ts';

export function removeCarouselItem(id: number) {
  return apiRequest<void>(`/api/carousel/${id}`, { method: 'DELETE' });
}

export function useRemoveCarouselItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeCarouselItem, onSuccess: () => refreshCarousel(queryClient) });
}
