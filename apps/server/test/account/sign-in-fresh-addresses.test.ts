import { afterEach, describe, expect, it, vi } from 'vitest';
import { basic, createTestContext, signUp, type TestContext } from '../helpers';

// Issue 29 item 2, decision 0054: guesses from addresses the server has never seen must not push
// the owner out of the password-hash queue. Timing is bench:signin --fresh's job; these check who
// gets a slot.

vi.setConfig({ testTimeout: 240_000 });

let ctx: TestContext;
afterEach(async () => {
  await ctx?.close();
});

const login = (username: string, password: string, remoteAddress: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/v1/user/login/',
    remoteAddress,
    headers: { authorization: basic(username, password) },
  });

/**
 * `connections` guessers, each sending one wrong password after the other, every one from an
 * address never used before (`address(n)` for the n-th guess overall), until stop() is called.
 */
function flood(username: string, connections: number, address: (n: number) => string) {
  let stopped = false;
  let n = 0;
  const statuses: number[] = [];
  const loops = Array.from({ length: connections }, async () => {
    while (!stopped) {
      const res = await login(username, `guess-${n}`, address(n++));
      statuses.push(res.statusCode);
      // A refusal is immediate; yield so the loop does not starve the hashes' callbacks.
      if (res.statusCode !== 401) await new Promise((r) => setTimeout(r, 20));
    }
  });
  return {
    statuses,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** Resolves once the queue has been full (every waiting place taken) at least once. */
async function queueFull(places: number) {
  for (let i = 0; i < 2_000 && ctx.app.auth.hashQueueStats().waiting < places; i++)
    await new Promise((r) => setTimeout(r, 10));
  expect(ctx.app.auth.hashQueueStats().waiting).toBe(places);
}

// One hash at a time, four waiting: an attack fills that in an instant. A hash slow enough that
// the queue stays full while the owner's request is on its way to it.
const smallQueue = { PASSWORD_HASH_COST: '15', PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '4' } as const;

describe('guesses from fresh addresses cannot push the owner out of the hash queue (decision 0054)', () => {
  it('the owner at an address they signed in from before gets in, with fresh guessers spread over a new /24 each', async () => {
    ctx = await createTestContext(smallQueue);
    const u = await signUp(ctx.app);
    expect((await login(u.username, u.password, '192.0.2.50')).statusCode).toBe(200);
    // Every guess from a new /24 (10.a.b.1): neither a per-address nor a per-prefix limit applies.
    const attack = flood(u.username, 8, (n) => `10.${1 + (n >> 8)}.${n & 255}.1`);
    const owner: number[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        await queueFull(4);
        // Before: 503 'The server is busy checking other passwords', the clean lane full of fresh guesses.
        owner.push((await login(u.username, u.password, '192.0.2.50')).statusCode);
      }
    } finally {
      await attack.stop();
    }
    expect(owner).toEqual([200, 200]);
    // The attack was real: its guesses were hashed and refused while the owner got in.
    expect(attack.statuses).toContain(401);
    expect(attack.statuses).toContain(503);
  });

  it('the owner at a new clean address gets in while fresh addresses of one /24 guess', async () => {
    ctx = await createTestContext(smallQueue);
    const u = await signUp(ctx.app);
    // 250 fresh addresses in 10.9.9.0/24, then they repeat (and have failures by then).
    const attack = flood(u.username, 8, (n) => `10.9.9.${1 + (n % 250)}`);
    const owner: number[] = [];
    try {
      for (let i = 0; i < 2; i++) {
        await queueFull(4);
        // A different address each time, never used before, in a /24 that is not guessing.
        owner.push((await login(u.username, u.password, `198.51.100.${10 + i}`)).statusCode);
      }
    } finally {
      await attack.stop();
    }
    expect(owner).toEqual([200, 200]);
    expect(attack.statuses).toContain(401);
  });

  it("an address's guess on a username is not trusted there, even where that username signed in before", async () => {
    ctx = await createTestContext({ ...smallQueue, PASSWORD_HASH_QUEUE: '1' });
    const u = await signUp(ctx.app);
    // The owner's own address; someone there (or the owner) mistypes once: that pair is failing now.
    expect((await login(u.username, 'wrong-once', '127.0.0.1')).statusCode).toBe(401);
    const attack = flood(u.username, 8, (n) => `10.${1 + (n >> 8)}.${n & 255}.1`);
    let refused = false;
    try {
      for (let i = 0; i < 10 && !refused; i++) {
        await queueFull(1);
        // Not in the top lane: it can be refused like any other address with a failure.
        refused = (await login(u.username, u.password, '127.0.0.1')).statusCode === 503;
      }
    } finally {
      await attack.stop();
    }
    expect(refused).toBe(true);
  });
});
