import {
  deployTraitWorld,
  devnetClients,
  demoAccounts,
  traitArtifacts,
  TRAIT_BUY_BPS,
  TRAIT_SELL_BPS,
  type TraitToken,
  type TraitWorld,
} from '@tokendesk/devchain';
import type { TokenHealth } from '@tokendesk/contract';
import { claimSharedChain, type SharedChain } from '@tokendesk/testkit/shared-chain';
import { parseAbi, type Abi, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, devnetChain, signUp, type TestContext } from '../helpers';
import { tokenHolderSync } from '../../src/db/schema';
import { createDevnetV2Pool, createProject, createPool } from '../support/factories';

/*
 * The 'Token health' card against the real devnet (issue 34 items 1 and 2): a token of each trait
 * is deployed (packages/devchain contracts/DevnetTraitTokens.sol) in a funded Uniswap V2 pool with
 * WETH, and the card must say what was deployed — and nothing alarming about the plain token. This
 * file holds the run's shared devnet (lock, snapshot) and reverts it afterwards.
 */

let devnet: SharedChain;
let ctx: TestContext;
let user: Awaited<ReturnType<typeof signUp>>;
let world: TraitWorld;
const [deployer] = demoAccounts as [Address];
const clients = () => devnetClients(devnet.rpcUrl);

async function projectOf(token: Address, pair?: Address): Promise<number> {
  const project = await createProject(ctx.database.db, user.userId, { contractAddress: token.toLowerCase() });
  if (pair)
    await createDevnetV2Pool(ctx.database.db, user.userId, {
      projectId: project.id,
      projectToken: token,
      token: 'weth',
      pairedAddress: devnet.addresses.weth,
      pool: pair,
    });
  return project.id;
}

