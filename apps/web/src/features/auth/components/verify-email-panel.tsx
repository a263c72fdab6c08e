import { accountMessages } from '@tokendesk/contract';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/api-client';
import { useVerifyEmail } from '../api/verify-email';

/**
 * Follows a verification or change-of-address link. It waits for a click rather than acting on
 * load: mail scanners open links to look at them, and must not spend a single-use link (decision 0039).
 */
export function VerifyEmailPanel({ token }: { token: string }) {
  const verify = useVerifyEmail();

  if (!token) return <Alert tone="error">{accountMessages.tokenRequired}</Alert>;

  if (verify.isSuccess) {
    return (
      <div className="flex flex-col gap-5">
        <Alert tone="success">{verify.data.detail}</Alert>
        {/* A full page load: a signed-in app rereads the account, a signed-out one shows sign-in. */}
        <a href="/" className={buttonClasses('primary', 'lg', 'w-full')}>
          Continue to TokenDesk
        </a>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      {verify.isError && (
        <Alert tone="error">
          {serverMessage(verify.error) ?? 'Failed to verify the e-mail address. Please try again.'}
        </Alert>
      )}
      <p className="text-sm text-slate-600">Confirm that this e-mail address is yours. The link works once.</p>
      <Button
        size="lg"
        className="w-full"
        autoFocus
        disabled={verify.isPending}
        loading={verify.isPending}
        onClick={() => verify.mutate({ token })}
      >
        {verify.isPending ? 'Confirming...' : 'Confirm E-mail Address'}
      </Button>
    </div>
  );
}
