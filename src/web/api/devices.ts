import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQuery } from '#web/lib/query/use-query.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import type { Account, Device } from '#contract/accounts.ts';
import { apiRequest } from '../lib/api-client.ts';
import { devicesQueryKey, forgetViewerAnswers } from './account.ts';

/** The browsers signed in to this account, and signing them out: read and used by the profile page only. */
export function useDevices(enabled: boolean) {
  return useQuery<Device[]>({
    queryKey: devicesQueryKey,
    queryFn: ({ signal }) => apiRequest<Device[]>('/api/account/devices', { signal }),
    enabled,
  });
}

export function useSignOutDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>(`/api/account/devices/${id}`, { method: 'DELETE' }),
    onSettled: () => forgetViewerAnswers(queryClient),
  });
}

export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<Account>('/api/account/sign-out-everywhere', { method: 'POST' }),
    onSettled: () => forgetViewerAnswers(queryClient),
  });
}
