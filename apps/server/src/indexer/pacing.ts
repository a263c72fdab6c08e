/**
 * What the runner does after a pool step, and when (decision 0062). A full tick reads the head,
 * the new logs, the pools' state and the alerts, then one batch of senders. While only senders are
 * behind (a backfill's backlog), the steps in between are senders-only: each still spends at most
 * TRADER_READS_PER_TICK calls (decision 0033), but none re-reads the head and the pools' state,
 * which cost more than the batch itself. A full tick still comes once a poll interval, so new
 * blocks are never kept waiting by the backlog.
 */
export type PoolStep = 'tick' | 'senders';

export interface PoolPace {
  /** The last full tick read every pool up to the safe block (or had nothing to read). */
  eventsCaughtUp: boolean;
  /** The last step read a full batch of senders and filled some: more are likely left. */
  sendersBehind: boolean;
  /** Time since the last full tick ended. */
  sinceTickMs: number;
}

export function nextPoolStep(pace: PoolPace, pollIntervalMs: number): { step: PoolStep; inMs: number } {
  if (!pace.eventsCaughtUp) return { step: 'tick', inMs: 0 };
  if (pace.sendersBehind)
    return pace.sinceTickMs < pollIntervalMs ? { step: 'senders', inMs: 0 } : { step: 'tick', inMs: 0 };
  return { step: 'tick', inMs: Math.max(0, pollIntervalMs - pace.sinceTickMs) };
}
