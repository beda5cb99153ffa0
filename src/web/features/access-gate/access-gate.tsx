import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import { apiRequest, onUnauthorized } from '../../lib/api-client.ts';
import type { AccessStatus } from '#contract/auth.ts';
import { storageKeys } from '../../lib/storage-keys.ts';
import { PageSpinner } from '../../components/ui/spinner.tsx';

// Only a visitor without access sees it: everyone else's first paint goes without its code.
const AccessGateScreen = lazy(() => import('./access-gate-screen.tsx').then((m) => ({ default: m.AccessGateScreen })));

/** The server's reply when the access cookie is missing or expired (src/server/plugins/guards.ts). */
const ACCESS_REQUIRED_MESSAGE = 'Enter your access code first.';

type GateState = 'checking' | 'locked' | 'granted';

const readStoredAccess = (): GateState => {
  try {
    return localStorage.getItem(storageKeys.access.key) === storageKeys.access.granted ? 'granted' : 'locked';
  } catch {
    return 'locked';
  }
};

const rememberAccess = () => {
  try {
    localStorage.setItem(storageKeys.access.key, storageKeys.access.granted);
  } catch {
    // Private mode without storage: the cookie still lets the visitor in.
  }
};

const isAccessRequired = (body: string) => {
  try {
    return (JSON.parse(body) as { message?: unknown }).message === ACCESS_REQUIRED_MESSAGE;
  } catch {
    return false;
  }
};

/**
 * Without a stored flag, the server says whether there is a gate at all (ACCESS_GATE=off: never shown) and
 * whether this visitor is past it; if it cannot be asked, the gate is shown, as before.
 */
const askServer = (): Promise<GateState> =>
  apiRequest<AccessStatus>('/api/access').then(
    (status) => (!status.required || status.granted ? 'granted' : 'locked'),
    () => 'locked',
  );

/**
 * Start-up: read the stored flag (spinner meanwhile), then show the app or the gate.
 * The flag only drives the UI; the server's cookie decides, and when it says the cookie is gone
 * the gate comes back.
 */
export function AccessGate({ children, granted }: { children: ReactNode; granted?: boolean }) {
  // A page the server rendered was for a visitor it let in: no flag to wait for.
  const [state, setState] = useState<GateState>(granted ? 'granted' : 'checking');
  const queryClient = useQueryClient();

  useEffect(() => {
    if (granted) rememberAccess();
    else if (readStoredAccess() === 'granted') setState('granted');
    else
      void askServer().then((state) => {
        if (state === 'granted') rememberAccess();
        setState(state);
      });
    const stopListening = onUnauthorized((_path, body) => {
      if (!isAccessRequired(body)) return;
      localStorage.removeItem(storageKeys.access.key);
      setState('locked');
    });
    return () => {
      stopListening();
    };
  }, [granted]);

  useEffect(() => {
    // Whatever was fetched before the gate came back failed with 401; fetch it again once inside.
    if (state === 'locked') queryClient.clear();
  }, [state, queryClient]);

  if (state === 'checking') return <PageSpinner />;
  if (state === 'locked')
    return (
      <Suspense fallback={<PageSpinner />}>
        <AccessGateScreen onGranted={() => setState('granted')} />
      </Suspense>
    );
  return children;
}
