import { useSyncExternalStore } from 'react';

/**
 * The colour scheme: the system's by default, or the user's choice from the user menu, kept in
 * localStorage. public/theme-init.js applies the same rule before the first paint; this module
 * keeps <html class="dark"> right afterwards (a changed choice, a changed system setting, another tab).
 */
export type ThemePreference = 'system' | 'light' | 'dark';
export type ResolvedTheme = 'light' | 'dark';

/** Also read by public/theme-init.js. */
const STORAGE_KEY = 'tokendesk.theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

const listeners = new Set<() => void>();

function readPreference(): ThemePreference {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

let preference: ThemePreference = typeof window === 'undefined' ? 'system' : readPreference();

function resolve(choice: ThemePreference): ResolvedTheme {
  if (choice !== 'system') return choice;
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

function apply() {
  document.documentElement.classList.toggle('dark', resolve(preference) === 'dark');
  listeners.forEach((listener) => listener());
}

export function setThemePreference(choice: ThemePreference) {
  preference = choice;
  try {
    if (choice === 'system') window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Without storage the choice lasts for this page only.
  }
  apply();
}

/** Follows the system setting while it decides, and a choice made in another tab. */
export function startThemeSync() {
  apply();
  window.matchMedia(DARK_QUERY).addEventListener('change', () => {
    if (preference === 'system') apply();
  });
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY && event.key !== null) return;
    preference = readPreference();
    apply();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(
    subscribe,
    () => preference,
    () => 'system',
  );
}

/** The scheme on screen now, for what CSS cannot colour (the charts' canvas, the toasts). */
export function useResolvedTheme(): ResolvedTheme {
  return useSyncExternalStore(
    subscribe,
    () => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'),
    () => 'light',
  );
}
