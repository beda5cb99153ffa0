import { useMutation } from '#web/lib/query/use-mutation.ts';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import type { Account, PasskeyOptions, SignInReply } from '#contract/accounts.ts';
import { apiRequest } from '../lib/api-client.ts';
import { accountQueryKey } from './account.ts';

// The browser part of WebAuthn is loaded only when a passkey is used: no first page pays for it.
const webAuthn = () => import('@simplewebauthn/browser');

export async function signInWithPasskey(): Promise<SignInReply> {
  const [{ startAuthentication }, options] = await Promise.all([
    webAuthn(),
    apiRequest<PasskeyOptions>('/api/sign-in/passkey/options', { method: 'POST' }),
  ]);
  const answer = await startAuthentication({ optionsJSON: options as never });
  return apiRequest<SignInReply>('/api/sign-in/passkey', { method: 'POST', body: { answer } });
}

export async function addPasskey(): Promise<Account> {
  const [{ startRegistration }, options] = await Promise.all([
    webAuthn(),
    apiRequest<PasskeyOptions>('/api/account/passkeys/options', { method: 'POST' }),
  ]);
  const answer = await startRegistration({ optionsJSON: options as never });
  return apiRequest<Account>('/api/account/passkeys', { method: 'POST', body: { answer } });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>(`/api/account/passkeys/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountQueryKey }),
  });
}
