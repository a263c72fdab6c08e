// No zod here: the sign-in page imports these texts without loading the schema library
// (its own package subpath, `@tokendesk/contract/account-messages`; see docs/decisions/0013).

/** Texts shown to the user; the server answers with the same strings (product §4). */
export const accountMessages = {
  fullNameRequired: 'Full name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  usernameRequired: 'Username is required',
  usernameTooShort: 'Username must be at least 4 characters long',
  usernameTooLong: 'Username must be at most 150 characters long',
  usernameCharacters: 'Username may contain only letters, digits and @ . + - _',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooLong: 'Password must be at most 1024 characters long',
  passwordTooCommon: 'This password is too common. Please choose another.',
  passwordContainsUsername: 'Password must not contain your username.',
  passwordContainsEmail: 'Password must not contain your email address or the part before the @.',
  passwordContainsProductName: "Password must not contain 'TokenDesk'.",
  passwordTooWeak:
    'This password is too easy to guess. Use a longer one, such as a few unrelated words, and avoid names, dates, repeats and keyboard patterns.',
  passwordsDoNotMatch: 'Passwords do not match',
  termsRequired: 'Please agree to the Terms of Service and Privacy Policy',
  fullNameTooLong: 'Full name must be at most 300 characters long',
  emailTooLong: 'Email must be at most 254 characters long',
  currentPasswordRequired: 'Please enter your current password',
  newPasswordRequired: 'Please enter a new password',
  newPasswordsDoNotMatch: 'New passwords do not match',
  currentPasswordWrong: 'Your current password is incorrect.',
  nameTooLong: 'Must be at most 150 characters long',
  usernameTaken: 'A user with that username already exists.',
  emailTaken: 'A user with that email address already exists.',
  emailUnchanged: 'This is already your email address.',
  loginFailed: 'Login failed. Please check your credentials.',
  passwordChanged: 'Password changed successfully. Please sign in again.',
  emailChanged: 'Email updated successfully.',
  loggedOut: 'Signed out.',
  // E-mail (decision 0039).
  emailNotConfigured: 'E-mail is not configured on this server.',
  verifyBanner: 'Please verify your e-mail address. We sent a link to {email}.',
  verificationSent: 'We sent a new verification link to {email}. It is valid for 24 hours.',
  alreadyVerified: 'Your e-mail address is already verified.',
  emailVerified: 'Your e-mail address is verified.',
  emailChangedTo: 'Your e-mail address is now {email}.',
  emailChangePending: 'We sent a confirmation link to {email}. Your address changes when you follow it.',
  waitingForConfirmation: 'Waiting for confirmation of {email}',
  emailChangeCancelled: 'The change of e-mail address was cancelled.',
  tokenRequired: 'The link is incomplete. Please open it again from the e-mail.',
  tokenInvalid:
    'This link is not valid. Please check that you opened the whole link from the e-mail, or ask for a new one.',
  tokenUsed: 'This link has already been used. Please ask for a new one.',
  tokenExpired: 'This link has expired. Please ask for a new one.',
  tokenWrongAddress: 'This link was sent to an address that is no longer on the account.',
  resetRequested:
    'If an account uses that e-mail address, we sent it a link to reset the password. The link is valid for 30 minutes.',
  passwordReset: 'Your password was reset. Please sign in with your new password.',
  forgotPasswordNoEmail: 'E-mail is not configured on this server. Ask support staff to reset your password.',
} as const;

/** Fills `{name}` placeholders of the texts above. */
export function fillMessage(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
