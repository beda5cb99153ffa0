import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshCatalogue } from './refresh-catalogue.ts';

export function deleteSeries(id: number) {
  return apiRequest<void>(`/api/series/${id}`, { method: 'DELETE' });
}

export function useDeleteSeries() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteSeries, onSuccess: () => refreshCatalogue(queryClient) });
}
