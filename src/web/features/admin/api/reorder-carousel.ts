import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshCarousel } from './refresh-catalogue.ts';

export interface CarouselPosition {
  id: number;
  displayOrder: number;
}

/** Sends the whole list with its new 1-based positions. */
export function reorderCarousel(items: CarouselPosition[]) {
  return apiRequest<unknown>('/api/carousel/reorder', { method: 'PUT', body: { items } });
}

export function useReorderCarousel() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reorderCarousel, onSuccess: () => refreshCarousel(queryClient) });
}
