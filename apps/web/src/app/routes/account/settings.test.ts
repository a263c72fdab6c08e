import type { EmailOptions, User } from '@tokendesk/contract';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { SettingsRoute } from './settings';
import { userInfoQueryOptions } from '../../../features/account/api/get-user-info';
import { emailOptionsQueryOptions } from '../../../lib/email-options';
import { renderStatic, textOf } from '../../../test/static-render';

const user: User = {
  id: 1,
  username: 'ann',
  email: 'ann@example.com',
  first_name: 'Ann',
  last_name: 'Lee',
  is_staff: false,
  email_verified: false,
  pending_email: null,
  password_change_required: false,
};

const settings = (options: EmailOptions) =>
  textOf(
    renderStatic(createElement(SettingsRoute), {
      path: '/settings',
      cache: [
        [userInfoQueryOptions.queryKey, user],
        [emailOptionsQueryOptions.queryKey, options],
      ],
    }),
  );

describe('Settings on a server without e-mail (issue 35)', () => {
  it('says once that verification and password resets need e-mail, what to do instead, and how the operator turns it on', () => {
    const words = settings({ email_configured: false, support_contact: null });
    expect(words.split('E-mail is not configured on this server.').length - 1).toBe(1);
    expect(words).toContain('So TokenDesk cannot verify your e-mail address or send you a password-reset link');
    expect(words).toContain(
      "If you forget your password, support staff or the server's operator can give you a one-time link to choose a new one.",
    );
    expect(words.replace(/ \)/g, ')')).toContain(
      'Running this server? Set SMTP_URL (for example smtps://user:pass@mail.example.com) and restart it to turn e-mail on.',
    );
    expect(words).toContain('Current Email Not verified.');
  });

  it('says nothing of it where e-mail works', () => {
    const words = settings({ email_configured: true, support_contact: null });
    expect(words).not.toContain('E-mail is not configured');
    expect(words).not.toContain('SMTP_URL');
    expect(words).toContain('Not verified yet: follow the link we sent to this address.');
  });
});
