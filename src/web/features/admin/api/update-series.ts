import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import type { Series, UpdateSeriesBody } from '#contract/series.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshCatalogue } from './refresh-catalogue.ts';

export interface UpdateSeriesInput {
  id: number;
  changes: UpdateSeriesBody;
}

export function updateSeries({ id, changes }: UpdateSeriesInput) {
  return apiRequest<Series>(`/api/series/${id}`, { method: 'PUT', body: changes });
}

export function useUpdateSeries() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateSeries, onSuccess: () => refreshCatalogue(queryClient) });
}
