import { accountMessages } from '@tokendesk/contract';
import { Alert } from '../../../components/ui/alert';

/**
 * The forgot-password page of a server that sends no e-mail (decision 0058): nobody can mail a
 * link, so the page says exactly whom to ask and what to tell them. The operator's CLI and the
 * staff console issue the one-time link; SUPPORT_CONTACT, when set, says how to reach them.
 */
export const noEmailResetTexts = {
  /** Product §2.4's words, as the server's 409 says them. */
  intro: accountMessages.forgotPasswordNoEmail,
  whoHeading: 'Who to ask',
  who: 'The operator of this TokenDesk server (whoever set it up for your team) or its support staff. They can give you a one-time link to choose a new password.',
  contact: 'Contact:',
  whatHeading: 'What to tell them',
  what: 'Your username or the e-mail address of your account, and that you need a password reset link. Never tell anyone your password: nobody needs it to help you.',
  after:
    'The link works once, for 30 minutes. Opening it lets you choose a new password and signs your account out everywhere.',
} as const;

/** An e-mail address becomes a mailto: link, an http(s) URL a link; anything else stays text. */
export function contactHref(contact: string): string | null {
  if (/^https?:\/\/[^\s<>"]+$/i.test(contact)) return contact;
  if (/^[^\s@<>":/]+@[^\s@<>"/]+\.[^\s@<>"/]+$/.test(contact)) return `mailto:${contact}`;
  return null;
}

export function NoEmailResetHelp({ contact }: { contact: string | null }) {
  const t = noEmailResetTexts;
  const href = contact ? contactHref(contact) : null;
  return (
    <div className="flex flex-col gap-4 text-sm text-slate-700" data-testid="no-email-reset-help">
      <Alert tone="info">{t.intro}</Alert>
      <section aria-labelledby="reset-who">
        <h2 id="reset-who" className="font-semibold text-slate-900">
          {t.whoHeading}
        </h2>
        <p className="mt-1">{t.who}</p>
        {contact && (
          <p className="mt-2">
            {t.contact}{' '}
            {href ? (
              <a
                href={href}
                className="font-medium break-all text-indigo-600 hover:text-indigo-700 hover:underline"
                {...(href.startsWith('mailto:') ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
              >
                {contact}
              </a>
            ) : (
              <span className="font-medium break-all">{contact}</span>
            )}
          </p>
        )}
      </section>
      <section aria-labelledby="reset-what">
        <h2 id="reset-what" className="font-semibold text-slate-900">
          {t.whatHeading}
        </h2>
        <p className="mt-1">{t.what}</p>
      </section>
      <p className="text-slate-500">{t.after}</p>
    </div>
  );
}
