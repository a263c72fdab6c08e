import { accountMessages } from '@tokendesk/contract';
import { MailX } from 'lucide-react';

/**
 * Settings, once, on a server without SMTP_URL (issue 35): a user would otherwise never learn that
 * address verification and password-reset e-mails exist, nor what to do if the password is lost.
 * The operator's part names the setting, since the reader may well be the operator.
 */
export function EmailOffNotice() {
  return (
    <section
      aria-labelledby="email-off-title"
      className="flex gap-3 rounded-lg border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900"
    >
      <MailX className="mt-0.5 hidden h-5 w-5 shrink-0 sm:block" aria-hidden="true" />
      <div className="min-w-0 flex-1 break-words">
        <h2 id="email-off-title" className="font-medium">
          {accountMessages.emailNotConfigured}
        </h2>
        <p className="mt-1">
          So TokenDesk cannot verify your e-mail address or send you a password-reset link, and alerts reach you in the
          bell and through your other channels only. If you forget your password, support staff or the server&apos;s
          operator can give you a one-time link to choose a new one.
        </p>
        <p className="mt-1">
          Running this server? Set <code className="rounded bg-sky-100 px-1 font-mono text-xs">SMTP_URL</code> (for
          example{' '}
          <code className="rounded bg-sky-100 px-1 font-mono text-xs break-all">
            smtps://user:pass@mail.example.com
          </code>
          ) and restart it to turn e-mail on.
        </p>
      </div>
    </section>
  );
}
