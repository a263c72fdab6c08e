import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The token of an e-mailed link. Links carry it in the fragment (`#token=…`), which browsers never
 * send to a server, so it reaches no access or proxy log (issue 29); links mailed before that
 * carried it in the query (`?token=…`) and still work. Read once; then the address bar drops it at
 * once, so it is not kept in the history, shown over a shoulder or sent on as a Referer. The page
 * posts it in a request body.
 */
export function useLinkToken(): string {
  const { pathname, search, hash } = useLocation();
  const [token] = useState(() => linkToken(search, hash));
  const navigate = useNavigate();
  useEffect(() => {
    if (hasToken(search) || hasToken(hash)) navigate(pathname, { replace: true });
  }, [navigate, pathname, search, hash]);
  return token;
}

const params = (part: string) => new URLSearchParams(part.replace(/^[?#]/, ''));
const hasToken = (part: string) => params(part).has('token');

/** The fragment's token first (today's links), else the query's (older links). */
export function linkToken(search: string, hash: string): string {
  return params(hash).get('token') ?? params(search).get('token') ?? '';
}
