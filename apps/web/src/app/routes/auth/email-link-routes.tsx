import { Route, Routes } from 'react-router';
import { paths } from '../../../lib/paths';
import { ResetPasswordRoute } from './reset-password';
import { VerifyEmailRoute } from './verify-email';

/** The pages e-mailed links open; app-routes.tsx shows them whether or not someone is signed in. */
export function EmailLinkRoutes() {
  return (
    <Routes>
      <Route path={paths.verifyEmail} element={<VerifyEmailRoute />} />
      <Route path={paths.resetPassword} element={<ResetPasswordRoute />} />
    </Routes>
  );
}
