import type { EmailOptions } from '@tokendesk/contract';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { emailOptionsQueryOptions } from '../../../lib/email-options';
import { renderStatic, textOf as text } from '../../../test/static-render';
import { ForgotPasswordForm } from './forgot-password-form';
import { contactHref } from './no-email-reset-help';

/** The page as a server with these options renders it (the options answer already in the cache). */
const render = (options: EmailOptions): string =>
  renderStatic(createElement(ForgotPasswordForm), { cache: [[emailOptionsQueryOptions.queryKey, options]] });

describe('forgot password without e-mail (decision 0058)', () => {
  it('says e-mail is off, who to ask and what to tell them, and asks for no address', () => {
    const html = render({ email_configured: false, support_contact: null });
    const words = text(html);
    expect(words).toContain('E-mail is not configured on this server. Ask support staff to reset your password.');
    expect(words).toContain(
      'Who to ask The operator of this TokenDesk server (whoever set it up for your team) or its support staff. They can give you a one-time link to choose a new password.',
    );
    expect(words).toContain(
      'What to tell them Your username or the e-mail address of your account, and that you need a password reset link. Never tell anyone your password: nobody needs it to help you.',
    );
    expect(words).toContain(
      'The link works once, for 30 minutes. Opening it lets you choose a new password and signs your account out everywhere.',
    );
    expect(words).not.toContain('Contact:');
    expect(html).not.toContain('<input');
    expect(words).not.toContain('Send Reset Link');
  });

  it('names the contact the operator configured, as a mailto: link or a link to the help desk', () => {
    const mail = render({ email_configured: false, support_contact: 'help@desk.example' });
    expect(text(mail)).toContain('Contact: help@desk.example');
    expect(mail).toContain('href="mailto:help@desk.example"');
    const web = render({ email_configured: false, support_contact: 'https://help.example/tokendesk' });
    expect(web).toContain('href="https://help.example/tokendesk"');
    expect(web).toContain('rel="noopener noreferrer"');
  });

  it('makes links only of e-mail addresses and http(s) URLs', () => {
    expect(contactHref('javascript:alert(1)')).toBeNull();
    expect(contactHref('Room 4, ask Ann')).toBeNull();
    expect(contactHref('ann@example.com')).toBe('mailto:ann@example.com');
    expect(contactHref('HTTPS://x.example')).toBe('HTTPS://x.example');
  });

  it('with e-mail on, asks for the address as before', () => {
    const html = render({ email_configured: true, support_contact: 'help@desk.example' });
    expect(text(html)).toContain('Send Reset Link');
    expect(text(html)).not.toContain('Who to ask');
  });
});
