// First import: the schema library must be configured before any schema is built.
import '../../../lib/zod-config';
import { Link } from 'react-router';
import { AuthLayout } from '../../../features/auth/components/auth-layout';
import { VerifyEmailPanel } from '../../../features/auth/components/verify-email-panel';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLinkToken } from './email-link';

/** /verify-email#token=…: verification and change-of-address links, signed in or out. */
export function VerifyEmailRoute() {
  useDocumentTitle('Verify E-mail Address');
  const token = useLinkToken();
  return (
    <AuthLayout
      title="Verify your e-mail address"
      subtitle="TokenDesk sends alerts and account e-mails only to verified addresses."
      footer={
        <Link to={paths.home} className="font-medium text-indigo-600 hover:text-indigo-700 hover:underline">
          Back to TokenDesk
        </Link>
      }
    >
      <VerifyEmailPanel token={token} />
    </AuthLayout>
  );
}
