import { useQuery } from '@tanstack/react-query';
import type { CarouselItem } from '../../../../contract/curation.ts';
import { carouselQueryKey } from './query-keys.ts';

export function useCarouselItems() {
  return useQuery<CarouselItem[]>({
    queryKey: carouselQueryKey,
    select: carouselItemsInOrder,
  });
}

export function carouselItemsInOrder(items: CarouselItem[]) {
  return [...items].sort((a, b) => a.displayOrder - b.displayOrder || a.id - b.id);
}
