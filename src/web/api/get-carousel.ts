import { queryOptions, useQuery } from '@tanstack/react-query';
import { carouselSlidesInOrder } from '../../contract/catalogue-display.ts';
import type { CarouselItem } from '../../contract/curation.ts';
import { apiRequest } from '../lib/api-client.ts';

export const carouselQueryKey = ['/api/carousel'] as const;

/** GET /api/carousel: the home hero items, in display order. */
export const getCarousel = (signal?: AbortSignal) => apiRequest<CarouselItem[]>('/api/carousel', { signal });

export const carouselQueryOptions = () =>
  queryOptions({
    queryKey: carouselQueryKey,
    queryFn: ({ signal }) => getCarousel(signal),
    select: carouselSlidesInOrder,
  });

export function useCarousel() {
  return useQuery(carouselQueryOptions());
}
