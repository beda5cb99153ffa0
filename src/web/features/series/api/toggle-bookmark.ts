import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import type { z } from 'zod';
import { VIEWER_USER_ID } from '#contract/constants.ts';
import type { bookmarkReply } from '#contract/library.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { withSeries } from '../lib/series-ids.ts';
import { bookmarkedQueryOptions } from '#web/api/get-bookmarked.ts';

export type BookmarkReply = z.infer<typeof bookmarkReply>;

export function toggleBookmark(seriesId: number) {
  return apiRequest<BookmarkReply>(`/api/user/${VIEWER_USER_ID}/bookmark/${seriesId}`, { method: 'POST' });
}

export function useToggleBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleBookmark,
    onSuccess: (reply) => {
      queryClient.setQueryData(bookmarkedQueryOptions().queryKey, (ids) =>
        withSeries(ids, reply.seriesId, reply.bookmarked),
      );
      void queryClient.invalidateQueries({ queryKey: bookmarkedQueryOptions().queryKey });
    },
  });
}
