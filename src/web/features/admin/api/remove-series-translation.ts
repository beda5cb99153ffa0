import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshTranslations, translationUrl } from './get-series-translations.ts';

/** DELETE /api/series/{id}/translations/{language} */
export function removeSeriesTranslation({ seriesId, language }: { seriesId: number; language: string }) {
  return apiRequest<void>(translationUrl(seriesId, language), { method: 'DELETE' });
}

export function useRemoveTranslation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSeriesTranslation,
    onSuccess: (_, { seriesId }) => refreshTranslations(queryClient, seriesId),
  });
}
