import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminSessionQueryOptions, type AdminSession } from './get-admin-session.ts';
import { rememberAdmin } from '../lib/admin-flag.ts';

export function logOutAdmin() {
  return apiRequest<AdminSession>('/api/admin/logout', { method: 'POST' });
}

export function useLogOutAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logOutAdmin,
    onSuccess: () => {
      rememberAdmin(false);
      queryClient.setQueryData(adminSessionQueryOptions().queryKey, { authenticated: false });
    },
  });
}
