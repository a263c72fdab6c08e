// First import: the schema library must be configured before any schema is built.
import '../../../lib/zod-config';
import { Link } from 'react-router';
import { AuthLayout } from '../../../features/auth/components/auth-layout';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form';
import { useEmailOptions } from '../../../lib/email-options';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';

export function ForgotPasswordRoute() {
  useDocumentTitle('Forgot Password');
  const options = useEmailOptions();
  return (
    <AuthLayout
      title="Reset your password"
      // Without e-mail nobody mails a link: a person issues it (decision 0058).
      subtitle={
        options.data === undefined
          ? 'Choose a new password with a one-time link.'
          : options.data.email_configured
            ? 'We e-mail you a link to choose a new one.'
            : 'Ask for a one-time link to choose a new one.'
      }
      footer={
        <>
          Remembered it?{' '}
          <Link to={paths.login} className="font-medium text-indigo-600 hover:text-indigo-700 hover:underline">
            Sign In
          </Link>
        </>
      }
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
