import {
  changeEmailBodySchema,
  changeEmailFieldOrder,
  changePasswordBodySchema,
  changePasswordFieldOrder,
  loginQuerySchema,
  loginResponseSchema,
  emailOptionsSchema,
  forgotPasswordBodySchema,
  forgotPasswordFieldOrder,
  registerBodySchema,
  registerFieldOrder,
  resetPasswordBodySchema,
  resetPasswordFieldOrder,
  updateProfileBodySchema,
  userSchema,
  verifyEmailBodySchema,
  verifyEmailFieldOrder,
  verifyEmailResponseSchema,
} from './schemas';
import { detailSchema } from '../errors';
import { z } from 'zod';
import { endpointGroup } from '../endpoint';
import { signInRoute } from '../routes';

/** What the GET and POST forms of sign-in share: one operation, two methods. */
const signIn = {
  description:
    'Send `Authorization: Basic base64(username:password)`. The token lasts 24 hours, or 30 days with `remember=true`. A 401 carries no `WWW-Authenticate` challenge.',
  query: loginQuerySchema,
  security: [{ basicAuth: [] }],
  responses: { 200: loginResponseSchema },
  access: 'public' as const,
};

export const accountEndpoints = endpointGroup(
  { tags: ['Account'], access: 'user', workspace: 'personal', errors: [400, 401, 409, 429] },
  {
    register: {
      method: 'POST',
      path: '/user/register',
      summary: 'Create an account',
      description:
        'A taken username answers 409. A taken e-mail address is answered exactly as a free one: the account is created with the address unverified and is sent no link for it, and the address gets a notice instead (decision 0053).',
      body: registerBodySchema,
      fieldOrder: registerFieldOrder,
      responses: { 201: z.object({ user: userSchema }) },
      access: 'public',
    },
    login: { ...signInRoute, summary: 'Sign in with HTTP Basic and receive a bearer token', ...signIn },
    // GET is what product §7 names; POST is the same operation for clients that avoid state changes on GET.
    loginPost: { ...signInRoute, method: 'POST', summary: 'Sign in (POST form of GET user/login/)', ...signIn },
    logout: {
      method: 'POST',
      path: '/user/logout',
      summary: 'Revoke the current session',
      responses: { 200: detailSchema },
    },
    info: {
      method: 'GET',
      path: '/user/info',
      summary: 'The signed-in user',
      responses: { 200: userSchema },
    },
    updateInfo: {
      method: 'PATCH',
      path: '/user/info/update',
      summary: 'Change first and last name',
      description: 'Only first_name and last_name; any other field (username, email, is_staff…) is refused with 400.',
      body: updateProfileBodySchema,
      fieldOrder: ['first_name', 'last_name'],
      responses: { 200: userSchema },
    },
    // The description states the server's configured limits: the route completes it (features/account/routes.ts).
    changeEmail: {
      method: 'POST',
      path: '/user/change-email',
      summary: 'Change the e-mail address; needs the current password',
      body: changeEmailBodySchema,
      fieldOrder: changeEmailFieldOrder,
      responses: { 200: userSchema },
    },
    changeEmailAlias: {
      method: 'POST',
      path: '/account/email',
      summary: 'Change the e-mail address (the same operation as POST user/change-email/)',
      body: changeEmailBodySchema,
      fieldOrder: changeEmailFieldOrder,
      responses: { 200: userSchema },
    },
    changePassword: {
      method: 'POST',
      path: '/user/change-password',
      summary: 'Change the password; signs out every session',
      body: changePasswordBodySchema,
      fieldOrder: changePasswordFieldOrder,
      responses: { 200: detailSchema },
    },
  },
);

export const accountEmailEndpoints = endpointGroup(
  { tags: ['Account'], access: 'public', errors: [400, 401, 409, 429, 503] },
  {
    options: {
      method: 'GET',
      path: '/auth/options',
      summary:
        'What the signed-out screens need to know: whether this server sends e-mail, and whom to ask for a reset link',
      responses: { 200: emailOptionsSchema },
      onlyErrors: [],
    },
    verifyEmail: {
      method: 'POST',
      path: '/account/verify-email',
      summary: 'Follow an e-mailed link: verify the address, or confirm a new one',
      description:
        "No credential needed: the token from the link is the proof. A verification link marks the address verified; a change link makes its address the account's (verified). Each link works once; expired, used or unknown links answer 400 with the reason. An address another account proved meanwhile answers 409 and leaves the link unused. E-mailed links carry the token in the URL fragment (`/verify-email#token=…`), which no request sends; the page posts it here.",
      body: verifyEmailBodySchema,
      fieldOrder: verifyEmailFieldOrder,
      responses: { 200: verifyEmailResponseSchema },
    },
    // The description states the server's configured limits: the route completes it.
    resendVerification: {
      method: 'POST',
      path: '/account/verify-email/resend',
      summary: 'Send a new verification link to the account’s address',
      responses: { 200: detailSchema },
      access: 'user',
      workspace: 'personal',
    },
    cancelEmailChange: {
      method: 'DELETE',
      path: '/account/email/pending',
      summary: 'Cancel a change of e-mail address that waits for its link',
      description: 'The link sent to the new address stops working; the account keeps its address.',
      responses: { 200: userSchema },
      access: 'user',
      workspace: 'personal',
    },
    // The description states the server's configured limits: the route completes it.
    forgotPassword: {
      method: 'POST',
      path: '/auth/forgot-password',
      summary: 'Send a password reset link to an account’s address',
      body: forgotPasswordBodySchema,
      fieldOrder: forgotPasswordFieldOrder,
      responses: { 200: detailSchema },
    },
    resetPassword: {
      method: 'POST',
      path: '/auth/reset-password',
      summary: 'Choose a new password with a reset link',
      description:
        'The password follows the registration rules. On success every session of the account is signed out and cached HTTP Basic credentials stop working; the link works once. Expired, used or unknown links answer 400 with the reason.',
      body: resetPasswordBodySchema,
      fieldOrder: resetPasswordFieldOrder,
      responses: { 200: detailSchema },
    },
  },
);
