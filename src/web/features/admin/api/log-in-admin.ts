import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminSessionQueryOptions, type AdminSession } from './get-admin-session.ts';
import { signedInOperatorQueryOptions } from './get-signed-in-operator.ts';
import { signInWithOperatorPasskey } from './operator-passkeys.ts';
import { rememberAdmin } from '../lib/admin-flag.ts';

/** Without a name, the password is the owner's. */
export function logInAdmin(credentials: { name?: string; password: string }) {
  return apiRequest<AdminSession>('/api/admin/login', { method: 'POST', body: credentials });
}

/** What a sign-in changes in the dashboard, by password or passkey alike. */
function useSessionStarted() {
  const queryClient = useQueryClient();
  return (session: AdminSession) => {
    rememberAdmin(session.authenticated);
    // Whoever was signed in before is not who is now.
    queryClient.removeQueries({ queryKey: signedInOperatorQueryOptions().queryKey });
    queryClient.setQueryData(adminSessionQueryOptions().queryKey, session);
  };
}

export function useLogInAdmin() {
  return useMutation({ mutationFn: logInAdmin, onSuccess: useSessionStarted() });
}

export function usePasskeyLogInAdmin() {
  return useMutation({ mutationFn: signInWithOperatorPasskey, onSuccess: useSessionStarted() });
}
