import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeBrowser, type FakeBrowser } from '../test/fake-browser';
import type * as AuthStorageModule from './auth-storage';

type AuthStorage = typeof AuthStorageModule;

const TOKEN_KEY = 'tokendesk.session';
const future = () => new Date(Date.now() + 3_600_000).toISOString();

let browser: FakeBrowser;
let auth: AuthStorage;
let reasons: string[];

beforeEach(async () => {
  browser = installFakeBrowser();
  // Fresh module per test: startAuthSync() installs its listener once per module instance.
  vi.resetModules();
  auth = await import('./auth-storage');
  reasons = [];
  browser.window.addEventListener(auth.AUTH_CHANGE_EVENT, (event) => {
    reasons.push((event as CustomEvent<{ reason: string }>).detail.reason);
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('storing the session', () => {
  it("keeps a 'Remember me' session in localStorage", () => {
    auth.saveSession({ token: 'abc', expires_at: future() }, true);
    expect(browser.localStorage.getItem(TOKEN_KEY)).toContain('abc');
    expect(browser.sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(auth.getToken()).toBe('abc');
  });

  it('keeps any other session in sessionStorage and leaves a hint for new tabs', () => {
    auth.saveSession({ token: 'tab', expires_at: future() }, false);
    expect(browser.sessionStorage.getItem(TOKEN_KEY)).toContain('tab');
    expect(browser.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(auth.shouldRecoverTabSession()).toBe(false);
    expect(auth.getToken()).toBe('tab');
  });

  it('ignores an expired or corrupt session', () => {
    browser.localStorage.setItem(
      TOKEN_KEY,
      JSON.stringify({ token: 'old', expires_at: new Date(Date.now() - 1000).toISOString() }),
    );
    expect(auth.getToken()).toBeNull();
    browser.localStorage.setItem(TOKEN_KEY, '{not json');
    expect(auth.getToken()).toBeNull();
  });
});

describe('signing out', () => {
  it('clears both storages, tells other tabs through localStorage and this tab through an event', () => {
    auth.saveSession({ token: 'abc', expires_at: future() }, true);
    browser.sessionStorage.setItem(TOKEN_KEY, JSON.stringify({ token: 'x', expires_at: future() }));
    auth.clearSession();
    expect(auth.getToken()).toBeNull();
    expect(browser.sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(JSON.parse(browser.localStorage.getItem(auth.AUTH_EVENT_KEY) ?? '{}')).toMatchObject({ type: 'signed-out' });
    expect(reasons).toEqual(['signed-out']);
  });

  it("a sign-out in another tab removes this tab's browser-session token", () => {
    auth.startAuthSync();
    auth.saveSession({ token: 'tab', expires_at: future() }, false);
    browser.storageEventFromOtherTab(auth.AUTH_EVENT_KEY, JSON.stringify({ type: 'signed-out', id: '1' }));
    expect(auth.getToken()).toBeNull();
    expect(reasons).toEqual(['signed-out']);
  });

  it("another tab's expired token does not end a different session here", () => {
    auth.startAuthSync();
    auth.saveSession({ token: 'mine', expires_at: future() }, false);
    browser.storageEventFromOtherTab(
      auth.AUTH_EVENT_KEY,
      JSON.stringify({ type: 'expired', tag: 'not-mine', id: '2' }),
    );
    expect(auth.getToken()).toBe('mine');
  });

  it('expireSession clears only the token the server refused', () => {
    auth.saveSession({ token: 'new', expires_at: future() }, true);
    auth.expireSession('old');
    expect(auth.getToken()).toBe('new');
    auth.expireSession('new');
    expect(auth.getToken()).toBeNull();
    expect(reasons).toEqual(['expired']);
  });

  it('a sign-in or sign-out in another tab (localStorage) re-evaluates this tab', () => {
    auth.startAuthSync();
    browser.storageEventFromOtherTab(TOKEN_KEY, null);
    expect(reasons).toEqual(['synced']);
  });
});

describe('handing a browser-session token to a new tab', () => {
  it('an open tab answers a request and removes the answer at once', () => {
    auth.startAuthSync();
    auth.saveSession({ token: 'tab', expires_at: future() }, false);
    const setItem = vi.spyOn(browser.localStorage, 'setItem');
    browser.storageEventFromOtherTab('tokendesk.session-request', 'req-1');
    const answer = setItem.mock.calls.find(([key]) => key === 'tokendesk.session-response');
    expect(answer && JSON.parse(answer[1])).toMatchObject({ request: 'req-1', token: 'tab' });
    expect(browser.localStorage.getItem('tokendesk.session-response')).toBeNull();
  });

  it('a new tab takes the token from the answer to its own request', async () => {
    browser.localStorage.setItem('tokendesk.tab-session', '1');
    const setItem = vi.spyOn(browser.localStorage, 'setItem');
    const recovered = auth.recoverTabSession();
    const request = setItem.mock.calls.find(([key]) => key === 'tokendesk.session-request')?.[1];
    expect(request).toBeTruthy();
    // An answer to someone else's request is ignored.
    browser.storageEventFromOtherTab(
      'tokendesk.session-response',
      JSON.stringify({ request: 'other', token: 'x', expires_at: future() }),
    );
    browser.storageEventFromOtherTab(
      'tokendesk.session-response',
      JSON.stringify({ request, token: 'shared', expires_at: future() }),
    );
    await recovered;
    expect(auth.getToken()).toBe('shared');
    expect(JSON.parse(browser.sessionStorage.getItem(TOKEN_KEY) ?? '{}')).toEqual({
      token: 'shared',
      expires_at: expect.any(String),
    });
  });

  it('gives up quickly when no tab answers, and stops asking later tabs', async () => {
    vi.useFakeTimers();
    browser.localStorage.setItem('tokendesk.tab-session', '1');
    const recovered = auth.recoverTabSession();
    await vi.advanceTimersByTimeAsync(400);
    await recovered;
    expect(auth.getToken()).toBeNull();
    expect(auth.shouldRecoverTabSession()).toBe(false);
  });
});
