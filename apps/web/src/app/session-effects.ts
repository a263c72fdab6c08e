import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { toast } from 'sonner';
import { AUTH_CHANGE_EVENT, type AuthChangeDetail } from '../lib/auth-storage';

/** Keeps cached data from outliving the session it was fetched with. */
export function useSessionCacheReset(token: string | null): void {
  const queryClient = useQueryClient();
  const previous = useRef(token);

  useEffect(() => {
    const before = previous.current;
    previous.current = token;
    if (before === token) return;
    if (token === null) {
      queryClient.clear();
    } else if (before !== null) {
      // Another tab signed in as someone (possibly someone else) while this tab was signed in:
      // start over from a clean page instead of mixing two users' data.
      window.location.reload();
    }
  }, [token, queryClient]);
}

/** Tells the user why they landed on the sign-in page when the server ended their session. */
export function useSessionExpiredNotice(): void {
  useEffect(() => {
    const onChange = (event: Event) => {
      const { reason } = (event as CustomEvent<AuthChangeDetail>).detail ?? {};
      if (reason === 'expired') {
        toast.error('Your session has ended. Please sign in again.', { id: 'session-expired' });
      }
    };
    window.addEventListener(AUTH_CHANGE_EVENT, onChange);
    return () => window.removeEventListener(AUTH_CHANGE_EVENT, onChange);
  }, []);
}
