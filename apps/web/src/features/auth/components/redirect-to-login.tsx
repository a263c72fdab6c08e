import { Navigate, useLocation } from 'react-router';
import { RETURN_PARAM, wasSignedInThisPage } from '../lib/return-path';
import { paths } from '../../../lib/paths';

/**
 * Sends a signed-out visitor to /login and remembers the page they asked for, so sign-in can take
 * them back there (the login form checks it is a same-origin path before using it). '/' needs no
 * note: it is where sign-in goes anyway; nor does a sign-out (see noteSignedInThisPage).
 */
export function RedirectToLogin() {
  const { pathname, search, hash } = useLocation();
  const requested = `${pathname}${search}${hash}`;
  const to =
    pathname === paths.home || wasSignedInThisPage()
      ? paths.login
      : paths.loginReturningTo(new URLSearchParams({ [RETURN_PARAM]: requested }));
  return <Navigate to={to} replace />;
}
