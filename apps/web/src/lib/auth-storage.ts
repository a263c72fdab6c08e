/**
 * Where the session token lives and how tabs agree about it.
 *
 * 'Remember me' keeps the token in localStorage (survives a browser restart); otherwise it lives
 * in sessionStorage and ends with the browser session (product §2.4). Tabs talk through localStorage
 * `storage` events: a sign-out in one tab signs out every tab, and a newly opened tab can ask an
 * open tab for its browser-session token so it is not signed out just for being new.
 */

/** Exported for the e2e fixtures, which sign in by storing a token where the login form does. */
export const TOKEN_KEY = 'tokendesk.session';
/** Written on every sign-out so other tabs receive a `storage` event. */
export const AUTH_EVENT_KEY = 'tokendesk.auth-event';
/** Set while some tab may hold a browser-session token, so new tabs know asking is worthwhile. */
export const TAB_SESSION_HINT_KEY = 'tokendesk.tab-session';
const SESSION_REQUEST_KEY = 'tokendesk.session-request';
const SESSION_RESPONSE_KEY = 'tokendesk.session-response';
/** Same-tab notification; `storage` events only reach the other tabs. */
export const AUTH_CHANGE_EVENT = 'auth-change';

const HANDSHAKE_TIMEOUT_MS = 300;

export type AuthChangeReason = 'signed-out' | 'expired' | 'synced';

export interface AuthChangeDetail {
  reason: AuthChangeReason;
}

interface StoredSession {
  token: string;
  expires_at: string;
}

interface AuthEvent {
  type: 'signed-out' | 'expired';
  /** For 'expired': which token died, so tabs holding another session keep it. */
  tag?: string;
  id: string;
}

// Storage can be unavailable (privacy modes, disabled cookies); the app then simply has no session.
function storageOrNull(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function safeGet(storage: Storage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function safeSet(storage: Storage | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Quota or privacy mode: the session then lasts only as long as this page.
  }
}

function safeRemove(storage: Storage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to clean up if storage is unavailable.
  }
}

function parseSession(raw: string | null): StoredSession | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (
      typeof value === 'object' &&
      value !== null &&
      typeof (value as StoredSession).token === 'string' &&
      typeof (value as StoredSession).expires_at === 'string'
    ) {
      return value as StoredSession;
    }
  } catch {
    // A corrupt entry is treated as no session.
  }
  return null;
}

function isExpired(session: StoredSession): boolean {
  const expiresAt = Date.parse(session.expires_at);
  return Number.isFinite(expiresAt) && expiresAt <= Date.now();
}

function readSession(storage: Storage | null): StoredSession | null {
  const session = parseSession(safeGet(storage, TOKEN_KEY));
  return session && !isExpired(session) ? session : null;
}

/** The bearer token of this tab, or null. A primitive, so it is a stable external-store snapshot. */
export function getToken(): string | null {
  return (readSession(storageOrNull('local')) ?? readSession(storageOrNull('session')))?.token ?? null;
}

/** Not a secret: a short fingerprint so tabs can tell whether an expiry concerns their token. */
function tokenTag(token: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i += 1) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/**
 * An id for one cross-tab message. getRandomValues, unlike randomUUID, also exists on plain-http
 * origins (a LAN address), where the app still has to work.
 */
function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function notify(reason: AuthChangeReason): void {
  window.dispatchEvent(new CustomEvent<AuthChangeDetail>(AUTH_CHANGE_EVENT, { detail: { reason } }));
}

/**
 * Stores a fresh session. The caller reloads the page right after (product §2.4), so this tab is not
 * notified; other tabs see the localStorage write and pick the session up.
 */
export function saveSession(session: StoredSession, remember: boolean): void {
  const local = storageOrNull('local');
  const tab = storageOrNull('session');
  const value = JSON.stringify({ token: session.token, expires_at: session.expires_at });
  if (remember) {
    safeSet(local, TOKEN_KEY, value);
    safeRemove(tab, TOKEN_KEY);
  } else {
    safeSet(tab, TOKEN_KEY, value);
    safeRemove(local, TOKEN_KEY);
    safeSet(local, TAB_SESSION_HINT_KEY, '1');
  }
}

function removeStoredTokens(): void {
  safeRemove(storageOrNull('local'), TOKEN_KEY);
  safeRemove(storageOrNull('session'), TOKEN_KEY);
}

