import type { LaneChoice } from '../lib/hash-queue';
import { addressPrefix } from '../lib/ip-prefix';

/**
 * Which lane of the password-hash queue an attempt waits in (decision 0054). The queue serves
 * 'trusted' before 'first' before 'later', sheds from the bottom when full, and caps each group's
 * waiting tasks per lane (beyond the cap a task takes its next choice).
 */

/** Trusted-lane tasks one username may have waiting; more (an account's owner flooding it) wait as clean ones. */
export const TRUSTED_WAITING_PER_USERNAME = 2;

export interface AttemptStanding {
  /** Lower-case username. */
  username: string;
  ip: string;
  /** The username signed in from this address (IPv6: its /64) before (auth/sign-in-origins.ts). */
  knownOrigin: boolean;
  /** Failures and attempts in flight for (username, this address) in the window, before this attempt. */
  pairFailures: number;
  /** Failures and attempts in flight from this address on any username, before this attempt. */
  ipFailures: number;
}

/**
 * - 'trusted', taking turns per username: the username's own known address with no failure on it
 *   there. A guesser is never here: a guess from a known address is itself a failure for the pair.
 * - 'first', taking turns per /24 or /64: an address with no failures. Fresh addresses cost an
 *   attacker nothing, fresh prefixes do; the per-prefix cap sends a flooding prefix's surplus down.
 * - 'later', taking turns per address: everything else.
 */
export function signInLanes(attempt: AttemptStanding): LaneChoice[] {
  const later: LaneChoice = { lane: 'later', group: attempt.ip };
  const first: LaneChoice = { lane: 'first', group: addressPrefix(attempt.ip) };
  if (attempt.knownOrigin && attempt.pairFailures === 0) {
    return [{ lane: 'trusted', group: `user:${attempt.username}` }, first, later];
  }
  return attempt.ipFailures === 0 ? [first, later] : [later];
}

/** A hash that is not a password check (registration, a new password, a rehash): clean, by prefix. */
export function plainHashLanes(ip: string | null): LaneChoice[] {
  if (ip === null) return [{ lane: 'first', group: '' }];
  return [
    { lane: 'first', group: addressPrefix(ip) },
    { lane: 'later', group: ip },
  ];
}
