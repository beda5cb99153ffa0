import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CarouselItem } from '../../contract/curation.ts';
import { apiRequest } from '../lib/api-client.ts';

export const carouselQueryKey = ['/api/carousel'] as const;

/** GET /api/carousel: the home hero items, in display order. */
export const getCarousel = (signal?: AbortSignal) => apiRequest<CarouselItem[]>('/api/carousel', { signal });

export const carouselQueryOptions = () =>
  queryOptions({
    queryKey: carouselQueryKey,
    queryFn: ({ signal }) => getCarousel(signal),
    select: (items) => items.filter((item) => item.isActive).sort((a, b) => a.displayOrder - b.displayOrder),
  });

export function useCarousel() {
  return useQuery(carouselQueryOptions());
}
