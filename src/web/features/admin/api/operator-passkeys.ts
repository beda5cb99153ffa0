import { queryOptions, useQuery } from '#web/lib/query/use-query.ts';
import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import type { PasskeyOptions, PasskeySummary } from '#contract/accounts.ts';
import { apiRequest } from '#web/lib/api-client.ts';
import type { AdminSession } from './get-admin-session.ts';

// The browser part of WebAuthn is loaded only when a passkey is used.
const webAuthn = () => import('@simplewebauthn/browser');

const operatorPasskeysQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/admin/me/passkeys'] as const,
    queryFn: ({ signal }) => apiRequest<PasskeySummary[]>('/api/admin/me/passkeys', { signal }),
    staleTime: 0,
  });

/** GET /api/admin/me/passkeys: the signed-in operator's own passkeys. */
export function useOperatorPasskeys(enabled: boolean) {
  return useQuery({ ...operatorPasskeysQueryOptions(), enabled });
}

/** Saves a new passkey to the signed-in operator: the server's challenge, the authenticator's answer. */
export async function addOperatorPasskey(): Promise<PasskeySummary[]> {
  const [{ startRegistration }, options] = await Promise.all([
    webAuthn(),
    apiRequest<PasskeyOptions>('/api/admin/me/passkeys/options', { method: 'POST' }),
  ]);
  const answer = await startRegistration({ optionsJSON: options as never });
  return apiRequest<PasskeySummary[]>('/api/admin/me/passkeys', { method: 'POST', body: { answer } });
}

export function useAddOperatorPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addOperatorPasskey,
    onSuccess: (keys) => queryClient.setQueryData(operatorPasskeysQueryOptions().queryKey, keys),
  });
}

export function useRemoveOperatorPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<null>(`/api/admin/me/passkeys/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorPasskeysQueryOptions().queryKey }),
  });
}

/** "Sign in with a passkey" on the dashboard's login screen. */
export async function signInWithOperatorPasskey(): Promise<AdminSession> {
  const [{ startAuthentication }, options] = await Promise.all([
    webAuthn(),
    apiRequest<PasskeyOptions>('/api/admin/login/passkey/options', { method: 'POST' }),
  ]);
  const answer = await startAuthentication({ optionsJSON: options as never });
  return apiRequest<AdminSession>('/api/admin/login/passkey', { method: 'POST', body: { answer } });
}
