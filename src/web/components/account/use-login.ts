import { useSyncExternalStore } from 'react';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import { accountQueryKey, forgetViewerAnswers, signOut, useAccount } from '../../api/account.ts';
import { translate } from '../../lib/texts/text-store.ts';
import { TIMINGS } from '#contract/constants.ts';
import { storageKeys } from '../../lib/storage-keys.ts';
import { toast } from '../ui/toast.tsx';

export const LOGIN_PROVIDERS = ['slush', 'google', 'apple'] as const;
export type LoginProvider = (typeof LOGIN_PROVIDERS)[number];

export interface LoginUser {
  username: string;
  email: string;
  provider: LoginProvider;
}

/** Who the header and profile show as signed in: a real account (a session on the server) or the preview sign-in. */
export interface SignedInUser {
  username: string;
  email: string;
  /** The preview sign-in only names this browser's viewer: nothing was verified. */
  preview: boolean;
}

const PROVIDER_NAMES: Record<LoginProvider, string> = { slush: 'Slush', google: 'Google', apple: 'Apple' };
export const providerName = (provider: LoginProvider) => PROVIDER_NAMES[provider];

/** The login is simulated in the browser: no server call, no real identity. */
function userFor(provider: LoginProvider): LoginUser {
  const username = `${PROVIDER_NAMES[provider]}User`;
  return { username, email: `${username.toLowerCase()}@${provider}.example`, provider };
}

interface LoginState {
  isLoggedIn: boolean;
  loginUser: LoginUser | null;
}

function readStoredLogin(): LoginState {
  try {
    const isLoggedIn = localStorage.getItem(storageKeys.login.key) === storageKeys.login.loggedIn;
    const raw = localStorage.getItem(storageKeys.loginUser);
    const parsed = raw ? (JSON.parse(raw) as Partial<LoginUser>) : null;
    const loginUser =
      isLoggedIn && parsed && LOGIN_PROVIDERS.includes(parsed.provider as LoginProvider)
        ? userFor(parsed.provider as LoginProvider)
        : isLoggedIn
          ? userFor('google')
          : null;
    return { isLoggedIn, loginUser };
  } catch {
    return { isLoggedIn: false, loginUser: null };
  }
}

// One store for the whole app, so the header, profile page and dialogs agree without a provider.
let state: LoginState | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());
const getState = () => (state ??= readStoredLogin());

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab logging in or out.
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKeys.login.key || event.key === storageKeys.loginUser) {
      state = readStoredLogin();
      emit();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function login(provider: LoginProvider): Promise<void> {
  await wait(TIMINGS.simulatedLoginDelayMs);
  const loginUser = userFor(provider);
  localStorage.setItem(storageKeys.login.key, storageKeys.login.loggedIn);
  localStorage.setItem(storageKeys.loginUser, JSON.stringify(loginUser));
  state = { isLoggedIn: true, loginUser };
  emit();
  toast({
    title: translate('login.welcomeToast', { ns: 'common' }),
    description: translate('login.welcomeToastDescription', { ns: 'common', provider: providerName(provider) }),
  });
}

function forgetPreviewLogin() {
  localStorage.removeItem(storageKeys.login.key);
  localStorage.removeItem(storageKeys.loginUser);
  state = { isLoggedIn: false, loginUser: null };
  emit();
}

/** The login lives in this browser only: a page rendered on the server shows the logged-out state first. */
const LOGGED_OUT: LoginState = { isLoggedIn: false, loginUser: null };
const getServerState = () => LOGGED_OUT;

/**
 * Signed in when the server says this browser holds an account's session; else the preview sign-in of a provider
 * that is not configured, kept in this browser. Logging out of an account leaves a new, empty guest here.
 */
export function useLogin() {
  const preview = useSyncExternalStore(subscribe, getState, getServerState);
  const account = useAccount().data;
  const queryClient = useQueryClient();
  const signedIn = account?.signedIn === true;
  const loginUser: SignedInUser | null = signedIn
    ? { username: account.name, email: account.email, preview: false }
    : preview.isLoggedIn && preview.loginUser
      ? { username: preview.loginUser.username, email: preview.loginUser.email, preview: true }
      : null;
  const logout = async () => {
    if (signedIn) {
      queryClient.setQueryData(accountQueryKey, await signOut());
      void forgetViewerAnswers(queryClient);
    }
    forgetPreviewLogin();
    toast({ title: translate('login.loggedOutToast', { ns: 'common' }) });
  };
  return { isLoggedIn: signedIn || preview.isLoggedIn, loginUser, login, logout };
}
