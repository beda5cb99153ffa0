import { keepPreviousData, queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import { carouselSlidesInOrder } from '#contract/catalogue-display.ts';
import type { CarouselItem } from '#contract/curation.ts';
import { inLanguage } from '#contract/languages.ts';
import { apiRequest } from '../lib/api-client.ts';
import { useCatalogueLanguage } from '../lib/catalogue-language.ts';

/** GET /api/carousel: the home hero items, in the viewer's language `lang`, else as operators wrote them. */
export const getCarousel = (lang?: string, signal?: AbortSignal) =>
  apiRequest<CarouselItem[]>(lang ? inLanguage('/api/carousel', lang) : '/api/carousel', { signal });

/** Without a language, the key is also the prefix of every language's: refreshing it refreshes them all. */
export const carouselQueryOptions = (lang?: string) =>
  queryOptions({
    queryKey: lang ? (['/api/carousel', { lang }] as const) : (['/api/carousel'] as const),
    queryFn: ({ signal }) => getCarousel(lang, signal),
    // After a language change the list stays on screen in the old one until the new one arrives.
    placeholderData: keepPreviousData,
  });

/** The slides viewers see: the active items, in display order. */
export function useCarousel() {
  return useQuery({ ...carouselQueryOptions(useCatalogueLanguage()), select: carouselSlidesInOrder });
}

/** The dashboard's list: every item, active or not, in display order. */
export function useCarouselItems() {
  return useQuery({ ...carouselQueryOptions(), select: carouselItemsInOrder });
}

function carouselItemsInOrder(items: CarouselItem[]) {
  return [...items].sort((a, b) => a.displayOrder - b.displayOrder || a.id - b.id);
}
