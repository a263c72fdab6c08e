import fs from 'node:fs';
import { devnetAddresses } from '@tokendesk/devchain';
import { createPublicClient, http, parseAbi } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { processAlive as alive } from '@tokendesk/testkit/processes';
import { REAL_NETWORKS } from '../../src/chain/networks';
import { closedPort, registerBody } from '../helpers';
import { spawnNode } from '../support/spawn';

/**
 * The server process supervises the devnet it starts: anvil killed with SIGKILL is logged (exit
 * code and signal), /ready reports the devnet down meanwhile, and it comes back on the same URL
 * with the saved demo chain; killed again at once, it comes back after a backoff.
 */

// The server and its DATA_DIR go when the test ends (support/spawn.ts); the anvils it started, too.
const anvilPids: number[] = [];

afterAll(() => {
  for (const pid of anvilPids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
});

async function waitFor<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  what: string,
  output: () => string,
  ms: number,
  every = 50,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${ms} ms waiting for ${what}:\n${output().slice(-4000)}`);
    await new Promise((r) => setTimeout(r, every));
  }
}

interface ReadyDevnet {
  state: 'up' | 'restarting' | 'stopped';
  pid: number | null;
  restarts: number;
  last_exit: { code: number | null; signal: string | null; at: string } | null;
  down_since: string | null;
}

describe('the supervised devnet', () => {
  it('is restarted with its saved demo chain after anvil is killed, and /ready shows it down meanwhile', async () => {
    const closed = `http://127.0.0.1:${await closedPort()}/`;
    const env = {
      PORT: '0',
      LOG_LEVEL: 'info',
      PASSWORD_HASH_COST: '10',
      DEVNET: 'on',
      INDEXER: 'off',
      ...Object.fromEntries(REAL_NETWORKS.map(({ key }) => [`RPC_URL_${key}`, closed])),
      DEVNET_RPC_URL: undefined,
    };
    // Its own DATA_DIR and the embedded database (the spawn helper's defaults).
    const { child, exited, output } = await spawnNode('src/main.ts', [], { env });

    const base = await waitFor(
      () => /running at (http:\/\/\S+)/.exec(output())?.[1]?.replace(/\/$/, ''),
      'the server',
      output,
      180_000,
      100,
    );
    const rpcUrl = /RPC URL\s+(http:\/\/\S+)/.exec(output())![1]!;
    const ready = async () =>
      (await (await fetch(`${base}/ready`)).json()) as { status: string; devnet: ReadyDevnet | null };

    const before = (await ready()).devnet!;
    expect(before.state).toBe('up');
    expect(before.restarts).toBe(0);
    const firstPid = before.pid!;
    anvilPids.push(firstPid);
    // The pid /ready names is anvil itself (a child of the server's supervisor shell).
    expect(fs.readFileSync(`/proc/${firstPid}/cmdline`, 'utf8')).toMatch(/anvil/);
    const chain = createPublicClient({ transport: http(rpcUrl, { retryCount: 0, timeout: 2_000 }) });
    const blockBefore = await chain.getBlockNumber({ cacheTime: 0 });

    process.kill(firstPid, 'SIGKILL');
    const down = await waitFor(
      async () => {
        const d = (await ready()).devnet!;
        return d.state === 'restarting' ? d : undefined;
      },
      '/ready to report the devnet down',
      output,
      10_000,
      20,
    );
    expect(down.pid).toBeNull();
    expect(down.last_exit).toMatchObject({ code: 137, signal: 'SIGKILL' });
    expect(down.down_since).not.toBeNull();
    expect((await ready()).status).toBe('ready'); // a chain down never makes the server unready

    const restartedAt = Date.now();
    const back = await waitFor(
      async () => {
        const d = (await ready()).devnet!;
        return d.state === 'up' && d.restarts === 1 ? d : undefined;
      },
      'the devnet to come back',
      output,
      30_000,
    );
    expect(Date.now() - restartedAt).toBeLessThan(30_000);
    expect(back.pid).not.toBe(firstPid);
    expect(alive(firstPid)).toBe(false);
    anvilPids.push(back.pid!);

    // Only complete lines: the child's stdout is a pipe, written asynchronously, so a log line may
    // arrive after the /ready answer that reflects the same state change (CI saw exactly that).
    const lines = () =>
      output()
        .split('\n')
        .slice(0, -1)
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { msg?: string; component?: string; level: number });
    const exitLine = lines().find((l) => l.msg?.startsWith('devnet exited unexpectedly'));
    expect(exitLine, output()).toMatchObject({
      component: 'devnet',
      level: 40,
      msg: expect.stringContaining(`anvil ${firstPid}, exit code 137, signal SIGKILL`),
    });
    await waitFor(
      () => lines().find((l) => l.msg?.startsWith(`devnet restarted (anvil ${back.pid}) from its saved state`)),
      'the restart to be logged',
      output,
      5_000,
    );

    // The same URL, the demo chain as saved: the DEMO token's code and the seed's pools.
    expect(await chain.getBlockNumber({ cacheTime: 0 })).toBeGreaterThanOrEqual(blockBefore);
    expect((await chain.getCode({ address: devnetAddresses.demo }))?.length ?? 0).toBeGreaterThan(2);
    const [r0, r1] = await chain.readContract({
      address: devnetAddresses.pools.demoWethV2,
      abi: parseAbi(['function getReserves() view returns (uint112, uint112, uint32)']),
      functionName: 'getReserves',
    });
    expect(r0 > 0n && r1 > 0n).toBe(true);
    const [sqrtPrice] = await chain.readContract({
      address: devnetAddresses.pools.smplWethV3,
      abi: parseAbi(['function slot0() view returns (uint160, int24, uint16, uint16, uint16, uint8, bool)']),
      functionName: 'slot0',
    });
    expect(sqrtPrice).toBeGreaterThan(0n);
    // And the server's chain features work again, through the API.
    const body = registerBody();
    expect(
      (
        await fetch(`${base}/api/v1/user/register/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status,
    ).toBe(201);
    const info = await fetch(`${base}/api/v1/projects/get-token-info/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${body.username}:${body.password}`).toString('base64')}`,
      },
      body: JSON.stringify({ network: 31337, contract_address: devnetAddresses.demo }),
    });
    expect(info.status).toBe(200);
    expect(((await info.json()) as { symbol: string }).symbol).toBe('DEMO');

    // Killed again right after its restart: it is dying repeatedly, so the next start waits.
    process.kill(back.pid!, 'SIGKILL');
    await waitFor(
      async () => {
        const d = (await ready()).devnet!;
        return d.state === 'up' && d.restarts === 2 ? d : undefined;
      },
      'the second restart',
      output,
      30_000,
    );
    const second = lines()
      .filter((l) => l.msg?.startsWith('devnet exited unexpectedly'))
      .at(-1)!;
    expect(second.msg).toMatch(/restarting it from its saved state in \d+ ms/);
    anvilPids.push((await ready()).devnet!.pid!);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of anvilPids) expect(alive(pid)).toBe(false);
  }, 300_000);
});
