import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

/**
 * The token of an e-mailed link, read once; then the address bar drops it, so it is not kept in
 * the history, shown over a shoulder or sent on as a Referer (decision 0039).
 */
export function useLinkToken(): string {
  const [searchParams] = useSearchParams();
  const [token] = useState(() => searchParams.get('token') ?? '');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    if (searchParams.has('token')) navigate(pathname, { replace: true });
  }, [navigate, pathname, searchParams]);
  return token;
}
