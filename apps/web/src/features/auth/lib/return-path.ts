import { paths } from '../../../lib/paths';

/** The query parameter that carries the page a signed-out visitor asked for through sign-in. */
export const RETURN_PARAM = 'next';

let signedInThisPage = false;

/**
 * Called once the signed-in app is on screen. From then on a trip to /login in this page is a
 * sign-out (here or in another tab), not a deep link: it carries no return path, so the next person
 * to sign in on this browser does not land on the previous user's page.
 */
export function noteSignedInThisPage(): void {
  signedInThisPage = true;
}

export function wasSignedInThisPage(): boolean {
  return signedInThisPage;
}

// Control characters are dropped by the URL parser ('/\t/evil' would become '//evil'), so they are
// refused before parsing rather than trusted to survive it.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/**
 * The path to return to after sign-in, or null when the value is not a plain same-origin path.
 * The value comes from the address bar, so anyone can craft it: only a single leading '/' is
 * accepted (no '//host', no scheme, no backslash, which browsers read as '/'), and the result must
 * still resolve to this origin. The sign-in pages themselves are not a destination.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  if (value.includes('\\') || CONTROL_CHARS.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, window.location.origin);
  } catch {
    return null;
  }
  if (url.origin !== window.location.origin) return null;
  if (url.pathname === paths.login || url.pathname === paths.register) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