function broadcast(event: Omit<AuthEvent, 'id'>): void {
  // A new id each time: an unchanged value would not fire a `storage` event in the other tabs.
  safeSet(storageOrNull('local'), AUTH_EVENT_KEY, JSON.stringify({ ...event, id: randomId() }));
}

/** Signs this tab and every other tab out (user sign-out, password change). */
export function clearSession(): void {
  removeStoredTokens();
  safeRemove(storageOrNull('local'), TAB_SESSION_HINT_KEY);
  broadcast({ type: 'signed-out' });
  notify('signed-out');
}

/**
 * The server refused `token` (revoked or expired). Clears it only if it is still the current one, so a
 * late answer to an old request cannot sign out a session started since.
 */
export function expireSession(token: string): void {
  if (getToken() !== token) return;
  removeStoredTokens();
  broadcast({ type: 'expired', tag: tokenTag(token) });
  notify('expired');
}

function parseAuthEvent(raw: string | null): AuthEvent | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<AuthEvent>;
    if (value.type === 'signed-out' || value.type === 'expired') return value as AuthEvent;
  } catch {
    // Ignore foreign or corrupt values.
  }
  return null;
}

let syncStarted = false;

/** Listens to the other tabs. Call once at start-up. */
export function startAuthSync(): void {
  if (syncStarted) return;
  syncStarted = true;
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== storageOrNull('local')) return;

    if (event.key === AUTH_EVENT_KEY) {
      const authEvent = parseAuthEvent(event.newValue);
      if (!authEvent) return;
      const tab = storageOrNull('session');
      const tabToken = readSession(tab)?.token;
      // sessionStorage is per tab, so the other tab could not remove this tab's copy itself.
      if (tabToken && (authEvent.type === 'signed-out' || authEvent.tag === tokenTag(tabToken))) {
        safeRemove(tab, TOKEN_KEY);
      }
      notify(authEvent.type);
      return;
    }

    if (event.key === SESSION_REQUEST_KEY && event.newValue) {
      // Another tab was just opened without a token: hand it this tab's browser-session token.
      const session = readSession(storageOrNull('session'));
      if (!session) return;
      const local = storageOrNull('local');
      safeSet(local, SESSION_RESPONSE_KEY, JSON.stringify({ request: event.newValue, ...session }));
      // Removed at once: the `storage` event has already carried the value to the asking tab.
      safeRemove(local, SESSION_RESPONSE_KEY);
      return;
    }

    // Sign-in or sign-out in another tab (localStorage session), or storage cleared by the user.
    if (event.key === TOKEN_KEY || event.key === null) notify('synced');
  });
}

/** Whether a new tab should ask the open tabs for a browser-session token before deciding. */
export function shouldRecoverTabSession(): boolean {
  return getToken() === null && safeGet(storageOrNull('local'), TAB_SESSION_HINT_KEY) === '1';
}

/** Asks open tabs for their browser-session token; resolves when one answers or after a short wait. */
export function recoverTabSession(): Promise<void> {
  if (!shouldRecoverTabSession()) return Promise.resolve();
  const local = storageOrNull('local');
  const request = randomId();
  return new Promise((resolve) => {
    const finish = (found: boolean) => {
      window.removeEventListener('storage', onStorage);
      window.clearTimeout(timer);
      // No tab answered: none holds a browser session, so later tabs need not wait either.
      if (!found) safeRemove(local, TAB_SESSION_HINT_KEY);
      resolve();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key !== SESSION_RESPONSE_KEY || !event.newValue) return;
      let answer: (StoredSession & { request?: string }) | null = null;
      try {
        answer = JSON.parse(event.newValue) as StoredSession & { request?: string };
      } catch {
        return;
      }
      if (answer.request !== request) return;
      const session = parseSession(JSON.stringify(answer));
      if (!session || isExpired(session)) return;
      safeSet(
        storageOrNull('session'),
        TOKEN_KEY,
        JSON.stringify({ token: session.token, expires_at: session.expires_at }),
      );
      finish(true);
    };
    const timer = window.setTimeout(() => finish(false), HANDSHAKE_TIMEOUT_MS);
    window.addEventListener('storage', onStorage);
    safeSet(local, SESSION_REQUEST_KEY, request);
    safeRemove(local, SESSION_REQUEST_KEY);
  });
}

/** For useSyncExternalStore: re-read the token whenever this or another tab changes the session. */
export function subscribeToAuth(callback: () => void): () => void {
  window.addEventListener(AUTH_CHANGE_EVENT, callback);
  return () => window.removeEventListener(AUTH_CHANGE_EVENT, callback);
}
