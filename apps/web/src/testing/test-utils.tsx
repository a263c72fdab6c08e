import { act, fireEvent, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { userSchema, type User } from '@tokendesk/contract';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AppRoutes } from '../app/app-routes';
import { AppProviders } from '../app/providers';
import { TOKEN_KEY } from '../lib/auth-storage';
// The app's lazy chunks, imported up front: Vite transforms them while the file is collected, so
// that a test's first render does not wait seconds for its screen (React.lazy then finds them loaded).
import '../app/signed-in-app';
import '../app/routes/auth/register';
import { buildUser } from './data-generators';
import { api } from './mocks/api';
import { server } from './mocks/server';

/**
 * Signs `user` in as the login form does: the token in localStorage ('Remember me'), and the
 * server's user/info/ answering with that user (the app trusts a token only once that answers).
 */
export function signInAs(user: User): User {
  localStorage.setItem(
    TOKEN_KEY,
    JSON.stringify({ token: `test-token-${user.id}`, expires_at: new Date(Date.now() + 86_400_000).toISOString() }),
  );
  server.use(api.get('/user/info/', userSchema, () => user));
  return user;
}

/**
 * The whole app (its providers and route tables) opened on `url`, signed in as a fresh user unless
 * `user` is null (signed out). A QueryClient per render, as the app makes one per page load.
 * The screen's own API answers are installed by the test beforehand (server.use); the test then
 * waits for what it expects with findBy… (the auth check and the lazy route chunks come first).
 */
export function renderApp(url = '/', { user }: { user?: User | null } = {}) {
  const signedIn = user === null ? null : signInAs(user ?? buildUser());
  const Router = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  const result = render(
    <AppProviders Router={Router}>
      <AppRoutes />
    </AppProviders>,
  );
  return { ...result, user: signedIn, events: userEvent.setup() };
}

/**
 * Replaces a field's text as Playwright's fill() does: focus, then one input event with the whole
 * value (no key presses, no paste). user-event's type() re-renders a controlled form per character:
 * seconds per form on a loaded machine.
 */
export function fill(field: HTMLElement, text: string) {
  act(() => field.focus());
  fireEvent.change(field, { target: { value: text } });
}

export * from '@testing-library/react';
export { userEvent };
