import type { UserRow } from '../../db/schema';
import { escapeHtml, type EmailContent } from '../../domain/outbox';

/**
 * The account e-mails (decision 0039): plain text and simple HTML with the same words, every value
 * escaped, the product's name, the link written out in full (so it can be copied when the HTML is
 * not shown) and nothing that tracks the reader (no images, no pixels, no redirecting links).
 */

const PRODUCT = 'TokenDesk';
const SIGNATURE = `— ${PRODUCT}`;

function greeting(user: Pick<UserRow, 'firstName' | 'username'>): string {
  return `Hello ${user.firstName || user.username},`;
}

/** Paragraphs of text; `link` is shown as its own paragraph (a button-like link in HTML). */
interface Parts {
  subject: string;
  before: string[];
  link?: { url: string; label: string };
  after: string[];
}

function render({ subject, before, link, after }: Parts): EmailContent {
  const text = [...before, ...(link ? [link.url] : []), ...after, SIGNATURE].join('\n\n');
  const paragraph = (p: string) => `<p style="margin:0 0 14px">${escapeHtml(p)}</p>`;
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;color:#111;line-height:1.5;max-width:560px">',
    ...before.map(paragraph),
    link
      ? `<p style="margin:0 0 14px"><a href="${escapeHtml(link.url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(link.label)}</a></p>` +
        `<p style="margin:0 0 14px;color:#555;font-size:13px">Or copy this address into your browser:<br>${escapeHtml(link.url)}</p>`
      : '',
    ...after.map(paragraph),
    `<p style="margin:0;color:#555">${escapeHtml(SIGNATURE)}</p>`,
    '</body></html>',
  ].join('');
  // A header cannot hold a line break; subjects here are fixed texts, but stay safe.
  return { subject: subject.replace(/[\r\n]+/g, ' '), text, html };
}

type Who = Pick<UserRow, 'firstName' | 'username'>;

export function verificationEmail(user: Who, email: string, url: string): EmailContent {
  return render({
    subject: `Verify your e-mail address for ${PRODUCT}`,
    before: [
      greeting(user),
      `Please confirm that ${email} is the e-mail address of your ${PRODUCT} account '${user.username}' by opening this link:`,
    ],
    link: { url, label: 'Verify e-mail address' },
    after: [
      'The link works once and expires in 24 hours.',
      `If you did not create a ${PRODUCT} account, you can ignore this e-mail: nothing happens without the link.`,
    ],
  });
}

export function changeConfirmationEmail(user: Who, newEmail: string, url: string): EmailContent {
  return render({
    subject: `Confirm your new e-mail address for ${PRODUCT}`,
    before: [
      greeting(user),
      `Your ${PRODUCT} account '${user.username}' asked to use ${newEmail} as its e-mail address. The address changes when you open this link:`,
    ],
    link: { url, label: 'Confirm new e-mail address' },
    after: [
      'The link works once and expires in 24 hours.',
      'If you did not ask for this, ignore this e-mail: the account keeps its current address.',
    ],
  });
}

/** To the old address when a change is asked for. No link: nothing can be undone from an e-mail. */
export function changeRequestedNotice(user: Who, newEmail: string): EmailContent {
  return render({
    subject: `A change of your ${PRODUCT} e-mail address was requested`,
    before: [
      greeting(user),
      `Someone signed in to your ${PRODUCT} account '${user.username}' with its password asked to change its e-mail address to ${newEmail}.`,
      `The address changes only when the link we sent to ${newEmail} is opened. Until then, this address stays on the account.`,
    ],
    after: [
      'If this was you, there is nothing to do.',
      'If it was not you, change your password at once and contact TokenDesk support: someone knows your password.',
    ],
  });
}

/** To the old address once the change is done. */
export function changeDoneNotice(user: Who, newEmail: string): EmailContent {
  return render({
    subject: `Your ${PRODUCT} e-mail address was changed`,
    before: [
      greeting(user),
      `The e-mail address of your ${PRODUCT} account '${user.username}' is now ${newEmail}. This address no longer receives its e-mails.`,
    ],
    after: ['If this was not you, contact TokenDesk support at once.'],
  });
}

export function passwordResetEmail(user: Who, url: string): EmailContent {
  return render({
    subject: `Reset your ${PRODUCT} password`,
    before: [
      greeting(user),
      `Someone asked to reset the password of your ${PRODUCT} account '${user.username}'. To choose a new password, open this link:`,
    ],
    link: { url, label: 'Choose a new password' },
    after: [
      'The link works once and expires in 30 minutes. Using it signs the account out everywhere.',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ],
  });
}

/** `how`: the link came by e-mail, or support staff or the operator issued it (decision 0058). */
export function passwordResetDoneNotice(user: Who, how: 'mailed' | 'issued' = 'mailed'): EmailContent {
  const by =
    how === 'mailed'
      ? 'a link sent to this address'
      : `a one-time link issued by ${PRODUCT} support staff or the server's operator`;
  return render({
    subject: `Your ${PRODUCT} password was reset`,
    before: [
      greeting(user),
      `The password of your ${PRODUCT} account '${user.username}' was just reset with ${by}, and every session was signed out.`,
    ],
    after: ['If this was not you, contact TokenDesk support at once.'],
  });
}

/**
 * To an address another account already holds, when a new account registered with it (issue 29,
 * decision 0053): instead of a verification link. The registration was answered as any other, so
 * the person registering learns nothing; the address's mailbox learns what happened.
 */
export function registrationWithYourAddressNotice(
  holder: Pick<UserRow, 'username'>,
  newAccount: Pick<UserRow, 'username'>,
  email: string,
): EmailContent {
  return render({
    subject: `Someone registered at ${PRODUCT} with your e-mail address`,
    before: [
      'Hello,',
      `A new ${PRODUCT} account '${newAccount.username}' was just registered with ${email}. This address is already on the ${PRODUCT} account '${holder.username}'.`,
      'We sent the new account no link for this address, so it cannot prove the address is its own or take it from the account that has it. Nothing changed on that account.',
    ],
    after: [
      `If this was you, you already have an account: sign in as '${holder.username}', or use 'Forgot password?' on the sign-in page.`,
      'If it was not you, there is nothing to do.',
    ],
  });
}

/** To an address another account already holds, when an account asked to change to it (decision 0053). */
export function changeToYourAddressNotice(
  holder: Pick<UserRow, 'username'>,
  requester: Pick<UserRow, 'username'>,
  email: string,
): EmailContent {
  return render({
    subject: `Someone asked to use your e-mail address at ${PRODUCT}`,
    before: [
      'Hello,',
      `The ${PRODUCT} account '${requester.username}' asked to use ${email} as its e-mail address. This address is already on the ${PRODUCT} account '${holder.username}'.`,
      'We sent no confirmation link, so the other account cannot take this address. Nothing changed on the account that has it.',
    ],
    after: [
      'If this was you, keep using the account that has this address.',
      'If it was not you, there is nothing to do.',
    ],
  });
}
