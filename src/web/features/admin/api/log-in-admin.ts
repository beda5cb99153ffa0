import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import type { AdminSession } from './get-admin-session.ts';
import { adminSessionQueryKey } from './query-keys.ts';
import { rememberAdmin } from '../lib/admin-flag.ts';

export function logInAdmin(password: string) {
  return apiRequest<AdminSession>('/api/admin/login', { method: 'POST', body: { password } });
}

export function useLogInAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logInAdmin,
    onSuccess: (session) => {
      rememberAdmin(session.authenticated);
      queryClient.setQueryData(adminSessionQueryKey, session);
    },
  });
}
