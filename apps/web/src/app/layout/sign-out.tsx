import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLogout } from '../../features/auth/api/logout';
import { noteSignedInThisPage } from '../../features/auth/lib/return-path';
import { clearSession } from '../../lib/auth-storage';

interface SignOutState {
  signOut: () => void;
  signingOut: boolean;
}

const SignOutContext = createContext<SignOutState | null>(null);

/** A server that does not answer must not keep the user from leaving. */
const LOGOUT_TIMEOUT_MS = 5000;

/** One sign-out shared by the sidebar, the user menu and the mobile menu. */
export function SignOutProvider({ children }: { children: ReactNode }) {
  const logout = useLogout();
  const { mutateAsync } = logout;
  const [signingOut, setSigningOut] = useState(false);
  // Mounted only in the signed-in layout: a later redirect to /login is a sign-out, not a deep link.
  useEffect(noteSignedInThisPage, []);

  const signOut = useCallback(() => {
    if (signingOut) return;
    setSigningOut(true);
    mutateAsync({ signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS) })
      // Product §5: a failed logout still signs the user out locally.
      .catch(() => undefined)
      // Clearing the session re-renders the signed-out routes, which redirect to /login.
      .finally(clearSession);
  }, [mutateAsync, signingOut]);

  const value = useMemo(() => ({ signOut, signingOut }), [signOut, signingOut]);
  return <SignOutContext.Provider value={value}>{children}</SignOutContext.Provider>;
}

export function useSignOut(): SignOutState {
  const value = useContext(SignOutContext);
  if (!value) throw new Error('useSignOut() needs <SignOutProvider>.');
  return value;
}
