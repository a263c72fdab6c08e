/** The pages an e-mailed one-time link opens (apps/web: paths.verifyEmail, paths.resetPassword). */
export type AccountLinkPage = '/verify-email' | '/reset-password';

/**
 * The URL of a one-time link: every account link (verification, change of address, password
 * reset, and a reset link staff or the operator issue) is made here, so none carries its token
 * where a server sees it. The token rides in the fragment (`#token=…`): browsers never send the
 * fragment in a request, so it reaches no access log, proxy log or Referer; the page reads it from
 * location.hash, drops it from the address bar and posts it in a request body (issue 29).
 */
export function accountLinkUrl(publicUrl: string, page: AccountLinkPage, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${page}#token=${encodeURIComponent(token)}`;
}
