import { describe, expect, it } from 'vitest';
import { collectGarbage } from './full-gc';

describe('collectGarbage', () => {
  it('frees garbage that survived into the old space, without a global gc left behind', () => {
    // Objects that live across many allocations are promoted; dropped afterwards they are garbage
    // only a full collection frees.
    let kept: { n: number; s: string }[][] | null = [];
    for (let i = 0; i < 200; i++) kept.push(Array.from({ length: 1000 }, (_, n) => ({ n, s: `row ${i}/${n}` })));
    expect(collectGarbage()).toBe(true);
    const withGarbage = process.memoryUsage().heapUsed;
    kept = null;
    expect(collectGarbage()).toBe(true);
    const after = process.memoryUsage().heapUsed;
    // 200,000 small objects and strings: well over 10 MB.
    expect(withGarbage - after).toBeGreaterThan(10 * 2 ** 20);
    expect(kept).toBeNull();
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });
});
