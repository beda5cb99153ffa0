import type { QueryClient } from '@tanstack/react-query';

// The dashboard reads the same lists as the viewer pages, so the viewer keys are refreshed too.
export const adminSessionQueryKey = ['/api/admin/session'] as const;
export const seriesListQueryKey = ['/api/series'] as const;
export const carouselQueryKey = ['/api/carousel'] as const;
export const trendingQueryKey = ['/api/trending'] as const;

/**
 * A series change shows up in every list that nests series (carousel, trending) and in every
 * /api/series/... key (new, popular, trending, one series), which all start with '/api/series'.
 */
export function refreshCatalogue(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: seriesListQueryKey }),
    queryClient.invalidateQueries({ queryKey: carouselQueryKey }),
    queryClient.invalidateQueries({ queryKey: trendingQueryKey }),
  ]);
}

export function refreshCarousel(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: carouselQueryKey });
}

/** GET /api/series/trending follows the trending list too. */
export function refreshTrending(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: trendingQueryKey }),
    queryClient.invalidateQueries({ queryKey: [...seriesListQueryKey, 'trending'] }),
  ]);
}
