import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import type { CarouselItem } from '#contract/curation.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshCarousel } from './refresh-catalogue.ts';

export interface AddCarouselItemInput {
  seriesId: number;
  /** A new item goes last: at (current item count + 1). */
  displayOrder: number;
}

export function addCarouselItem({ seriesId, displayOrder }: AddCarouselItemInput) {
  return apiRequest<CarouselItem>('/api/carousel', {
    method: 'POST',
    body: { seriesId, displayOrder, isActive: true },
  });
}

export function useAddCarouselItem() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addCarouselItem, onSuccess: () => refreshCarousel(queryClient) });
}
