// First import: the schema library must be configured before any schema is built.
import '../../../lib/zod-config';
import { Link } from 'react-router';
import { AuthLayout } from '../../../features/auth/components/auth-layout';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLinkToken } from './email-link';

/** /reset-password#token=…: choose a new password with the link from 'Forgot password?'. */
export function ResetPasswordRoute() {
  useDocumentTitle('Reset Password');
  const token = useLinkToken();
  return (
    <AuthLayout
      title="Choose a new password"
      subtitle="The link from the e-mail works once, for 30 minutes."
      footer={
        <Link to={paths.login} className="font-medium text-indigo-600 hover:text-indigo-700 hover:underline">
          Back to Sign In
        </Link>
      }
    >
      <ResetPasswordForm token={token} />
    </AuthLayout>
  );
}
