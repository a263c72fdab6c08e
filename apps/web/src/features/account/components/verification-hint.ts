import { accountMessages, type User } from '@tokendesk/contract';

/** Under the current address: whether it is verified, and why not (decision 0039). */
export function verificationHint(
  user: Pick<User, 'email_verified'>,
  emailConfigured: boolean | undefined,
): string | null {
  if (user.email_verified) return 'Verified.';
  if (emailConfigured === false) return `Not verified. ${accountMessages.emailNotConfigured}`;
  if (emailConfigured === true) return 'Not verified yet: follow the link we sent to this address.';
  return null;
}
