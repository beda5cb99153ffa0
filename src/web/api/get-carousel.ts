import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { carouselSlidesInOrder } from '../../contract/catalogue-display.ts';
import type { CarouselItem } from '../../contract/curation.ts';
import { inLanguage } from '../../contract/languages.ts';
import { apiRequest } from '../lib/api-client.ts';
import { useCatalogueLanguage } from '../lib/catalogue-language.ts';

export const carouselQueryKey = ['/api/carousel'] as const;

/** GET /api/carousel: the home hero items, in display order, in the viewer's language `lang`. */
export const getCarousel = (lang: string, signal?: AbortSignal) =>
  apiRequest<CarouselItem[]>(inLanguage('/api/carousel', lang), { signal });

export const carouselQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: [...carouselQueryKey, { lang }],
    queryFn: ({ signal }) => getCarousel(lang, signal),
    // After a language change the list stays on screen in the old one until the new one arrives.
    placeholderData: keepPreviousData,
    select: carouselSlidesInOrder,
  });

export function useCarousel() {
  return useQuery(carouselQueryOptions(useCatalogueLanguage()));
}
