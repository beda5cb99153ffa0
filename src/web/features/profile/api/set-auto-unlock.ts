import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import { VIEWER_USER_ID } from '#contract/constants.ts';
import type { AutoUnlockSetting } from '#contract/passes.ts';
import { autoUnlockQueryOptions } from '#web/api/get-auto-unlock.ts';
import { apiRequest } from '#web/lib/api-client.ts';

export function setAutoUnlock(enabled: boolean) {
  return apiRequest<AutoUnlockSetting>(`/api/user/${VIEWER_USER_ID}/auto-unlock`, {
    method: 'PUT',
    body: { enabled },
  });
}

export function useSetAutoUnlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAutoUnlock,
    onSuccess: (setting) => queryClient.setQueryData(autoUnlockQueryOptions().queryKey, setting),
  });
}
