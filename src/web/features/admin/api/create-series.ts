import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import type { CreateSeriesBody, Series } from '#contract/series.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { refreshCatalogue } from './refresh-catalogue.ts';

export function createSeries(body: CreateSeriesBody) {
  return apiRequest<Series>('/api/series', { method: 'POST', body });
}

export function useCreateSeries() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createSeries, onSuccess: () => refreshCatalogue(queryClient) });
}
