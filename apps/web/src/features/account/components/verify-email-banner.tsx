import { accountMessages, fillMessage } from '@tokendesk/contract';
import { MailWarning } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { serverMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { useEmailOptions } from '../../../lib/email-options';
import { useResendVerification } from '../api/resend-verification';

/**
 * Above every signed-in page while the account's address is not verified (decision 0039). The
 * account works fully meanwhile; only alert e-mails wait for it. Without SMTP nothing can be
 * verified, so the banner stays away rather than nag on every page about what no one can fix;
 * Settings and the profile say 'E-mail is not configured on this server.' instead.
 */
export function VerifyEmailBanner() {
  const user = useCurrentUser();
  const options = useEmailOptions();
  const resend = useResendVerification();
  if (user.email_verified || options.data?.email_configured !== true) return null;

  const answer = resend.isSuccess
    ? { tone: 'text-emerald-800', text: resend.data.detail }
    : resend.isError
      ? { tone: 'text-red-700', text: serverMessage(resend.error) ?? 'Failed to send the e-mail. Please try again.' }
      : null;

  return (
    <section
      aria-label="E-mail verification"
      className="mb-6 flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center"
    >
      <MailWarning className="hidden h-5 w-5 shrink-0 sm:block" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="break-words">{fillMessage(accountMessages.verifyBanner, { email: user.email })}</p>
        <p className={`mt-1 break-words ${answer?.tone ?? 'sr-only'}`} role={resend.isError ? 'alert' : 'status'}>
          {answer?.text ?? ''}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="shrink-0 self-start sm:self-center"
        disabled={resend.isPending}
        loading={resend.isPending}
        onClick={() => resend.mutate()}
      >
        {resend.isPending ? 'Sending...' : 'Resend'}
      </Button>
    </section>
  );
}
