import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderStatic, textOf } from '../../../test/static-render';
import { LoginRoute } from './login';
import { landingPath, LoginMessage } from '../../../features/auth/components/login-form';

describe('the sign-in page (issue 35)', () => {
  it("shows 'Account created. Please sign in.' until a sign-in fails, then only the failure", () => {
    const arrived = textOf(renderStatic(createElement(LoginRoute), { path: '/login?registered=true' }));
    expect(arrived.split('Account created. Please sign in.').length - 1).toBe(1);

    const failed = textOf(
      renderStatic(
        createElement(LoginMessage, {
          notice: 'Account created. Please sign in.',
          error: 'Login failed. Please check your credentials.',
        }),
      ),
    );
    expect(failed).toBe('Login failed. Please check your credentials.');
    expect(
      textOf(renderStatic(createElement(LoginMessage, { notice: 'Account created. Please sign in.', error: null }))),
    ).toBe('Account created. Please sign in.');
    expect(renderStatic(createElement(LoginMessage, { notice: null, error: null }))).toBe('');
  });

  it('takes staff to the Support console and everyone else to the dashboard, unless a page was asked for', () => {
    expect(landingPath({ is_staff: true }, null)).toBe('/staff/tickets');
    expect(landingPath({ is_staff: false }, null)).toBe('/');
    expect(landingPath({ is_staff: true }, '/support/4')).toBe('/support/4');
  });
});
