import { test as base, expect, type APIRequestContext, type ConsoleMessage, type Page } from '@playwright/test';
// Where the web app keeps a session token: the fixtures' signIn stores it there, as the login form does.
import { TAB_SESSION_HINT_KEY, TOKEN_KEY } from '../apps/web/src/lib/auth-storage';

export { expect };

export interface TestUser {
  fullName: string;
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  password: string;
}

/** A failed request the test causes on purpose; Chromium logs it as a console error. */
export interface ExpectedHttpError {
  status: number;
  /** Matched against the URL of the failed request. */
  url: RegExp;
}

interface ConsoleGuard {
  /** Declares an HTTP error the test triggers deliberately, so the guard does not fail on it. */
  allowHttpError(error: ExpectedHttpError): void;
  /** Declares any other console error text the test expects. */
  allowMessage(pattern: RegExp): void;
}

interface Fixtures {
  consoleGuard: ConsoleGuard;
  /** Registers a fresh user through the API (fast); every call gives a new, unique account. */
  createUser: () => Promise<TestUser>;
  /** One fresh registered user for the test. */
  user: TestUser;
}

let counter = 0;

/** Unique across runs and tests: the database directory is fresh per run, but be safe anyway. */
export function uniqueUsername(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}_${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
}

export function newUserData(): TestUser {
  const username = uniqueUsername();
  return {
    fullName: 'Grace Hopper',
    firstName: 'Grace',
    lastName: 'Hopper',
    email: `${username}@example.com`,
    username,
    // Random so no common-password rule can refuse it.
    password: `Pw-${Math.random().toString(36).slice(2, 10)}-${Date.now().toString(36)}`,
  };
}

export async function registerViaApi(request: APIRequestContext, user: TestUser): Promise<void> {
  const response = await request.post('/api/v1/user/register/', {
    data: {
      full_name: user.fullName,
      email: user.email,
      username: user.username,
      password: user.password,
      confirm_password: user.password,
      accept_terms: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

export const test = base.extend<Fixtures>({
  consoleGuard: [
    async ({ context }, use) => {
      const problems: string[] = [];
      const allowedHttp: ExpectedHttpError[] = [];
      const allowedText: RegExp[] = [];

      const isAllowed = (message: ConsoleMessage) => {
        const text = message.text();
        if (allowedText.some((pattern) => pattern.test(text))) return true;
        const url = message.location().url;
        return allowedHttp.some((e) => text.includes(`status of ${e.status}`) && e.url.test(url));
      };
      const watch = (page: Page) => {
        page.on('console', (message) => {
          if (message.type() === 'error' && !isAllowed(message)) {
            problems.push(`console.error on ${page.url()}: ${message.text()} (${message.location().url})`);
          }
        });
        page.on('pageerror', (error) => problems.push(`uncaught error on ${page.url()}: ${error.message}`));
      };
      context.pages().forEach(watch);
      context.on('page', watch);
      // Chromium blocks what the CSP forbids (eval, inline script, a foreign origin) without a console
      // error; the page's own violation event is turned into one, so a violation fails the test.
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(
            `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline code'} in ${event.sourceFile}:${event.lineNumber}`,
          );
        });
      });

      await use({
        allowHttpError: (error) => allowedHttp.push(error),
        allowMessage: (pattern) => allowedText.push(pattern),
      });

      // The problems are in the message's first line too: a CI summary keeps only that line.
      expect(problems, `unexpected console errors or uncaught exceptions: ${problems.join(' ; ')}`).toEqual([]);
    },
    { auto: true },
  ],

  createUser: async ({ request }, use) => {
    await use(async () => {
      const user = newUserData();
      await registerViaApi(request, user);
      return user;
    });
  },

  user: async ({ createUser }, use) => {
    await use(await createUser());
  },
});

/**
 * Signs in through the login form and waits for the dashboard (a full page load). For the specs whose
 * subject is signing in (login, sessions across tabs, a changed password); the others use signIn.
 */
export async function signInWithForm(
  page: Page,
  user: Pick<TestUser, 'username' | 'password'>,
  options: { remember?: boolean } = {},
) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  if (options.remember) await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

/**
 * Signs in through the API and opens `to` (default '/', where it waits for the dashboard). The token
 * is stored where the login form stores it, so the app cannot tell the difference. It skips the
 * sign-in page's load (and with `to`, the dashboard's), a small saving in the headless shell; mainly,
 * a broken sign-in form then fails the specs about signing in, which use signInWithForm, and not
 * every other spec as well (decision 0045).
 */
export async function signIn(
  page: Page,
  user: Pick<TestUser, 'username' | 'password'>,
  options: { remember?: boolean; to?: string } = {},
) {
  const remember = options.remember ?? false;
  const response = await page.request.get(`/api/v1/user/login/?remember=${remember}`, { headers: basicAuth(user) });
  expect(response.ok(), `sign-in of ${user.username}: ${response.status()} ${await response.text()}`).toBe(true);
  const { token, expires_at } = (await response.json()) as { token: string; expires_at: string };
  // Storage belongs to the origin: a same-origin document that starts no app (the health answer).
  await page.goto('/api/health');
  await page.evaluate(
    ({ key, hintKey, value, remember }) => {
      if (remember) {
        localStorage.setItem(key, value);
      } else {
        sessionStorage.setItem(key, value);
        localStorage.setItem(hintKey, '1');
      }
    },
    { key: TOKEN_KEY, hintKey: TAB_SESSION_HINT_KEY, value: JSON.stringify({ token, expires_at }), remember },
  );
  await page.goto(options.to ?? '/');
  if (options.to === undefined) await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
}

/** The 'Loading...' screen must give way; a stuck auth check is a failure. */
export async function expectNotLoading(page: Page) {
  await expect(page.getByText('Loading...', { exact: true })).toHaveCount(0);
}

/** HTTP Basic for API calls made by the test itself (the server accepts it on every route). */
export function basicAuth(user: Pick<TestUser, 'username' | 'password'>): Record<string, string> {
  return { Authorization: `Basic ${Buffer.from(`${user.username}:${user.password}`, 'utf8').toString('base64')}` };
}

/** GET an API path as `user` and return the parsed body (fails the test on a non-2xx answer). */
export async function apiGet<T>(request: APIRequestContext, user: TestUser, path: string): Promise<T> {
  const response = await request.get(`/api/v1${path}`, { headers: basicAuth(user) });
  expect(response.ok(), `GET ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** POST to an API path as `user`; returns the parsed body of a 2xx answer. */
export async function apiPost<T>(request: APIRequestContext, user: TestUser, path: string, data: unknown): Promise<T> {
  const response = await request.post(`/api/v1${path}`, { headers: basicAuth(user), data });
  expect(response.ok(), `POST ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}
