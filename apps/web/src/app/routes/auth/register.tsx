// First import: the schema library must be configured before any schema is built.
import '../../../lib/zod-config';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AuthLayout } from '../../../features/auth/components/auth-layout';
import { RegisterForm } from '../../../features/auth/components/register-form';
import { paths } from '../../../lib/paths';

export function RegisterRoute() {
  useDocumentTitle('Create an Account');
  return (
    <AuthLayout
      title="Create your account"
      subtitle="Set up TokenDesk for your token projects."
      footer={
        <>
          Already have an account?{' '}
          <Link to={paths.login} className="font-medium text-indigo-600 hover:text-indigo-700 hover:underline">
            Sign In
          </Link>
        </>
      }
    >
      <RegisterForm />
    </AuthLayout>
  );
}
