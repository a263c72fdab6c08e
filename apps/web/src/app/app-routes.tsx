import { lazy, Suspense, useEffect, useState } from 'react';
import { Route, Routes } from 'react-router';
import { RedirectToLogin } from '../features/auth/components/redirect-to-login';
import { recoverTabSession, shouldRecoverTabSession } from '../lib/auth-storage';
import { paths } from '../lib/paths';
import { LoadingScreen } from './loading-screen';
import { LoginRoute } from './routes/auth/login';
import { useSessionCacheReset, useSessionExpiredNotice } from './session-effects';
import { useAuthToken } from './use-auth-token';

// The signed-in app (layout and every screen) is its own chunk: the login page does not load it.
const SignedInApp = lazy(() => import('./signed-in-app').then((m) => ({ default: m.SignedInApp })));
// Registration validates with the contract's schemas; it is its own chunk so the sign-in page loads
// no schema library (docs/decisions/0013).
const RegisterRoute = lazy(() => import('./routes/auth/register').then((m) => ({ default: m.RegisterRoute })));

/**
 * The auth state picks the route table (product §2.1): signed out, every path but /login and /register
 * leads to /login; signed in, every unknown path leads to /. Sign-out anywhere therefore lands on
 * /login without each screen having to navigate.
 */
export function AppRoutes() {
  // Only a tab that may inherit a browser-session token from another tab has to wait to decide.
  const [recovered, setRecovered] = useState(() => !shouldRecoverTabSession());
  const token = useAuthToken();
  useSessionCacheReset(token);
  useSessionExpiredNotice();

  useEffect(() => {
    if (recovered) return;
    let active = true;
    void recoverTabSession().then(() => {
      if (active) setRecovered(true);
    });
    return () => {
      active = false;
    };
  }, [recovered]);

  if (!recovered) return <LoadingScreen />;
  return token ? (
    <Suspense fallback={<LoadingScreen />}>
      <SignedInApp />
    </Suspense>
  ) : (
    <SignedOutRoutes />
  );
}

function SignedOutRoutes() {
  return (
    <Routes>
      <Route path={paths.login} element={<LoginRoute />} />
      <Route
        path={paths.register}
        element={
          <Suspense fallback={<LoadingScreen />}>
            <RegisterRoute />
          </Suspense>
        }
      />
      <Route path="*" element={<RedirectToLogin />} />
    </Routes>
  );
}
