import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  SaveSeriesTranslationBody,
  SeriesLanguages,
  SeriesTranslation,
} from '../../../../contract/translations.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshCatalogue } from './query-keys.ts';

export const seriesLanguagesQueryKey = ['/api/admin/series-languages'] as const;
const translationsQueryKey = (seriesId: number) => ['/api/series', String(seriesId), 'translations'] as const;
const translationUrl = (seriesId: number, language: string) =>
  `/api/series/${seriesId}/translations/${encodeURIComponent(language)}`;

/** GET /api/admin/series-languages: the languages each translated series has, by series id. */
export function useSeriesLanguages(signedIn: boolean) {
  return useQuery({
    queryKey: seriesLanguagesQueryKey,
    queryFn: ({ signal }) => apiRequest<SeriesLanguages>('/api/admin/series-languages', { signal }),
    select: (rows) => new Map(rows.map((row) => [row.seriesId, row.languages])),
    enabled: signedIn,
  });
}

/** GET /api/series/{id}/translations */
export function useSeriesTranslations(seriesId: number | undefined) {
  return useQuery({
    queryKey: translationsQueryKey(seriesId ?? 0),
    queryFn: ({ signal }) => apiRequest<SeriesTranslation[]>(`/api/series/${seriesId}/translations`, { signal }),
    enabled: seriesId !== undefined,
  });
}

/** A translation changes the series' row, its languages and what viewers of that language read. */
function refreshTranslations(queryClient: QueryClient, seriesId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: translationsQueryKey(seriesId) }),
    queryClient.invalidateQueries({ queryKey: seriesLanguagesQueryKey }),
    refreshCatalogue(queryClient),
  ]);
}

export interface SaveTranslationInput {
  seriesId: number;
  language: string;
  text: SaveSeriesTranslationBody;
}

/** PUT /api/series/{id}/translations/{language}: adds the language or replaces its text. */
export function useSaveTranslation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ seriesId, language, text }: SaveTranslationInput) =>
      apiRequest<SeriesTranslation>(translationUrl(seriesId, language), { method: 'PUT', body: text }),
    onSuccess: (_, { seriesId }) => refreshTranslations(queryClient, seriesId),
  });
}

/** DELETE /api/series/{id}/translations/{language} */
export function useRemoveTranslation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ seriesId, language }: { seriesId: number; language: string }) =>
      apiRequest<void>(translationUrl(seriesId, language), { method: 'DELETE' }),
    onSuccess: (_, { seriesId }) => refreshTranslations(queryClient, seriesId),
  });
}
