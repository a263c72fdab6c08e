import { describe, expect, it } from 'vitest';
import { SlidingWindowLimiter } from './rate-limiter';

describe('SlidingWindowLimiter', () => {
  it('limits within the window and frees slots as old events age out', () => {
    let now = 0;
    const limiter = new SlidingWindowLimiter(2, 60_000, 100, () => now);
    limiter.record('k');
    now = 10_000;
    limiter.record('k');
    expect(limiter.retryAfterSeconds('k')).toBe(50);
    now = 60_001;
    expect(limiter.retryAfterSeconds('k')).toBe(0);
    expect(limiter.retryAfterSeconds('other')).toBe(0);
  });

  it('stays bounded in memory', () => {
    const limiter = new SlidingWindowLimiter(1, 60_000, 10);
    for (let i = 0; i < 1000; i++) limiter.record(`k${i}`);
    expect(limiter.retryAfterSeconds('k999')).toBeGreaterThan(0);
    expect(limiter.retryAfterSeconds('k0')).toBe(0);
  });

  it('release undoes exactly one recorded event (a reservation that did not count)', () => {
    let now = 1000;
    const limiter = new SlidingWindowLimiter(2, 60_000, 100, () => now);
    const first = limiter.record('k');
    now = 2000;
    const second = limiter.record('k');
    expect(limiter.retryAfterSeconds('k')).toBeGreaterThan(0);
    limiter.release('k', second);
    expect(limiter.count('k')).toBe(1);
    expect(limiter.latest('k')).toBe(first);
    expect(limiter.retryAfterSeconds('k')).toBe(0);
    limiter.release('k', second); // already gone: no effect
    expect(limiter.count('k')).toBe(1);
    limiter.release('k', first);
    expect(limiter.count('k')).toBe(0);
    expect(limiter.latest('k')).toBeNull();
  });
});
