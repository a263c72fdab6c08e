import { zeroAddress, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ChainService } from '../../src/chain/chain-service';
import { launchpadOf } from '../../src/chain/launchpads';
import { devnetNetwork, NetworkRegistry, REAL_NETWORKS } from '../../src/chain/networks';
import { discoveredPools } from '../../src/db/schema';
import { createTestContext, signUp, type TestContext, requesterAs } from '../helpers';

/*
 * Launchpad pools (issue 30 item 6, docs/decisions/0063): a Uniswap V4 pool whose hook a launchpad
 * lists as its own carries the launchpad's name in the API, on the pool, in pool lists and among
 * the found pools. On the devnet the seeded DEMO/USDC V4 pool's real hook is mapped to 'Clanker'
 * in a test-only registry entry; the pools only read the chain, so the shared devnet is not claimed.
 */

const devnet = inject('devnet');
const a = devnet.addresses;
let ctx: TestContext;
let token: string;
let userId: number;
let project: number;
const api = requesterAs(
  () => ctx.app,
  () => token,
);

beforeAll(async () => {
  const base = devnetNetwork(devnet.rpcUrl, a);
  const network = {
    ...base,
    launchpadHooks: [{ address: a.v4.hook, launchpad: 'Clanker', contract: 'test-only: the devnet hook' }],
  };
  ctx = await createTestContext(
    {},
    { chain: new ChainService(new NetworkRegistry([...REAL_NETWORKS, network]), { poolStateTtlMs: 0 }) },
  );
  const user = await signUp(ctx.app);
  token = user.token;
  userId = user.userId;
  const res = await api('POST', 'projects/create/', {
    network: 31337,
    contract_address: a.demo,
    name: 'DEMO',
    token_symbol: 'DEMO',
    token_decimal: 18,
  });
  expect(res.statusCode, res.body).toBe(201);
  project = res.json().id;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('launchpad labels', () => {
  it('names the launchpad of a hook from its own list, on the right network only, in any letter case', () => {
    const base = REAL_NETWORKS.find((n) => n.id === 8453)!.launchpadHooks;
    const arbitrum = REAL_NETWORKS.find((n) => n.id === 42161)!.launchpadHooks;
    // clanker-devco/v4-contracts README, Base v4.1 ClankerHookDynamicFeeV2.
    expect(launchpadOf(base, '0xd60d6b218116cfd801e28f78d011a203d2b068cc')).toBe('Clanker');
    // ourzora/zora-protocol packages/coins-deployments/addresses/8453.json ZORA_V4_COIN_HOOK (coins 2.6.0).
    expect(launchpadOf(base, '0x0469A4BD3724DC86C9542F4694C976DA13C450C0')).toBe('Zora');
    // A Base hook means nothing on Arbitrum, no hooks is no launchpad, and junk stored as hooks matches nothing.
    expect(launchpadOf(arbitrum, '0xd60D6B218116cFd801E28F78d011a203D2b068Cc')).toBeNull();
    expect(launchpadOf(arbitrum, '0xFd213BE7883db36e1049dC42f5BD6A0ec66B68cC')).toBe('Clanker');
    expect(launchpadOf(base, zeroAddress)).toBeNull();
    expect(launchpadOf(base, 'not an address')).toBeNull();
    expect(launchpadOf(undefined, '0xd60D6B218116cFd801E28F78d011a203D2b068Cc')).toBeNull();
  });

  it('a found V4 pool made by the hook is listed with the launchpad', async () => {
    await ctx.database.db.insert(discoveredPools).values([
      {
        projectId: project,
        userId,
        networkId: 31337,
        dexId: 'uniswap-v4',
        poolAddress: a.v4.pools.hookedV4.id.toLowerCase(),
        poolVersion: 'v4',
        fee: 0x800000,
        tickSpacing: 60,
        hooks: a.v4.hook.toLowerCase(),
        pairedTokenAddress: a.usdc.toLowerCase(),
        blockNumber: 1n,
        txHash: `0x${'ab'.repeat(32)}`,
      },
      {
        projectId: project,
        userId,
        networkId: 31337,
        dexId: 'uniswap-v4',
        poolAddress: a.v4.pools.demoEthV4.id.toLowerCase(),
        poolVersion: 'v4',
        fee: 3000,
        tickSpacing: 60,
        hooks: zeroAddress,
        pairedTokenAddress: zeroAddress,
        blockNumber: 1n,
        txHash: `0x${'cd'.repeat(32)}`,
      },
    ]);
    const res = await api('GET', `projects/${project}/discovered-pools`);
    expect(res.statusCode, res.body).toBe(200);
    const byId = new Map(
      (res.json().pools as { pool_address: string; launchpad: string | null }[]).map((p) => [
        p.pool_address,
        p.launchpad,
      ]),
    );
    expect(byId.get(a.v4.pools.hookedV4.id.toLowerCase())).toBe('Clanker');
    expect(byId.get(a.v4.pools.demoEthV4.id.toLowerCase())).toBeNull();
  });

  it('an attached V4 pool carries it on its page and in the pool lists; a pool without hooks does not', async () => {
    const hooked = await api('POST', `projects/pool/${project}/`, {
      dex: 'uniswap-v4',
      token: 'usdc',
      pool_address: a.v4.pools.hookedV4.id,
    });
    expect(hooked.statusCode, hooked.body).toBe(201);
    expect(hooked.json().v4).toMatchObject({ hooks: a.v4.hook as Address, launchpad: 'Clanker' });
    const plain = await api('POST', `projects/pool/${project}/`, {
      dex: 'uniswap-v4',
      token: 'eth',
      pool_address: a.v4.pools.demoEthV4.id,
    });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().v4).toMatchObject({ hooks: zeroAddress, launchpad: null });

    // The pool page reads the fund answer.
    const page = await api('GET', `projects/user/pools/funds/${hooked.json().id}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().v4.launchpad).toBe('Clanker');
    const list = await api('GET', `projects/${project}/pools`);
    expect(list.statusCode, list.body).toBe(200);
    const pools = list.json() as { id: number; v4: { launchpad: string | null } | null }[];
    expect(pools.find((p) => p.id === hooked.json().id)?.v4?.launchpad).toBe('Clanker');
    expect(pools.find((p) => p.id === plain.json().id)?.v4?.launchpad).toBeNull();
  });
});
