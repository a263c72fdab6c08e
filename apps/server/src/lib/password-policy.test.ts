import { accountMessages as m } from '@tokendesk/contract';
import { describe, expect, it } from 'vitest';
import { ESTIMATED_PREFIX, passwordProblem } from './password-policy';

const owner = { username: 'grace_h', email: 'admiral.grace+td@navy.example', names: ['Grace Brewster', 'Hopper'] };
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

describe('passwordProblem', () => {
  it('accepts passphrases and random passwords of any composition', () => {
    for (const password of [
      'violet-harbour-92-lantern',
      'amber quokka sings at dawn',
      'k9#Lm2qP',
      'ÜBER-schnelle-Züge-7',
      'x'.repeat(3) + 'Tq8!vR2m',
    ])
      expect(passwordProblem(password, owner), password).toBeNull();
  });

  it('names the rule a refused password broke', () => {
    const cases: [string, string][] = [
      ['letmein1', m.passwordTooCommon],
      ['GRACE_H-is-here-2024', m.passwordContainsUsername],
      ['admiral.grace+td@navy.example', m.passwordContainsEmail],
      ['my-Admiral.Grace-pw', m.passwordContainsEmail], // the local part without its +tag
      ['aaaaaaaaaaaa', m.passwordTooWeak],
      ['hopper1906', m.passwordTooWeak], // the name is one of zxcvbn's user inputs
      ['qazwsx123edc', m.passwordTooWeak], // keyboard walk
      ['Tokendesk2026!', m.passwordContainsProductName],
    ];
    for (const [password, message] of cases) expect(passwordProblem(password, owner), password).toBe(message);
  });

  it('does not search for a username or e-mail part under 4 characters inside the password', () => {
    const short = { username: 'bo_b', email: 'al@example.org' };
    expect(passwordProblem('alpine-meadow-crossing', short)).toBeNull();
    expect(passwordProblem('bo_b', short)).not.toBeNull();
  });

  it('estimates only the first characters, so a pathological long input stays cheap', () => {
    expect(ESTIMATED_PREFIX).toBeGreaterThanOrEqual(64);
    // At full length this input took zxcvbn ~17 s of CPU; repeated l33t words are its worst case.
    const started = cpuMs();
    expect(passwordProblem('p@ssw0rd'.repeat(128), owner)).toBe(m.passwordTooWeak);
    expect(passwordProblem('4@1!|3$0+7(9'.repeat(85), owner)).toBeNull();
    expect(cpuMs() - started).toBeLessThan(3_000);
  });
});
