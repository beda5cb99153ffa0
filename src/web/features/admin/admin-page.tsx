import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { useQueryClient } from '#web/lib/query/query-client-context.tsx';
import { useTranslation } from '../../lib/texts/use-translation.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { adminSessionQueryOptions, useAdminSession } from './api/get-admin-session.ts';
import { useSignedInOperator } from './api/get-signed-in-operator.ts';
import { rememberAdmin } from './lib/admin-flag.ts';
import { AdminSessionContext } from './lib/admin-session.tsx';
import { OperatorContext } from './lib/operator.tsx';
import { LoginScreen } from './components/login-screen.tsx';
import { Dashboard } from './components/dashboard.tsx';

// Only operators who open a series' episodes download the upload and transcode views.
const EpisodesPage = lazy(() => import('./episodes/episodes-page.tsx'));
const InvitePage = lazy(() => import('./invite/invite-page.tsx'));

/** /admin: the login screen or the dashboard, as the server's session says (never the local flag alone). */
export default function AdminPage() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const session = useAdminSession();
  const [location] = useLocation();
  const [notice, setNotice] = useState<string | null>(null);
  const authenticated = session.data?.authenticated === true;
  const operator = useSignedInOperator(authenticated);

  useEffect(() => {
    if (session.data) rememberAdmin(session.data.authenticated);
  }, [session.data]);

  const endSession = useCallback(() => {
    rememberAdmin(false);
    setNotice(t('login.sessionEnded'));
    queryClient.setQueryData(adminSessionQueryOptions().queryKey, { authenticated: false });
  }, [queryClient, t]);
  const controls = useMemo(() => ({ endSession }), [endSession]);

  const invite = /^\/invite\/([^/]+)$/.exec(location);
  if (invite) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <InvitePage token={decodeURIComponent(invite[1]!)} />
      </Suspense>
    );
  }
  if (session.isPending || (authenticated && operator.isPending)) {
    return <PageSpinner label={t('login.checking')} />;
  }

  return (
    <AdminSessionContext.Provider value={controls}>
      <OperatorContext.Provider value={operator.data ?? null}>
        {authenticated && operator.data ? (
          <Switch>
            <Route path="/series/:id/episodes">
              {(params) => (
                <Suspense fallback={<PageSpinner />}>
                  <EpisodesPage seriesId={Number(params.id)} />
                </Suspense>
              )}
            </Route>
            <Route>
              <Dashboard />
            </Route>
          </Switch>
        ) : (
          <LoginScreen notice={notice} onSignedIn={() => setNotice(null)} />
        )}
      </OperatorContext.Provider>
    </AdminSessionContext.Provider>
  );
}
