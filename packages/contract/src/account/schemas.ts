import { z } from 'zod';
import { accountMessages, fillMessage } from './messages';

export { accountMessages, fillMessage };

export const USERNAME_MIN = 4;
export const NAME_MAX = 150;
export const PASSWORD_MIN = 8;
/** Verified exactly as typed up to this length; long enough for any passphrase or manager. */
export const PASSWORD_MAX = 1024;

const m = accountMessages;

// An e-mail check that agrees with the browser's `type=email` rule, so the form and the
// server never disagree about what is valid.
const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

const requiredString = (required: string) => z.string({ error: required });

export const emailField = requiredString(m.emailRequired)
  .trim()
  .min(1, m.emailRequired)
  .max(254, m.emailTooLong)
  .regex(EMAIL_RE, m.emailInvalid);

/** Passwords are never trimmed or normalised: what the user typed is what is hashed. */
const newPasswordField = (required: string) =>
  requiredString(required).min(1, required).min(PASSWORD_MIN, m.passwordTooShort).max(PASSWORD_MAX, m.passwordTooLong);

export const userSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    is_staff: z.boolean(),
    email_verified: z
      .boolean()
      .describe(
        'True once a link sent to `email` was followed (or the operator made the account on the command line).',
      ),
    pending_email: z
      .string()
      .nullable()
      .describe('A new address waiting for its confirmation link to be followed; `email` stays as it is until then.'),
    password_change_required: z
      .boolean()
      .describe(
        "True while the account signs in with a password the operator's CLI made up (--generate): until it is changed (user/change-password/), every route but user/info/, user/change-password/ and user/logout/ answers 403.",
      ),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const registerFieldOrder = [
  'full_name',
  'email',
  'username',
  'password',
  'confirm_password',
  'accept_terms',
] as const;

export const registerBodySchema = z
  .strictObject({
    full_name: requiredString(m.fullNameRequired).trim().min(1, m.fullNameRequired).max(300, m.fullNameTooLong),
    email: emailField,
    username: requiredString(m.usernameRequired)
      .trim()
      .min(1, m.usernameRequired)
      .min(USERNAME_MIN, m.usernameTooShort)
      .max(NAME_MAX, m.usernameTooLong)
      .regex(/^[\w.@+-]+$/, m.usernameCharacters),
    password: newPasswordField(m.passwordRequired),
    confirm_password: z.string({ error: m.passwordsDoNotMatch }),
    // Optional in the shape so that a missing tick does not hide the password-match check
    // (object refinements only run once every field parsed); required to be true below.
    accept_terms: z.boolean({ error: m.termsRequired }).optional().describe('Must be true.'),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.confirm_password) {
      ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: m.passwordsDoNotMatch });
    }
    if (value.accept_terms !== true) {
      ctx.addIssue({ code: 'custom', path: ['accept_terms'], message: m.termsRequired });
    }
  })
  .meta({ id: 'RegisterBody' });
export type RegisterBody = z.input<typeof registerBodySchema>;

export const loginQuerySchema = z.object({
  remember: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .describe("'true' keeps the session for 30 days ('Remember me'); otherwise it lasts 24 hours."),
});

export const loginResponseSchema = z
  .object({
    user: userSchema,
    token: z.string().describe('Opaque bearer token. Send it as `Authorization: Bearer <token>`.'),
    expires_at: z.string().describe('ISO 8601 time after which the token is refused.'),
  })
  .meta({ id: 'LoginResponse' });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const changePasswordFieldOrder = ['old_password', 'new_password'] as const;
export const changePasswordBodySchema = z
  .strictObject({
    old_password: requiredString(m.currentPasswordRequired)
      .min(1, m.currentPasswordRequired)
      .max(PASSWORD_MAX, m.passwordTooLong),
    new_password: newPasswordField(m.newPasswordRequired),
  })
  .meta({ id: 'ChangePasswordBody' });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** The settings form also asks for a confirmation, which never leaves the browser. */
