import { accountMessages as m, emailOptionsSchema, loginResponseSchema } from '@tokendesk/contract';
import { describe, expect, it } from 'vitest';
import { api, apiError } from '../../../testing/mocks/api';
import { server } from '../../../testing/mocks/server';
import { renderApp, screen } from '../../../testing/test-utils';

async function signInWith(events: ReturnType<typeof renderApp>['events'], username: string, password: string) {
  await events.type(await screen.findByLabelText('Username'), username);
  await events.type(screen.getByLabelText('Password', { exact: true }), password);
  await events.click(screen.getByRole('button', { name: 'Sign In' }));
}

// Moved from e2e/tests/login.spec.ts. The server's side (one message for every failure, the
// limits and their 429) is apps/server/test/account/account.test.ts and sign-in-limits.test.ts; the
// successful sign-in (a full page load, 'Remember me') stays in the spec.
describe('sign-in form', () => {
  it('a refused sign-in shows the generic message, stays on the form and keeps the username', async () => {
    let asked = 0;
    server.use(
      api.get('/user/login/', loginResponseSchema, () => {
        asked += 1;
        return apiError(401, m.loginFailed);
      }),
    );
    const { events } = renderApp('/login', { user: null });
    await signInWith(events, 'grace', 'not-her-password');
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed. Please check your credentials.');
    expect(asked).toBe(1);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('grace');
  });

  it("a rate-limited sign-in shows the server's explanation instead of the generic message", async () => {
    const limited = 'Too many failed sign-in attempts. Please try again in 15 minutes.';
    server.use(api.get('/user/login/', loginResponseSchema, () => apiError(429, limited)));
    const { events } = renderApp('/login', { user: null });
    await signInWith(events, 'grace', 'her-password');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/try again in/i);
    expect(alert.textContent).not.toBe(m.loginFailed);
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  // Decision 0039: a server without SMTP_URL sends nobody a link.
  it("'Forgot password?' on a server without e-mail says to ask support staff, and leads back to Sign In", async () => {
    server.use(
      api.get('/auth/options/', emailOptionsSchema, () => ({ email_configured: false, support_contact: null })),
    );
    const { events } = renderApp('/login', { user: null });
    await events.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    expect(
      await screen.findByText('E-mail is not configured on this server. Ask support staff to reset your password.'),
    ).toBeTruthy();
    await events.click(screen.getByRole('link', { name: 'Sign In' }));
    expect(await screen.findByLabelText('Username')).toBeTruthy();
  });
});
