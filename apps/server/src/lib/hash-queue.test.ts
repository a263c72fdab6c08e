import { describe, expect, it } from 'vitest';
import { HashQueue, HashQueueFullError } from './hash-queue';

/** A task that finishes when the test says so. */
function gate() {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { done, open };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('HashQueue', () => {
  it('runs at most `concurrency` at once, queues up to the bound, refuses beyond it at once', async () => {
    const queue = new HashQueue(2, 1);
    const gates = [gate(), gate(), gate()];
    const order: number[] = [];
    const runs = gates.map((g, i) => queue.run(null, async () => { order.push(i); await g.done; return i; }));
    await tick();
    expect(order).toEqual([0, 1]);
    await expect(queue.run(null, async () => 99)).rejects.toBeInstanceOf(HashQueueFullError);
    expect(queue.stats()).toMatchObject({ running: 2, waiting: 1, refusedTotal: 1 });
    gates[0]!.open();
    await tick();
    expect(order).toEqual([0, 1, 2]);
    gates[1]!.open();
    gates[2]!.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(queue.stats()).toMatchObject({ running: 0, waiting: 0, startedTotal: 3 });
  });

  it('caps each key, and serves waiting keys in turn so a newcomer is not stuck behind one busy key', async () => {
    const queue = new HashQueue(1, 100, 3);
    const blocker = gate();
    const order: string[] = [];
    const run = (key: string) => queue.run(key, async () => { order.push(key); });
    const first = queue.run('a', async () => { order.push('a'); await blocker.done; });
    const rest = [run('a'), run('a')];
    const refused = await run('a').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HashQueueFullError);
    expect((refused as HashQueueFullError).reason).toBe('key');
    const newcomer = run('b');
    blocker.open();
    await Promise.all([first, ...rest, newcomer]);
    // 'b' arrived after two waiting tasks of 'a' but runs right after one of them.
    expect(order).toEqual(['a', 'a', 'b', 'a']);
  });

  it('frees the slot when a task fails', async () => {
    const queue = new HashQueue(1, 0);
    await expect(queue.run('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run('k', async () => 'ok')).toBe('ok');
    expect(queue.stats()).toMatchObject({ running: 0, waiting: 0 });
  });

  it("serves the 'first' lane (clients without failures) before the 'later' lane, each bounded on its own", async () => {
    const queue = new HashQueue(1, 2);
    const blocker = gate();
    const order: string[] = [];
    const run = (key: string, lane: 'first' | 'later') => queue.run(key, async () => { order.push(key); }, lane);
    const first = queue.run('x', async () => { order.push('x'); await blocker.done; });
    const attackers = [run('a1', 'later'), run('a2', 'later')];
    // The 'later' lane is full, the 'first' lane is not.
    await expect(run('a3', 'later')).rejects.toBeInstanceOf(HashQueueFullError);
    const owner = run('owner', 'first');
    blocker.open();
    await Promise.all([first, owner, ...attackers]);
    expect(order).toEqual(['x', 'owner', 'a1', 'a2']);
  });
});

