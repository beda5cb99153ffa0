import { useSyncExternalStore } from 'react';
import { translate } from '../../lib/texts/text-store.ts';
import { TIMINGS } from '../../../contract/constants.ts';
import { storageKeys } from '../../lib/storage-keys.ts';
import { toast } from '../ui/toast.tsx';

export const LOGIN_PROVIDERS = ['slush', 'google', 'apple'] as const;
export type LoginProvider = (typeof LOGIN_PROVIDERS)[number];

export interface LoginUser {
  username: string;
  email: string;
  provider: LoginProvider;
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

export function logout() {
  localStorage.removeItem(storageKeys.login.key);
  localStorage.removeItem(storageKeys.loginUser);
  state = { isLoggedIn: false, loginUser: null };
  emit();
  toast({ title: translate('login.loggedOutToast', { ns: 'common' }) });
}

/** The login lives in this browser only: a page rendered on the server shows the logged-out state first. */
const LOGGED_OUT: LoginState = { isLoggedIn: false, loginUser: null };
const getServerState = () => LOGGED_OUT;

export function useLogin() {
  const current = useSyncExternalStore(subscribe, getState, getServerState);
  return { ...current, login, logout };
}
