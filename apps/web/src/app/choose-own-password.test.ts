import type { User } from '@tokendesk/contract';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { userInfoQueryOptions } from '../features/account/api/get-user-info';
import { renderStatic, textOf } from '../test/static-render';
import { SignedInApp } from './signed-in-app';

const staff: User = {
  id: 3,
  username: 'support_ann',
  email: 'ann@example.com',
  first_name: '',
  last_name: '',
  is_staff: true,
  email_verified: true,
  pending_email: null,
  password_change_required: true,
};

const app = (user: User, path: string) =>
  textOf(renderStatic(createElement(SignedInApp), { path, cache: [[userInfoQueryOptions.queryKey, user]] }));

describe('an account signed in with the one-time password the operator made up (issue 35)', () => {
  it('is asked to choose its own password first, on any page, and sees nothing else', () => {
    for (const path of ['/', '/staff/tickets', '/projects']) {
      const words = app(staff, path);
      expect(words).toContain('Choose your own password');
      expect(words).toContain(
        "You signed in as support_ann with a one-time password from this server's operator. They have seen it, so choose a password only you know before you continue. The Support console opens once you sign in with it.",
      );
      expect(words).toContain('One-time Password New Password');
      expect(words).toContain('Change Password');
      expect(words).toContain('Sign Out');
      expect(words).not.toContain('Dashboard');
      expect(words).not.toContain('Support Desk');
    }
  });

  it('sees the app once the password is its own', () => {
    const words = app({ ...staff, password_change_required: false }, '/');
    expect(words).not.toContain('Choose your own password');
    expect(words).toContain('Support Desk');
  });
});