export const changePasswordFormSchema = z
  .object({
    old_password: requiredString(m.currentPasswordRequired).min(1, m.currentPasswordRequired),
    new_password: requiredString(m.newPasswordRequired).min(1, m.newPasswordRequired),
    confirm_password: z.string(),
  })
  .superRefine((value, ctx) => {
    if (value.new_password !== value.confirm_password) {
      ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: m.newPasswordsDoNotMatch });
      return;
    }
    if (value.new_password.length < PASSWORD_MIN) {
      ctx.addIssue({ code: 'custom', path: ['new_password'], message: m.passwordTooShort });
    }
  });
export const changePasswordFormFieldOrder = ['old_password', 'new_password', 'confirm_password'] as const;

export const changeEmailFieldOrder = ['new_email', 'password'] as const;
/**
 * The current password is asked for so that a stolen session cannot move the account to an
 * attacker's address, and so that every probe for a taken address costs a password check.
 */
export const changeEmailBodySchema = z
  .strictObject({
    new_email: z
      .string({ error: m.emailInvalid })
      .trim()
      .min(1, m.emailInvalid)
      .max(254, m.emailTooLong)
      .regex(EMAIL_RE, m.emailInvalid),
    password: requiredString(m.currentPasswordRequired)
      .min(1, m.currentPasswordRequired)
      .max(PASSWORD_MAX, m.passwordTooLong)
      .describe('The current password of the signed-in user.'),
  })
  .meta({ id: 'ChangeEmailBody' });
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;

export const updateProfileBodySchema = z
  .strictObject({
    first_name: z.string().trim().max(NAME_MAX, m.nameTooLong),
    last_name: z.string().trim().max(NAME_MAX, m.nameTooLong),
  })
  .partial()
  .meta({ id: 'UpdateProfileBody' });
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** 'Ada Lovelace Byron' → first 'Ada', last 'Lovelace Byron' (the issue's rule). */
export function splitFullName(fullName: string): { first_name: string; last_name: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  return { first_name: words[0] ?? '', last_name: words.slice(1).join(' ') };
}

// --- E-mail links (decision 0039) ---

/** A one-time token from an e-mailed link: 43 characters of base64url (256 bits). */
const tokenField = requiredString(m.tokenRequired)
  .min(1, m.tokenRequired)
  .max(200, m.tokenInvalid)
  .regex(/^[A-Za-z0-9_-]+$/, m.tokenInvalid);

export const emailOptionsSchema = z
  .object({
    email_configured: z
      .boolean()
      .describe(
        "False when the server has no SMTP_URL: it sends no e-mail at all, and the screens say 'E-mail is not configured on this server.'",
      ),
    support_contact: z
      .string()
      .nullable()
      .describe(
        'Whom a signed-out user asks for a password-reset link (SUPPORT_CONTACT: an e-mail address or an http(s) URL); null when the operator set none.',
      ),
  })
  .meta({ id: 'EmailOptions' });
export type EmailOptions = z.infer<typeof emailOptionsSchema>;

export const verifyEmailFieldOrder = ['token'] as const;
export const verifyEmailBodySchema = z.strictObject({ token: tokenField }).meta({ id: 'VerifyEmailBody' });
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;
export const verifyEmailResponseSchema = z
  .object({
    detail: z.string(),
    email: z.string().describe("The account's e-mail address after the link was followed."),
  })
  .meta({ id: 'VerifyEmailResponse' });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

export const forgotPasswordFieldOrder = ['email'] as const;
export const forgotPasswordBodySchema = z.strictObject({ email: emailField }).meta({ id: 'ForgotPasswordBody' });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const resetPasswordFieldOrder = ['token', 'password'] as const;
export const resetPasswordBodySchema = z
  .strictObject({ token: tokenField, password: newPasswordField(m.newPasswordRequired) })
  .meta({ id: 'ResetPasswordBody' });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** The reset page also asks for a confirmation, which never leaves the browser. */
export const resetPasswordFormSchema = z
  .object({
    password: requiredString(m.newPasswordRequired).min(1, m.newPasswordRequired),
    confirm_password: z.string(),
  })
  .superRefine((value, ctx) => {
    if (value.password.length < PASSWORD_MIN) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: m.passwordTooShort });
      return;
    }
    if (value.password !== value.confirm_password) {
      ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: m.passwordsDoNotMatch });
    }
  });
export const resetPasswordFormFieldOrder = ['password', 'confirm_password'] as const;
