import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQuery } from '#web/lib/query/use-query.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import type { z } from 'zod';
import { VIEWER_USER_ID } from '#contract/constants.ts';
import type { alertReply, episodeAlertSeries } from '#contract/alerts.ts';
import { apiRequest } from '#web/lib/api-client.ts';

const path = `/api/user/${VIEWER_USER_ID}/alerts`;

/** The series whose new episodes the viewer is notified of (the same query the series page's "Notify me" reads). */
export const useNotifiedSeries = () =>
  useQuery({ queryKey: [path], queryFn: () => apiRequest<z.infer<typeof episodeAlertSeries>[]>(path) });

export function useStopNotifying() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (seriesId: number) =>
      apiRequest<z.infer<typeof alertReply>>(`${path}/${seriesId}`, { method: 'DELETE' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [path] }),
  });
}
