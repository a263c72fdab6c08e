import { describe, expect, it } from 'vitest';
import { RECONNECT_MAX_MS, reconnectDelay } from './backoff';

describe('the live stream reconnect schedule (issue 31)', () => {
  it('doubles from 1 s up to 30 s, half fixed and half jitter', () => {
    const low = [1, 2, 3, 4, 5, 6, 7, 8].map((attempt) => reconnectDelay(attempt, () => 0));
    const high = [1, 2, 3, 4, 5, 6, 7, 8].map((attempt) => reconnectDelay(attempt, () => 0.999999));
    expect(low).toEqual([500, 1_000, 2_000, 4_000, 8_000, 15_000, 15_000, 15_000]);
    expect(high).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(Math.max(...high)).toBe(RECONNECT_MAX_MS);
  });

  it('spreads the tabs out: a thousand tabs retrying after a restart do not come back in the same instant', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const delays = Array.from({ length: 1000 }, () => reconnectDelay(3, random));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(2_000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(4_000);
    // No fixed retry: at most a few tabs share any one 10 ms slot.
    const slots = new Map<number, number>();
    for (const delay of delays) slots.set(Math.floor(delay / 10), (slots.get(Math.floor(delay / 10)) ?? 0) + 1);
    expect(Math.max(...slots.values())).toBeLessThan(20);
  });
});
