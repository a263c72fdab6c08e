import { staffAccountMessages } from '@tokendesk/contract';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { auditActor, AuditEventsList } from './audit-events-card';
import { IssuedLinkPanel } from './issued-link-panel';
import { ConfirmUser } from './reset-link-dialog';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

const URL_ = 'https://desk.example/reset-password?token=AbC_123-xyz';

describe('the staff reset-link dialog (decision 0058)', () => {
  it('shows the issued link once, in a read-only field, with a copy button and what it is for', () => {
    const html = renderToStaticMarkup(
      createElement(IssuedLinkPanel, { link: { username: 'ann', url: URL_, expires_at: '2026-11-27T15:45:00.000Z' } }),
    );
    // Once: the field's value, and nowhere else on the panel (no second copy to leak or to confuse).
    expect(html.split(URL_).length - 1).toBe(1);
    expect(html).toMatch(
      /<textarea[^>]*readOnly=""[^>]*>https:\/\/desk\.example\/reset-password\?token=AbC_123-xyz<\/textarea>/,
    );
    expect(html).toMatch(/<button[^>]*>.*Copy Link<\/button>/);
    const words = text(html);
    expect(words).toContain('One-time link for ann');
    expect(words).toMatch(
      /It works once and expires at \d{1,2}:\d\d [AP]M \(in 30 minutes\)\. Using it signs the account out everywhere\./,
    );
    expect(words).toContain(
      'It is shown only now. Once this dialog is closed nobody can see it again: copy it before you close, and give it only to the account’s owner.',
    );
  });

  it('asks staff to confirm the account, and refuses staff accounts', () => {
    const user = {
      id: 7,
      username: 'ann',
      email: 'ann@example.com',
      first_name: 'Ann',
      last_name: 'Lee',
      is_staff: false,
    };
    const words = text(renderToStaticMarkup(createElement(ConfirmUser, { user, error: null })));
    expect(words).toContain('Username ann E-mail ann@example.com Name Ann Lee');
    expect(words).toContain(
      'Anyone who has the link can set this account’s password. Give it only to the account’s owner, once you are sure it is them.',
    );
    const staff = text(
      renderToStaticMarkup(createElement(ConfirmUser, { user: { ...user, is_staff: true }, error: null })),
    );
    expect(staff).toContain(staffAccountMessages.staffTarget);
  });

  it('lists who issued which link and when, never a link', () => {
    const events = [
      {
        id: 2,
        action: 'reset_link_issued' as const,
        actor_kind: 'cli' as const,
        actor_name: 'root',
        subject_user_id: 9,
        subject_name: 'bob',
        created_at: '2026-11-27T15:00:00.000Z',
      },
      {
        id: 1,
        action: 'reset_link_issued' as const,
        actor_kind: 'staff' as const,
        actor_name: 'ann',
        subject_user_id: null,
        subject_name: 'carl',
        created_at: '2026-11-27T14:00:00.000Z',
      },
    ];
    const words = text(renderToStaticMarkup(createElement(AuditEventsList, { events })));
    expect(words).toContain('When For Issued by');
    expect(words).toMatch(/Nov 27, 2026 \d{1,2}:00 [AP]M bob Nov 27, 2026 \d{1,2}:00 [AP]M Operator \(CLI\): root/);
    expect(words).toMatch(/carl Nov 27, 2026 \d{1,2}:00 [AP]M Staff: ann$/);
    expect(auditActor({ actor_kind: 'staff', actor_name: 'ann' })).toBe('Staff: ann');
    expect(text(renderToStaticMarkup(createElement(AuditEventsList, { events: [] })))).toBe(
      'No reset links have been issued.',
    );
  });
});
