import { useMutation } from '#web/lib/query/use-mutation.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import { storageKeys } from '#web/lib/storage-keys.ts';

export function leavePreview() {
  return apiRequest<{ granted: false }>('/api/access/leave', { method: 'POST' });
}

/** Ends this browser's access session on the server, then starts the app again at the gate. */
export function useLeavePreview() {
  return useMutation({
    mutationFn: leavePreview,
    onSuccess: () => {
      localStorage.removeItem(storageKeys.access.key);
      window.location.assign('/');
    },
  });
}
