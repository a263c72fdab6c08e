import { describe, expect, it } from 'vitest';
import { LocalWindows, WindowView } from './rate-limiter';

const spec = (key: string, windowMs = 60_000) => ({ key, windowMs });

describe('WindowView', () => {
  it('limits within the window and frees slots as old events age out', () => {
    const stored = new Map<string, number[]>([['k', [0, 10_000]]]);
    const at = (now: number) => new WindowView([spec('k'), spec('other')], (key) => stored.get(key), now, true);
    expect(at(10_000).retryAfterSeconds('k', 2)).toBe(50);
    expect(at(60_001).retryAfterSeconds('k', 2)).toBe(0);
    expect(at(60_001).count('k')).toBe(1);
    expect(at(60_001).changed.has('k')).toBe(true); // pruned: to be written back
    expect(at(10_000).retryAfterSeconds('other', 2)).toBe(0);
  });

  it('release undoes exactly one recorded event (a reservation that did not count)', () => {
    const windows = new LocalWindows();
    const first = windows.run([spec('k')], 1000, (w) => w.record('k'));
    const second = windows.run([spec('k')], 2000, (w) => w.record('k'));
    windows.run([spec('k')], 2000, (w) => {
      expect(w.retryAfterSeconds('k', 2)).toBeGreaterThan(0);
      w.release('k', second);
      expect(w.count('k')).toBe(1);
      expect(w.latest('k')).toBe(first);
      w.release('k', second); // already gone: no effect
      expect(w.count('k')).toBe(1);
    });
    windows.run([spec('k')], 2000, (w) => {
      expect(w.count('k')).toBe(1);
      w.release('k', first);
    });
    expect(windows.run([spec('k')], 2000, (w) => w.latest('k'))).toBeNull();
  });

  it('a key not in the check is a programming error, not a silent zero', () => {
    expect(() => new WindowView([spec('a')], () => undefined, 0, true).count('b')).toThrow(/not in this check/);
  });
});

describe('LocalWindows', () => {
  it('stays bounded in memory, dropping expired keys first, then the least recently written', () => {
    const windows = new LocalWindows(10);
    for (let i = 0; i < 1000; i++) windows.run([spec(`k${i}`)], i, (w) => w.record(`k${i}`));
    expect(windows.size).toBeLessThanOrEqual(10);
    expect(windows.run([spec('k999')], 1000, (w) => w.retryAfterSeconds('k999', 1))).toBeGreaterThan(0);
    expect(windows.run([spec('k0')], 1000, (w) => w.retryAfterSeconds('k0', 1))).toBe(0);
  });

  it('stores nothing when the decision throws', () => {
    const windows = new LocalWindows();
    expect(() =>
      windows.run([spec('k')], 0, (w) => {
        w.record('k');
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(windows.run([spec('k')], 0, (w) => w.count('k'))).toBe(0);
  });
});
