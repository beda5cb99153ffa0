import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import type { SaveSeriesTranslationBody, SeriesTranslation } from '#contract/translations.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshTranslations, translationUrl } from './get-series-translations.ts';

export interface SaveTranslationInput {
  seriesId: number;
  language: string;
  text: SaveSeriesTranslationBody;
}

/** PUT /api/series/{id}/translations/{language}: adds the language or replaces its text. */
export function saveSeriesTranslation({ seriesId, language, text }: SaveTranslationInput) {
  return apiRequest<SeriesTranslation>(translationUrl(seriesId, language), { method: 'PUT', body: text });
}

export function useSaveTranslation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSeriesTranslation,
    onSuccess: (_, { seriesId }) => refreshTranslations(queryClient, seriesId),
  });
}