async function card(projectId: number, token = user.token): Promise<{ status: number; body: TokenHealth }> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/projects/${projectId}/token-health/`,
    headers: { authorization: bearer(token) },
  });
  return { status: res.statusCode, body: res.json() as TokenHealth };
}

async function cardOf(t: TraitToken): Promise<TokenHealth> {
  const { status, body } = await card(await projectOf(t.address, t.pair));
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

const categories = (h: TokenHealth) => h.privileged.functions.map((f) => f.category).sort();

beforeAll(async () => {
  devnet = await claimSharedChain('token-health.test.ts');
  ctx = await createTestContext({}, { chain: devnetChain({ rpcUrl: devnet.rpcUrl }) });
  user = await signUp(ctx.app);
  world = await deployTraitWorld(clients(), deployer);
}, 600_000); // includes waiting for the chain-writer lock

afterAll(async () => {
  await ctx?.close();
  await devnet?.release();
});

describe('the token health card on the devnet', () => {
  it('a plain token: no owner, no privileged function, no proxy, sellable without tax, its LP all burned — no alarm', async () => {
    const h = await cardOf(world.plain);
    expect(h.ownership.status).toBe('no_owner_function');
    expect(h.privileged).toMatchObject({ status: 'none', functions: [] });
    expect(h.proxy.status).toBe('not_proxy');
    expect(h.trading).toHaveLength(1);
    expect(h.trading[0]).toMatchObject({ status: 'sellable', buy_tax_pct: 0, sell_tax_pct: 0 });
    expect(h.liquidity[0]).toMatchObject({ status: 'measured', burned_pct: 100, locked_pct: 0, locks: [] });
    // Every finding carries the one block the card was read at, and says how it was determined.
    const head = await clients().public.getBlockNumber();
    expect(BigInt(h.block)).toBeLessThanOrEqual(head);
    for (const f of [h.ownership, h.privileged, h.proxy, h.trading[0]!, h.liquidity[0]!]) {
      expect(f.block).toBe(h.block);
      expect(f.how.length).toBeGreaterThan(20);
    }
  });

  it('a taxed token: the simulated buy and sell measure the taxes it was deployed with, and its fee setter is exposed', async () => {
    const h = await cardOf(world.taxed);
    expect(h.trading[0]).toMatchObject({
      status: 'sellable',
      buy_tax_pct: TRAIT_BUY_BPS / 100,
      sell_tax_pct: TRAIT_SELL_BPS / 100,
    });
    expect(h.ownership).toMatchObject({ status: 'owned', owner: deployer });
    expect(h.privileged.functions).toContainEqual(
      expect.objectContaining({ category: 'fees', signature: 'setFees(uint256,uint256)' }),
    );
  });

  it('a honeypot: the simulated buy goes through, the sell reverts', async () => {
    const h = await cardOf(world.honeypot);
    expect(h.trading[0]).toMatchObject({ status: 'sell_reverts', buy_tax_pct: 0, sell_tax_pct: null });
    expect(h.trading[0]!.how).toMatch(/sell reverted/);
  });

  it('a pausable token exposes pause/unpause; paused, the simulated buy reverts', async () => {
    const projectId = await projectOf(world.pausable.address, world.pausable.pair);
    const before = (await card(projectId)).body;
    expect(categories(before)).toEqual(['pause', 'pause']);
    expect(before.trading[0]!.status).toBe('sellable');
    const c = clients();
    const hash = await c.wallet.writeContract({
      address: world.pausable.address,
      abi: traitArtifacts.pausableTraitToken.abi as Abi,
      functionName: 'pause',
      args: [],
      account: deployer,
      chain: c.wallet.chain,
    });
    await c.public.waitForTransactionReceipt({ hash });
    const after = (await card(projectId)).body;
    expect(after.trading[0]!.status).toBe('buy_reverts');
  });

  it('a blacklisting token exposes its blacklist setter; a mintable one its mint; both owned by the deployer', async () => {
    const blacklist = await cardOf(world.blacklist);
    expect(blacklist.privileged.functions.map((f) => f.signature)).toEqual(['setBlacklist(address,bool)']);
    expect(blacklist.ownership.owner).toBe(deployer);
    const mintable = await cardOf(world.mintable);
    expect(mintable.privileged.functions.map((f) => f.signature)).toEqual(['mint(address,uint256)']);
    expect(mintable.ownership.status).toBe('owned');
  });

  it('a renounced token: owner() is the zero address; 80 % of its LP is in the devnet locker until the date it was locked to', async () => {
    const h = await cardOf(world.renounced);
    expect(h.ownership).toMatchObject({ status: 'renounced', owner: '0x0000000000000000000000000000000000000000' });
    const lp = h.liquidity[0]!;
    expect(lp.status).toBe('measured');
    expect(lp.locked_pct).toBeCloseTo(world.renounced.lockedShare * 100, 1);
    expect(lp.locks).toEqual([
      expect.objectContaining({
        locker_address: world.locker,
        unlock_at: new Date(Number(world.renounced.unlockDate) * 1000).toISOString(),
      }),
    ]);
    expect(lp.burned_pct).toBeLessThan(0.01);
  });

  it('an EIP-1967 proxy: upgradeable, with its implementation and admin; the token behind it trades', async () => {
    const h = await cardOf(world.upgradeable);
    expect(h.proxy).toMatchObject({
      status: 'upgradeable',
      standard: 'eip1967',
      implementation: world.upgradeable.logic,
      admin: world.upgradeable.admin,
    });
    expect(categories(h)).toEqual(['upgrade']);
    expect(h.trading[0]!.status).toBe('sellable');
  });

  it("a Uniswap V3 pool: the deployer's in-range NFT liquidity as a share of the pool's, once the deployer is known", async () => {
    const a = devnet.addresses;
    const pool = await createPool(ctx.database.db, user.userId, {
      project: { contractAddress: a.smpl.toLowerCase(), tokenDecimal: 9 },
      poolAddress: a.pools.smplWethV3.toLowerCase(),
      poolVersion: 'v3',
      dexId: 'uniswap-v3',
      fee: 3000,
      pairedTokenAddress: a.weth.toLowerCase(),
      projectIsToken0: a.smpl.toLowerCase() < a.weth.toLowerCase(),
    });
    const before = (await card(pool.projectId)).body;
    expect(before.liquidity[0]).toMatchObject({ status: 'unknown', deployer_in_range_pct: null });
    expect(before.liquidity[0]!.how).toMatch(/deployer is not known yet/);
    expect(before.trading[0]!.status).toBe('not_simulated');

    // As the holder indexer records it: the account that sent the deployment transaction.
    await ctx.database.db
      .insert(tokenHolderSync)
      .values({ networkId: 31337, tokenAddress: a.smpl.toLowerCase(), deployer: a.deployer.toLowerCase() });
    const h = (await card(pool.projectId)).body;
    const lp = h.liquidity[0]!;
    expect(lp).toMatchObject({ status: 'measured', deployer: a.deployer, burned_pct: null, locked_pct: null });

    // The same figure read here, at the card's block: the deployer's positions in this pool around the tick.
    const c = clients().public;
    const blockNumber = BigInt(h.block);
    const npm = parseAbi([
      'function balanceOf(address) view returns (uint256)',
      'function tokenOfOwnerByIndex(address, uint256) view returns (uint256)',
      'function positions(uint256) view returns (uint96, address, address token0, address token1, uint24 fee, int24 tickLower, int24 tickUpper, uint128 liquidity, uint256, uint256, uint128, uint128)',
    ]);
    const v3 = parseAbi([
      'function liquidity() view returns (uint128)',
      'function slot0() view returns (uint160, int24 tick, uint16, uint16, uint16, uint8, bool)',
    ]);
    const total = await c.readContract({
      address: a.pools.smplWethV3,
      abi: v3,
      functionName: 'liquidity',
      blockNumber,
    });
    const [, tick] = await c.readContract({ address: a.pools.smplWethV3, abi: v3, functionName: 'slot0', blockNumber });
    const count = await c.readContract({
      address: a.positionManager,
      abi: npm,
      functionName: 'balanceOf',
      args: [a.deployer],
      blockNumber,
    });
    let mine = 0n;
    for (let i = 0n; i < count; i++) {
      const id = await c.readContract({
        address: a.positionManager,
        abi: npm,
        functionName: 'tokenOfOwnerByIndex',
        args: [a.deployer, i],
        blockNumber,
      });
      const p = await c.readContract({
        address: a.positionManager,
        abi: npm,
        functionName: 'positions',
        args: [id],
        blockNumber,
      });
      const same =
        [p[2], p[3]]
          .map((x) => x.toLowerCase())
          .sort()
          .join() ===
          [a.smpl, a.weth]
            .map((x) => x.toLowerCase())
            .sort()
            .join() && p[4] === 3000;
      if (same && p[5] <= tick && tick < p[6]) mine += p[7];
    }
    expect(mine).toBeGreaterThan(0n);
    expect(lp.deployer_in_range_pct).toBe(Number((mine * 10_000n) / total) / 100);
  });

  it("Solidly pools, volatile and stable: the simulation trades through each (the stable curve by the pool's own quote), no tax", async () => {
    const a = devnet.addresses;
    const solidly = a.solidly!;
    const solidlyPool = async (token: Address, paired: Address, pairedSymbol: string, pool: Address, stable: boolean) =>
      createPool(ctx.database.db, user.userId, {
        project: { contractAddress: token.toLowerCase() },
        poolAddress: pool.toLowerCase(),
        poolVersion: 'solidly',
        dexId: 'aerodrome',
        stable,
        tokenId: pairedSymbol.toLowerCase(),
        pairedTokenSymbol: pairedSymbol,
        pairedTokenAddress: paired.toLowerCase(),
        projectIsToken0: token.toLowerCase() < paired.toLowerCase(),
      });
    for (const pool of [
      await solidlyPool(a.demo, a.weth, 'WETH', solidly.pools.demoWethVolatile, false),
      await solidlyPool(a.usdc, solidly.dai, 'DAI', solidly.pools.usdcDaiStable, true),
    ]) {
      const h = (await card(pool.projectId)).body;
      expect(h.trading[0], JSON.stringify(h.trading[0])).toMatchObject({
        status: 'sellable',
        buy_tax_pct: 0,
        sell_tax_pct: 0,
        dex_name: 'Aerodrome',
      });
      expect(h.liquidity[0]!.status).toBe('measured');
    }
  });

  it('a contract that answers garbage gives unknown, not an error — as a pool too', async () => {
    const garbage = world.garbage.address;
    const pool = await createPool(ctx.database.db, user.userId, {
      project: { contractAddress: garbage.toLowerCase() },
      poolAddress: garbage.toLowerCase(),
      pairedTokenAddress: devnet.addresses.weth.toLowerCase(),
    });
    const { status, body } = await card(pool.projectId);
    expect(status).toBe(200);
    expect(body.ownership.status).toBe('unknown');
    expect(body.trading[0]!.status).toBe('unknown');
    expect(body.liquidity[0]!.status).toBe('unknown');
  });

  it("an address without code is unknown throughout; another user's project answers 404", async () => {
    const empty = await projectOf('0x00000000000000000000000000000000000c0de0');
    const { status, body } = await card(empty);
    expect(status).toBe(200);
    expect([body.ownership.status, body.privileged.status, body.proxy.status]).toEqual([
      'unknown',
      'unknown',
      'unknown',
    ]);
    const other = await signUp(ctx.app);
    expect((await card(empty, other.token)).status).toBe(404);
  });
});
