import { useMutation, useQueryClient } from '#web/lib/query/index.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshCatalogue } from './refresh-catalogue.ts';

export function deleteSeries(id: number) {
  return apiRequest<void>(`/api/series/${id}`, { method: 'DELETE' });
}

export function useDeleteSeries() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSeries, onSuccess: () => refreshCatalogue(queryClient) });
}
