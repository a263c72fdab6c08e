import { useSyncExternalStore } from 'react';
import { getToken, subscribeToAuth } from '../lib/auth-storage';

/** This tab's session token; re-renders on sign-in/out here or in another tab. */
export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribeToAuth, getToken, () => null);
}
