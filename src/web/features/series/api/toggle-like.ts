import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import type { z } from 'zod';
import { VIEWER_USER_ID } from '#contract/constants.ts';
import type { likeReply } from '#contract/library.ts';
import type { Series } from '#contract/series.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { withSeries } from '../lib/series-ids.ts';
import { likedQueryOptions } from '#web/api/get-liked.ts';
import { seriesInEveryLanguage } from '#web/api/get-series.ts';

export type LikeReply = z.infer<typeof likeReply>;

export function toggleLike(seriesId: number) {
  return apiRequest<LikeReply>(`/api/user/${VIEWER_USER_ID}/like/${seriesId}`, { method: 'POST' });
}

export function useToggleLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleLike,
    onSuccess: (reply) => {
      queryClient.setQueryData(likedQueryOptions().queryKey, (ids) => withSeries(ids, reply.seriesId, reply.liked));
      queryClient.setQueriesData<Series>(seriesInEveryLanguage(reply.seriesId), (series) =>
        series ? { ...series, likes: reply.likes } : series,
      );
      void queryClient.invalidateQueries({ queryKey: likedQueryOptions().queryKey });
    },
  });
}
