import { lazy, Suspense, useEffect, useState } from 'react';
import { Route, Routes, useLocation } from 'react-router';
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
// The e-mail pages (decision 0039) load only when opened.
const ForgotPasswordRoute = lazy(() =>
  import('./routes/auth/forgot-password').then((m) => ({ default: m.ForgotPasswordRoute })),
);
const EmailLinkRoutes = lazy(() =>
  import('./routes/auth/email-link-routes').then((m) => ({ default: m.EmailLinkRoutes })),
);
/** Opened from e-mailed links: the link names the account, so they work signed in or out. */
const EMAIL_LINK_PATHS: readonly string[] = [paths.verifyEmail, paths.resetPassword];
// The Terms of Service and Privacy Policy (issue 35): read before registering and after, so outside both tables.
const TermsRoute = lazy(() => import('./routes/legal/legal-page').then((m) => ({ default: m.TermsRoute })));
const PrivacyRoute = lazy(() => import('./routes/legal/legal-page').then((m) => ({ default: m.PrivacyRoute })));
const LEGAL_ROUTES: Record<string, typeof TermsRoute> = { [paths.terms]: TermsRoute, [paths.privacy]: PrivacyRoute };

/**
 * The auth state picks the route table (product §2.1): signed out, every path but /login and /register
 * leads to /login; signed in, every unknown path leads to /. Sign-out anywhere therefore lands on
 * /login without each screen having to navigate.
 */
export function AppRoutes() {
  // Only a tab that may inherit a browser-session token from another tab has to wait to decide.
  const [recovered, setRecovered] = useState(() => !shouldRecoverTabSession());
  const token = useAuthToken();
  const { pathname } = useLocation();
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
  const Legal = LEGAL_ROUTES[pathname.replace(/\/+$/, '')];
  if (Legal) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <Legal />
      </Suspense>
    );
  }
  if (EMAIL_LINK_PATHS.includes(pathname.replace(/\/+$/, ''))) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <EmailLinkRoutes />
      </Suspense>
    );
  }
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
      <Route
        path={paths.forgotPassword}
        element={
          <Suspense fallback={<LoadingScreen />}>
            <ForgotPasswordRoute />
          </Suspense>
        }
      />
      <Route path="*" element={<RedirectToLogin />} />
    </Routes>
  );
}
