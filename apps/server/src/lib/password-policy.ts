import { accountMessages as m } from '@tokendesk/contract';
import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { isCommonPassword } from './passwords';

/**
 * What a new password may not be (docs/decisions/0019-password-policy.md). The length rules live
 * in the contract; this adds what only the server can judge: the common-password list, the
 * account's own names, and zxcvbn's guess estimate.
 */

/** zxcvbn score 2 = at least 10^6 guesses; see the decision for why not 3. */
export const MIN_STRENGTH_SCORE = 2;
/**
 * zxcvbn's matching grows much faster than linearly with length ('p@ssw0rd' repeated to 64
 * characters took 17 s of CPU at full length), and 3.0.4's sync zxcvbn() ignores its own
 * maxLength option. So only this many leading characters are estimated: a prefix is never
 * rated stronger than the whole, and a long passphrase is strong by its first 64 already.
 */
export const ESTIMATED_PREFIX = 64;
/** Names and e-mail parts shorter than this are not searched for inside the password. */
const MIN_CONTAINED_LENGTH = 4;
/**
 * The product's own words (ASVS 5.0 V6.1.2/V6.2.11: a documented list of context-specific
 * words): its name is refused inside a password, like the username; all of them are given to
 * the estimator with the account's names.
 */
export const PRODUCT_NAME = 'tokendesk';
export const CONTEXT_WORDS = [PRODUCT_NAME, 'token', 'desk', 'tokens'];

// Once, at module load: ranking the ~49,000-word dictionaries and building the l33t trie takes
// tens of milliseconds, far too slow per request. Ten l33t substitutions per match find the same
// weak passwords as the default hundred in our tests, at a fifth of the worst-case time.
zxcvbnOptions.setOptions({ dictionary, graphs: adjacencyGraphs, l33tMaxSubstitutions: 10 });

export interface PasswordOwner {
  username: string;
  email: string;
  /** First and last name, or the full name typed at registration. */
  names?: string[];
}

function emailParts(email: string): string[] {
  const lower = email.toLowerCase();
  const local = lower.slice(0, Math.max(0, lower.lastIndexOf('@')));
  // 'ada+tokendesk@…': the part before the tag is the name people reuse.
  return [lower, local, local.split('+')[0] ?? ''];
}

const containsAny = (haystack: string, needles: string[]) =>
  needles.some((needle) => needle.length >= MIN_CONTAINED_LENGTH && haystack.includes(needle));

/**
 * The message to show when the password is refused, or null when it is acceptable. Checks run
 * cheapest first, so the estimator only sees passwords the simple rules let through.
 */
export function passwordProblem(password: string, owner: PasswordOwner): string | null {
  if (isCommonPassword(password)) return m.passwordTooCommon;
  const lower = password.toLowerCase();
  const username = owner.username.trim().toLowerCase();
  if (containsAny(lower, [username])) return m.passwordContainsUsername;
  if (containsAny(lower, emailParts(owner.email))) return m.passwordContainsEmail;
  if (lower.includes(PRODUCT_NAME)) return m.passwordContainsProductName;

  const names = (owner.names ?? []).flatMap((name) => name.trim().split(/\s+/)).filter(Boolean);
  const userInputs = [...CONTEXT_WORDS, owner.username, owner.email, ...emailParts(owner.email), ...names];
  const { score } = zxcvbn(password.slice(0, ESTIMATED_PREFIX), userInputs);
  return score < MIN_STRENGTH_SCORE ? m.passwordTooWeak : null;
}
