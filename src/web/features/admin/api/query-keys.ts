import type { QueryClient } from '@tanstack/react-query';

// The dashboard reads the same lists as the viewer pages, so the viewer keys are refreshed too.
export const adminSessionQueryKey = ['/api/admin/session'] as const;
export const signedInOperatorQueryKey = ['/api/admin/me'] as const;
export const seriesListQueryKey = ['/api/series'] as const;
export const carouselQueryKey = ['/api/carousel'] as const;
export const trendingQueryKey = ['/api/trending'] as const;
/** The dashboard's searches of the catalogue (table, pickers): under '/api/series', so a series change refreshes them. */
export const adminSearchQueryKey = ['/api/series', 'admin-search'] as const;
export const catalogueFiguresQueryKey = ['/api/series', 'figures'] as const;

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

/** The carousel, and the picker of series not yet in it. */
export function refreshCarousel(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: carouselQueryKey }),
    queryClient.invalidateQueries({ queryKey: adminSearchQueryKey }),
  ]);
}

/** GET /api/series/trending follows the trending list too, and the picker of series not yet trending. */
export function refreshTrending(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: trendingQueryKey }),
    queryClient.invalidateQueries({ queryKey: adminSearchQueryKey }),
    queryClient.invalidateQueries({ queryKey: [...seriesListQueryKey, 'trending'] }),
  ]);
}
