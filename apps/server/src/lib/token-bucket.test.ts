import { describe, expect, it } from 'vitest';
import { ConcurrencyLimit, KeyedSemaphore, TokenBuckets } from './token-bucket';

describe('TokenBuckets', () => {
  it('allows the burst, then refills at the rate', () => {
    let now = 1_000;
    const buckets = new TokenBuckets({ capacity: 3, perMinute: 60 }, () => now);
    expect([buckets.take('a'), buckets.take('a'), buckets.take('a')]).toEqual([0, 0, 0]);
    // One token a second: the next one is a second away, and asking again takes nothing.
    expect(buckets.take('a')).toBe(1000);
    now += 400;
    expect(buckets.take('a')).toBe(600);
    now += 600;
    expect(buckets.take('a')).toBe(0);
    expect(buckets.take('a')).toBe(1000);
    // Never more than the capacity, however long the quiet spell.
    now += 3_600_000;
    expect(buckets.tokens('a')).toBe(3);
  });

  it('keeps keys apart', () => {
    const buckets = new TokenBuckets({ capacity: 1, perMinute: 1 }, () => 0);
    expect(buckets.take('a')).toBe(0);
    expect(buckets.take('a')).toBe(60_000);
    expect(buckets.take('b')).toBe(0);
  });

  it('does not mint tokens when the clock steps back', () => {
    let now = 10_000;
    const buckets = new TokenBuckets({ capacity: 1, perMinute: 60 }, () => now);
    buckets.take('a');
    now = 0;
    expect(buckets.take('a')).toBe(1000);
  });

  it('stays bounded, dropping refilled buckets first', () => {
    let now = 0;
    const buckets = new TokenBuckets({ capacity: 2, perMinute: 60 }, () => now, 10);
    // Drained: key 'hot' holds no tokens.
    buckets.take('hot');
    buckets.take('hot');
    now = 500;
    for (let i = 0; i < 1000; i++) buckets.take(`k${i}`);
    expect(buckets.size).toBeLessThanOrEqual(10);
    now = 10_000;
    for (let i = 0; i < 5; i++) buckets.take(`late${i}`);
    expect(buckets.size).toBeLessThanOrEqual(10);
  });
});

describe('ConcurrencyLimit', () => {
  it('holds per-key and total ceilings, and a release frees exactly one slot', () => {
    const limit = new ConcurrencyLimit(2, 3);
    const a1 = limit.acquire('a');
    const a2 = limit.acquire('a');
    expect(limit.acquire('a')).toEqual({ full: 'key' });
    const b1 = limit.acquire('b');
    expect(limit.acquire('c')).toEqual({ full: 'total' });
    if (!('release' in a1) || !('release' in a2) || !('release' in b1)) throw new Error('expected slots');
    a1.release();
    a1.release();
    expect(limit.inFlight()).toBe(2);
    expect(limit.inFlight('a')).toBe(1);
    expect('release' in limit.acquire('c')).toBe(true);
    expect(limit.acquire('a')).toEqual({ full: 'total' });
  });
});

describe('KeyedSemaphore', () => {
  it('runs at most max per key, queues the next ones in order, refuses past the queue', async () => {
    const sem = new KeyedSemaphore(2, 1);
    const r1 = await sem.acquire('a')!;
    const r2 = await sem.acquire('a')!;
    const order: string[] = [];
    const third = sem.acquire('a')!.then((release) => {
      order.push('third');
      return release;
    });
    expect(sem.acquire('a')).toBeNull();
    // Other keys are not held up.
    expect(await sem.acquire('b')).toBeTypeOf('function');
    expect(sem.inFlight('a')).toBe(2);
    r1();
    r1();
    const r3 = await third;
    expect(order).toEqual(['third']);
    expect(sem.inFlight('a')).toBe(2);
    r2();
    r3();
    expect(sem.inFlight('a')).toBe(0);
  });
});
