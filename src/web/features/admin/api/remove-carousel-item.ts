import { useMutation, useQueryClient } from '#web/lib/query/index.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshCarousel } from './refresh-catalogue.ts';

export function removeCarouselItem(id: number) {
  return apiRequest<void>(`/api/carousel/${id}`, { method: 'DELETE' });
}

export function useRemoveCarouselItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeCarouselItem, onSuccess: () => refreshCarousel(queryClient) });
}
