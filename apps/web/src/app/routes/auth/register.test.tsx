import { accountMessages as m, userSchema, type RegisterBody } from '@tokendesk/contract';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../../testing/data-generators';
import { api, apiError } from '../../../testing/mocks/api';
import { server } from '../../../testing/mocks/server';
import { fill, renderApp, screen } from '../../../testing/test-utils';

const registerAnswer = z.object({ user: userSchema });

const typed = {
  fullName: 'Ada Lovelace',
  email: 'ada.lovelace@example.com',
  username: 'ada_lovelace',
  password: 'amber quokka sings at dawn',
};

async function openRegister() {
  const view = renderApp('/register', { user: null });
  await screen.findByRole('heading', { name: 'Create your account' });
  const fields = {
    fullName: screen.getByLabelText('Full name'),
    email: screen.getByLabelText('Email'),
    username: screen.getByLabelText('Username'),
    password: screen.getByLabelText('Password', { exact: true }),
    confirm: screen.getByLabelText('Confirm password', { exact: true }),
  };
  return { ...view, fields, submit: screen.getByRole('button', { name: 'Create Account' }) };
}

/** The one alert the form shows (the page has no other). */
const onlyAlert = () => {
  const alerts = screen.getAllByRole('alert');
  expect(alerts).toHaveLength(1);
  return alerts[0]!.textContent;
};

// Moved from e2e/tests/register.spec.ts (product §4): the form's own rules; creating a real
// account and signing in with it stays there. The form's own messages are written out, as the spec
// had them, so that a changed text fails here; the server's are its answers, named from the contract.
describe('registration form', () => {
  it('keeps Create Account disabled until the terms are accepted, then shows the first failure in field order and keeps the input', async () => {
    const bodies: unknown[] = [];
    server.use(
      api.post('/user/register/', registerAnswer, ({ body }) => {
        bodies.push(body);
        const sent = body as RegisterBody;
        return { user: buildUser({ username: sent.username, email: sent.email }) };
      }),
    );
    const { events, fields, submit } = await openRegister();
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await events.click(screen.getByRole('checkbox', { name: /I agree to the Terms of Service/ }));
    expect((submit as HTMLButtonElement).disabled).toBe(false);

    /** Submits and checks that exactly this one message is shown. */
    const expectMessage = async (message: string) => {
      await events.click(submit);
      expect(onlyAlert()).toBe(message);
    };

    await expectMessage('Full name is required');
    expect(document.activeElement).toBe(fields.fullName);
    fill(fields.fullName, typed.fullName);

    await expectMessage('Email is required');
    fill(fields.email, 'not-an-email');
    await expectMessage('Please enter a valid email address');
    expect(fields.email.getAttribute('aria-invalid')).toBe('true');
    fill(fields.email, typed.email);

    await expectMessage('Username is required');
    fill(fields.username, 'abc');
    await expectMessage('Username must be at least 4 characters long');
    fill(fields.username, typed.username);

    await expectMessage('Password is required');
    fill(fields.password, 'short');
    await expectMessage('Password must be at least 8 characters long');
    fill(fields.password, typed.password);

    fill(fields.confirm, `${typed.password}-typo`);
    await expectMessage('Passwords do not match');

    // Nothing typed so far was lost on the failed submits, and nothing was sent.
    expect((fields.fullName as HTMLInputElement).value).toBe(typed.fullName);
    expect((fields.email as HTMLInputElement).value).toBe(typed.email);
    expect((fields.username as HTMLInputElement).value).toBe(typed.username);
    expect((fields.password as HTMLInputElement).value).toBe(typed.password);
    expect(bodies).toEqual([]);

    // The show/hide toggles reveal the text without changing it.
    await events.click(screen.getByRole('button', { name: 'Show confirm password' }));
    expect(fields.confirm.getAttribute('type')).toBe('text');
    await events.click(screen.getByRole('button', { name: 'Hide confirm password' }));
    expect(fields.confirm.getAttribute('type')).toBe('password');
    expect((fields.confirm as HTMLInputElement).value).toBe(`${typed.password}-typo`);

    // Valid: sent once, and the sign-in page says the account exists.
    fill(fields.confirm, typed.password);
    await events.click(submit);
    expect(await screen.findByText('Account created. Please sign in.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ username: typed.username, email: typed.email, password: typed.password });
  });

  it("shows the server's message for a taken username and keeps the form", async () => {
    server.use(
      api.post('/user/register/', registerAnswer, () =>
        apiError(409, m.usernameTaken, [{ field: 'username', message: m.usernameTaken }]),
      ),
    );
    const { events, fields, submit } = await openRegister();
    fill(fields.fullName, typed.fullName);
    fill(fields.email, typed.email);
    fill(fields.username, 'taken_name');
    fill(fields.password, typed.password);
    fill(fields.confirm, typed.password);
    await events.click(screen.getByRole('checkbox', { name: /I agree/ }));
    await events.click(submit);

    expect(await screen.findByText(m.usernameTaken)).toBeTruthy();
    expect(onlyAlert()).toBe(m.usernameTaken);
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect((fields.username as HTMLInputElement).value).toBe('taken_name');
    expect((fields.password as HTMLInputElement).value).toBe(typed.password);
  });

  // The server's policy and its wording are apps/server/test/account/account-security.test.ts › 'password
  // policy'; here, that its answer lands on the password field.
  it("shows the password policy's message on the password field, focused, and stays on the form", async () => {
    const { events, fields, submit } = await openRegister();
    expect(screen.getByText(/^At least 8 characters and hard to guess/)).toBeTruthy();
    fill(fields.fullName, typed.fullName);
    fill(fields.email, typed.email);
    fill(fields.username, typed.username);
    await events.click(screen.getByRole('checkbox', { name: /I agree/ }));

    for (const message of [
      m.passwordTooWeak,
      m.passwordContainsUsername,
      m.passwordContainsEmail,
      m.passwordTooCommon,
    ]) {
      server.use(
        api.post('/user/register/', registerAnswer, () => apiError(400, message, [{ field: 'password', message }])),
      );
      fill(fields.password, 'aaaaaaaa');
      fill(fields.confirm, 'aaaaaaaa');
      await events.click(submit);
      expect(await screen.findByText(message)).toBeTruthy();
      expect(onlyAlert()).toBe(message);
      expect(document.activeElement).toBe(fields.password);
      expect(fields.password.getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByRole('heading', { name: 'Create your account' })).toBeTruthy();
    }
  });

  it('links to sign-in, and sign-in links back', async () => {
    const { events } = renderApp('/login', { user: null });
    await events.click(await screen.findByRole('link', { name: 'Create an Account' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();
    await events.click(screen.getByRole('link', { name: 'Sign In' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeTruthy();
  });
});
