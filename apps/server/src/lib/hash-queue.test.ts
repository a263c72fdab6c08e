import { describe, expect, it } from 'vitest';
import { HashQueue, HashQueueFullError, type Lane, type LaneChoice } from './hash-queue';
import { addressPrefix } from './ip-prefix';

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
    const runs = gates.map((g, i) =>
      queue.run(null, async () => {
        order.push(i);
        await g.done;
        return i;
      }),
    );
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
    const run = (key: string) =>
      queue.run(key, async () => {
        order.push(key);
      });
    const first = queue.run('a', async () => {
      order.push('a');
      await blocker.done;
    });
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

  it("serves 'trusted' before 'first' before 'later'; when full, a newcomer pushes out the newest task of a lower lane", async () => {
    const queue = new HashQueue(1, 2);
    const blocker = gate();
    const order: string[] = [];
    const run = (key: string, lane: Lane) =>
      queue.run(
        key,
        async () => {
          order.push(key);
        },
        lane,
      );
    const first = queue.run('x', async () => {
      order.push('x');
      await blocker.done;
    });
    const a1 = run('a1', 'later');
    const a2 = run('a2', 'later');
    // Full, and nothing waits below 'later': refused at once.
    await expect(run('a3', 'later')).rejects.toBeInstanceOf(HashQueueFullError);
    // Full, but a 'later' task waits below a clean newcomer: the newest one (a2) is shed with a 503's error.
    const owner = run('owner', 'first');
    await expect(a2).rejects.toMatchObject({ reason: 'queue' });
    const known = run('known', 'trusted');
    await expect(a1).rejects.toBeInstanceOf(HashQueueFullError);
    blocker.open();
    await Promise.all([first, owner, known]);
    expect(order).toEqual(['x', 'known', 'owner']);
    expect(queue.stats()).toMatchObject({ refusedTotal: 3, shedTotal: 2, waiting: 0, running: 0 });
  });

  describe('addresses never seen before (decision 0054)', () => {
    const fresh = (ip: string): LaneChoice[] => [
      { lane: 'first', group: addressPrefix(ip) },
      { lane: 'later', group: ip },
    ];
    const known = (username: string, ip: string): LaneChoice[] => [
      { lane: 'trusted', group: `user:${username}` },
      ...fresh(ip),
    ];

    it('a flood of fresh addresses in one /24 holds at most its cap of the clean lane; a clean address elsewhere runs after one of them', async () => {
      const queue = new HashQueue(1, 32, 4, { perGroup: { first: 4 } });
      const blocker = gate();
      const order: string[] = [];
      const running = queue.run(
        '203.0.113.1',
        async () => {
          order.push('203.0.113.1');
          await blocker.done;
        },
        fresh('203.0.113.1'),
      );
      const flood = Array.from({ length: 40 }, (_, i) => {
        const ip = `203.0.113.${i + 2}`;
        return queue
          .run(
            ip,
            async () => {
              order.push(ip);
            },
            fresh(ip),
          )
          .catch((err: unknown) => err);
      });
      expect(queue.stats().waitingByLane).toEqual({ trusted: 0, first: 4, later: 28 });
      // The queue is full; the owner's new address in another /24 sheds a 'later' flood task.
      const owner = queue.run(
        '198.51.100.7',
        async () => {
          order.push('owner');
        },
        fresh('198.51.100.7'),
      );
      blocker.open();
      await Promise.all([running, owner]);
      await Promise.all(flood);
      expect(order.indexOf('owner')).toBe(2);
    });

    it('a flood from as many /24s as the queue holds cannot take the top lane: a known address still never gets 503 and runs next', async () => {
      const queue = new HashQueue(2, 32, 4, { perGroup: { trusted: 2, first: 4 } });
      const blockers = [gate(), gate()];
      const order: string[] = [];
      const runningNow = blockers.map((b, i) =>
        queue.run(
          `10.0.${i}.1`,
          async () => {
            await b.done;
          },
          fresh(`10.0.${i}.1`),
        ),
      );
      // 100 fresh addresses, each in its own /24: 32 wait in the clean lane, 68 are refused at once.
      const flood = Array.from({ length: 100 }, (_, i) => {
        const ip = `10.${1 + (i >> 8)}.${i & 255}.9`;
        return queue
          .run(
            ip,
            async () => {
              order.push(ip);
            },
            fresh(ip),
          )
          .then(
            () => 'ran',
            (err: unknown) => err,
          );
      });
      expect(queue.stats()).toMatchObject({ waiting: 32, waitingByLane: { trusted: 0, first: 32, later: 0 } });
      // Every clean newcomer from a new /24 is now refused …
      await expect(queue.run('192.0.2.200', async () => {}, fresh('192.0.2.200'))).rejects.toBeInstanceOf(
        HashQueueFullError,
      );
      // … but the owner at an address they signed in from before is not, nor are two at once.
      const owner = queue.run(
        '192.0.2.10',
        async () => {
          order.push('owner');
        },
        known('alice', '192.0.2.10'),
      );
      const ownerPhone = queue.run(
        '2001:db8:7:7::1',
        async () => {
          order.push('owner-phone');
        },
        known('alice', '2001:db8:7:7::1'),
      );
      blockers[0]!.open();
      blockers[1]!.open();
      await Promise.all([...runningNow, owner, ownerPhone]);
      const outcomes = await Promise.all(flood);
      expect(order.slice(0, 2).sort()).toEqual(['owner', 'owner-phone']);
      expect(outcomes.filter((o) => o === 'ran').length).toBe(30);
      expect(outcomes.filter((o) => o instanceof HashQueueFullError).length).toBe(70);
    });

    it("one username's trusted tasks beyond its cap wait as clean ones (an account's holder cannot fill the top lane)", async () => {
      const queue = new HashQueue(1, 32, 10, { perGroup: { trusted: 2, first: 4 } });
      const blocker = gate();
      const order: string[] = [];
      const running = queue.run(
        '192.0.2.1',
        async () => {
          await blocker.done;
        },
        'first',
      );
      const mallory = Array.from({ length: 5 }, (_, i) =>
        queue.run(
          `198.51.100.${i}`,
          async () => {
            order.push(`m${i}`);
          },
          known('mallory', `198.51.100.${i}`),
        ),
      );
      expect(queue.stats().waitingByLane).toEqual({ trusted: 2, first: 3, later: 0 });
      const owner = queue.run(
        '192.0.2.10',
        async () => {
          order.push('owner');
        },
        known('alice', '192.0.2.10'),
      );
      blocker.open();
      await Promise.all([running, ...mallory, owner]);
      // Turns per username in the top lane: the owner after one of mallory's, before the clean lane.
      expect(order.slice(0, 4)).toEqual(['m0', 'owner', 'm1', 'm2']);
    });

    it('in its own lane, a newcomer pushes out only a group with at least two more waiting than its own', async () => {
      const queue = new HashQueue(1, 3, 10);
      const blocker = gate();
      const running = queue.run(
        'k',
        async () => {
          await blocker.done;
        },
        'first',
      );
      const heavy = [0, 1, 2].map(() =>
        queue
          .run('h', async () => {}, [{ lane: 'first', group: 'H' }])
          .then(
            () => 'ran',
            (err: unknown) => err,
          ),
      );
      // 'H' has 3 waiting, the newcomer's group none: the newest of H goes.
      const newcomer = queue.run('n', async () => 'ran', [{ lane: 'first', group: 'N' }]);
      // Now H has 2, N has 1: not two more, refused.
      await expect(queue.run('n2', async () => {}, [{ lane: 'first', group: 'N' }])).rejects.toBeInstanceOf(
        HashQueueFullError,
      );
      blocker.open();
      await running;
      expect(await newcomer).toBe('ran');
      expect(await Promise.all(heavy)).toEqual(['ran', 'ran', expect.any(HashQueueFullError)]);
    });
  });
});
