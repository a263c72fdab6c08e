import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache';

function setup(ttlMs = 1_000) {
  let now = 0;
  let live = true;
  const cache = new AnswerCache({ ttlMs, isLive: () => live, now: () => now });
  let loads = 0;
  const loader = (body: string) => async () => {
    loads++;
    return body;
  };
  return {
    cache,
    loader,
    loads: () => loads,
    at: (ms: number) => (now = ms),
    setLive: (v: boolean) => (live = v),
  };
}

/** A load that finishes when told to. */
function deferred() {
  let resolve!: (body: string) => void;
  const promise = new Promise<string>((r) => (resolve = r));
  return { promise, resolve, load: () => promise };
}

describe('AnswerCache', () => {
  it('answers from memory within the TTL, per user and key', async () => {
    const t = setup();
    expect(await t.cache.get(1, 'k', t.loader('a'))).toBe('a');
    t.at(999);
    expect(await t.cache.get(1, 'k', t.loader('b'))).toBe('a');
    expect(await t.cache.get(2, 'k', t.loader('c'))).toBe('c');
    expect(await t.cache.get(1, 'other', t.loader('d'))).toBe('d');
    expect(t.loads()).toBe(3);
  });

  it('refreshes ahead: for one more TTL the old answer is served while one load replaces it', async () => {
    const t = setup();
    await t.cache.get(1, 'k', t.loader('old'));
    t.at(1_500);
    const next = deferred();
    expect(await t.cache.get(1, 'k', next.load)).toBe('old');
    expect(await t.cache.get(1, 'k', t.loader('never'))).toBe('old'); // the refresh in flight is not repeated
    next.resolve('new');
    await next.promise;
    await Promise.resolve();
    expect(await t.cache.get(1, 'k', t.loader('never'))).toBe('new');
    expect(t.loads()).toBe(1);
    // Past two TTLs: the answer is too old to serve; the request waits for a load.
    t.at(1_500 + 2_001);
    expect(await t.cache.get(1, 'k', t.loader('fresh'))).toBe('fresh');
  });

  it('an invalidation drops the user’s answers, and a load running across it is not kept', async () => {
    const t = setup();
    await t.cache.get(1, 'k', t.loader('a'));
    await t.cache.get(2, 'k', t.loader('other user'));
    t.cache.invalidate(1);
    const slow = deferred();
    const pending = t.cache.get(1, 'k', slow.load);
    t.cache.invalidate(1); // a write lands while it loads
    slow.resolve('loaded before the write');
    expect(await pending).toBe('loaded before the write');
    expect(await t.cache.get(1, 'k', t.loader('after the write'))).toBe('after the write');
    expect(await t.cache.get(2, 'k', t.loader('x'))).toBe('other user');
    // Even a user never cached before: the bump is remembered.
    const fresh = deferred();
    const p3 = t.cache.get(3, 'k', fresh.load);
    t.cache.invalidate(3);
    fresh.resolve('stale');
    await p3;
    expect(await t.cache.get(3, 'k', t.loader('current'))).toBe('current');
  });

  it('concurrent misses share one load', async () => {
    const t = setup();
    const slow = deferred();
    const all = Promise.all([
      t.cache.get(1, 'k', slow.load),
      t.cache.get(1, 'k', slow.load),
      t.cache.get(1, 'k', t.loader('no')),
    ]);
    slow.resolve('one');
    expect(await all).toEqual(['one', 'one', 'one']);
    expect(t.loads()).toBe(0);
  });

  it('stores and serves nothing while the change feed is not live, and clear() voids loads in flight', async () => {
    const t = setup();
    await t.cache.get(1, 'k', t.loader('a'));
    t.setLive(false);
    expect(await t.cache.get(1, 'k', t.loader('b'))).toBe('b');
    expect(await t.cache.get(1, 'k', t.loader('c'))).toBe('c');
    t.setLive(true);
    const slow = deferred();
    const pending = t.cache.get(1, 'k2', slow.load);
    t.cache.clear();
    slow.resolve('before the reset');
    await pending;
    expect(await t.cache.get(1, 'k2', t.loader('after'))).toBe('after');
  });

  it('a TTL of 0 turns it off', async () => {
    const t = setup(0);
    expect(await t.cache.get(1, 'k', t.loader('a'))).toBe('a');
    expect(await t.cache.get(1, 'k', t.loader('b'))).toBe('b');
  });
});
