/**
 * When to try the live stream again after it dropped (issue 31). EventSource's own retry waits a
 * fixed 3 s: after a server restart every tab of every user would come back in the same second.
 * Exponential backoff with "equal jitter": half the step is fixed (no tab retries at once), half is
 * random (the tabs spread out), and the step stops growing at RECONNECT_MAX_MS so a user whose
 * server is back waits at most that long.
 */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/** The wait before reconnect attempt `attempt` (1 = the first retry); `random` in [0, 1). */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, attempt - 1));
  const half = step / 2;
  return Math.round(half + random() * half);
}
