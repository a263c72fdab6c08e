import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { renderStatic, textOf } from '../../../test/static-render';
import {
  PASSWORD_CHANGE_PROGRESS,
  PasswordChangeStatus,
  PasswordSettingsCard,
  SIGN_OUT_DELAY_SECONDS,
} from './password-settings-card';

describe('the password change (issue 35)', () => {
  it('says what is happening while the slow hash runs', () => {
    const saving = textOf(renderStatic(createElement(PasswordChangeStatus, { state: 'saving' })));
    expect(saving).toBe(PASSWORD_CHANGE_PROGRESS);
    expect(saving).toContain('This takes a few seconds');
  });

  it('keeps the success message up for seconds, counted down, with a way to go at once', () => {
    expect(SIGN_OUT_DELAY_SECONDS).toBeGreaterThanOrEqual(5);
    const done = renderStatic(
      createElement(PasswordChangeStatus, {
        state: 'done',
        message: 'Password changed successfully. Please sign in again.',
        secondsLeft: 6,
      }),
    );
    expect(textOf(done)).toBe(
      'Password changed successfully. Please sign in again. Every session of yours was signed out, this one too. The sign-in page opens in 6 s. Sign In Now',
    );
    expect(done).toMatch(/<button type="button"[^>]*>Sign In Now<\/button>/);
  });

  it("names the current password 'One-time Password' where the operator set it", () => {
    expect(textOf(renderStatic(createElement(PasswordSettingsCard)))).toContain('Current Password');
    expect(textOf(renderStatic(createElement(PasswordSettingsCard, { currentLabel: 'One-time Password' })))).toContain(
      'One-time Password New Password',
    );
  });
});
