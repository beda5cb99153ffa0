import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Account, Device, PasskeyOptions, SignInReply } from '../../contract/accounts.ts';
import { apiRequest } from '../lib/api-client.ts';

export const accountQueryKey = ['/api/account'] as const;
export const devicesQueryKey = ['/api/account/devices'] as const;

/**
 * The account this browser is signed in to, or its guest. Read by the browser only: pages rendered on the server
 * are everyone's, so they show the signed-out state first.
 */
export function useAccount() {
  return useQuery<Account>({
    queryKey: accountQueryKey,
    queryFn: ({ signal }) => apiRequest<Account>('/api/account', { signal }),
    enabled: !import.meta.env.SSR,
    staleTime: 60_000,
  });
}

export function useDevices(enabled: boolean) {
  return useQuery<Device[]>({
    queryKey: devicesQueryKey,
    queryFn: ({ signal }) => apiRequest<Device[]>('/api/account/devices', { signal }),
    enabled,
  });
}

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

export const signOut = () => apiRequest<Account>('/api/sign-out', { method: 'POST' });

const PER_VIEWER = new Set(['/api/user', ...accountQueryKey, ...devicesQueryKey]);

/** After signing in or out, what this browser read of its viewer was someone else's: read it again. */
export function forgetViewerAnswers(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ predicate: (query) => PER_VIEWER.has(String(query.queryKey[0])) });
}

/** The account the server answered with is this browser's now; the rest of what it read is read again. */
export function useAfterAccountChange() {
  const queryClient = useQueryClient();
  return (account: Account) => {
    queryClient.setQueryData(accountQueryKey, account);
    void forgetViewerAnswers(queryClient);
  };
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>(`/api/account/passkeys/${id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accountQueryKey }),
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
