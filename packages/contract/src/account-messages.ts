// No zod here: the sign-in page imports these texts without loading the schema library
// (its own package subpath, `@tokendesk/contract/account-messages`; see docs/decisions/0013).

/** Texts shown to the user; the server answers with the same strings (SPEC §4). */
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
} as const;
