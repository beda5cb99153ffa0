import type { QueryClient } from '#web/lib/query/query-client.ts';
import { carouselQueryOptions } from '#web/api/get-carousel.ts';
import { catalogueQueryKey } from '#web/api/get-series.ts';
import { trendingQueryOptions } from '#web/api/get-trending.ts';
import { adminSeriesSearchQueryKey } from './search-admin-series.ts';

// What an operator's change refreshes. The dashboard reads the same lists as the viewer pages, in the same
// cache, so the viewers' reads (in every language) are refreshed too.

/** A series change shows in every read of the catalogue and in the lists that nest series (carousel, trending). */
export function refreshCatalogue(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: catalogueQueryKey }),
    queryClient.invalidateQueries({ queryKey: carouselQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: trendingQueryOptions().queryKey }),
  ]);
}

/** The carousel, and the picker of series not yet in it. */
export function refreshCarousel(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: carouselQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: adminSeriesSearchQueryKey }),
  ]);
}

/** The trending list, and the picker of series not yet trending. */
export function refreshTrending(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: trendingQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: adminSeriesSearchQueryKey }),
  ]);
}
