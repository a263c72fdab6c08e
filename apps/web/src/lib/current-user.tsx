import type { User } from '@tokendesk/contract';
import { createContext, useContext, type ReactNode } from 'react';

/**
 * The signed-in user, provided by the app shell once the auth check has passed. Lives in lib/ so any
 * feature can read it without importing the account feature.
 */
const CurrentUserContext = createContext<User | null>(null);

export function CurrentUserProvider({ user, children }: { user: User; children: ReactNode }) {
  return <CurrentUserContext.Provider value={user}>{children}</CurrentUserContext.Provider>;
}

export function useCurrentUser(): User {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser() is only available on authenticated routes.');
  return user;
}

export function roleLabel(user: Pick<User, 'is_staff'>): string {
  return user.is_staff ? 'Support Staff' : 'Standard User';
}
