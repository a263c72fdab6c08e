import { accountMessages } from '@tokendesk/contract/account-messages';
import { Link, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AuthLayout } from '../../../features/auth/components/auth-layout';
import { LoginForm } from '../../../features/auth/components/login-form';
import { RETURN_PARAM, safeReturnPath } from '../../../features/auth/lib/return-path';
import { paths } from '../../../lib/paths';

export function LoginRoute() {
  useDocumentTitle('Sign In');
  const [searchParams] = useSearchParams();
  const registered = searchParams.get('registered') === 'true';
  // Set by Settings after a password change, which signs out every session (product §4).
  const passwordChanged = searchParams.get('password_changed') === 'true';
  // Set by the reset page after a reset by e-mailed link (decision 0039).
  const passwordReset = searchParams.get('password_reset') === 'true';
  // One notice, in the form's message slot: a failed sign-in replaces it rather than showing beside it.
  const notice = registered
    ? 'Account created. Please sign in.'
    : passwordChanged
      ? accountMessages.passwordChanged
      : passwordReset
        ? accountMessages.passwordReset
        : null;
  // Anything but a plain same-origin path is ignored: sign-in then goes to '/' as before.
  const returnTo = safeReturnPath(searchParams.get(RETURN_PARAM));

  return (
    <AuthLayout
      title="Sign in to TokenDesk"
      subtitle="Watch your token's pools, prices and on-chain activity."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to={paths.register} className="font-medium text-indigo-600 hover:text-indigo-700 hover:underline">
            Create an Account
          </Link>
        </>
      }
    >
      <LoginForm returnTo={returnTo} notice={notice} />
    </AuthLayout>
  );
}
