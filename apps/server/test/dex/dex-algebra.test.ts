import {
  algebraArtifacts,
  algebraFactoryAbi,
  algebraPoolAbi,
  demoAccounts,
  devnetChain as devnetViemChain,
  swapOnDevnet,
} from '@tokendesk/devchain';
import type { Pool } from '@tokendesk/contract';
import { and, eq } from 'drizzle-orm';
import solc from 'solc';
import {
  decodeEventLog,
  formatUnits,
  getAddress,
  getContractAddress,
  parseAbi,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { algebra } from '../../src/chain/dex/algebra';
import { MULTICALL3 } from '../../src/chain/networks';
import { notifications, poolEvents } from '../../src/db/schema';
import { PoolWatch } from '../../src/indexer/pool-watch';
import { expectReorgFollowed } from '../support/pool-reorg';
import { dexDevnetSuite } from '../support/dex-devnet';

/*
 * Algebra Integral 1.2 on the server (docs/decisions/0070) against the devnet's own compiled
 * AlgebraFactory and AlgebraPool (docs/decisions/0061) and its seeded DEMO/WETH pool (no plugin,
 * a static 0.05 %, tick spacing 60, a month of swaps and liquidity changes). Every figure is
 * compared with the chain: the stored events with the pool's logs, the price with a tiny swap the
 * router simulates (eth_call), the liquidity with the pool's balances. The file deploys a foreign
 * factory, creates pools and swaps, so it claims the shared devnet and reverts it at the end.
 */

const suite = dexDevnetSuite('dex-algebra.test.ts');
const { api, catchUp, send, a, clients } = suite;
const poolAddress = () => a().algebra.pools.demoWeth;
/** pool_events keep the address in lower case; the API answers it checksummed. */
const lower = () => poolAddress().toLowerCase() as Hex;

const erc20 = parseAbi(['function balanceOf(address) view returns (uint256)']);
const routerAbi = parseAbi([
  'function swapExactIn(address pool, bool zeroToOne, uint256 amountIn, address recipient) payable returns (int256 amount0, int256 amount1)',
]);
const poolEventsAbi = algebraPoolAbi.filter((x) => x.type === 'event' && ['Swap', 'Mint', 'Burn'].includes(x.name));

const eventsOf = (pool: Hex) =>
  suite.ctx.database.db
    .select()
    .from(poolEvents)
    .where(eq(poolEvents.poolAddress, pool))
    .orderBy(poolEvents.blockNumber, poolEvents.logIndex);

/** The pool's own Swap, Mint and Burn logs, decoded with the compiled pool's ABI (not the adapter's). */
async function chainEventsOf(pool: Address) {
  const logs = await clients().public.getLogs({ address: pool, fromBlock: 0n, toBlock: 'latest' });
  return logs.flatMap((l) => {
    try {
      const e = decodeEventLog({ abi: poolEventsAbi as Abi, topics: l.topics, data: l.data }) as unknown as {
        eventName: string;
        args: { amount0: bigint; amount1: bigint; price?: bigint };
      };
      return [{ key: `${l.transactionHash!.toLowerCase()}:${l.logIndex}`, ...e }];
    } catch {
      return [];
    }
  });
}

describe('discovery and verification', () => {
  it("finds the seeded pool through the factory's poolByPair, with its static fee and shape, and says 'no pool' for a pair without one", async () => {
    const found = await api('POST', 'projects/get-pool-address/', {
      project_id: suite.demoProject,
      dex_id: 'algebra',
      token_id: 'weth',
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual({
      pool_address: poolAddress(),
      pool_version: 'algebra',
      fee: 500,
      shape: { stable: null, tick_spacing: 60, bin_step: null, dynamic_fee: false, plugin: null },
    });
    const none = await api('POST', 'projects/get-pool-address/', {
      project_id: suite.smplProject,
      dex_id: 'algebra',
      token_id: 'weth',
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().detail).toBe('No pool found for this pair on Algebra Integral');
  });

  it('refuses a pool of another Algebra factory (the same compiled contracts), a Uniswap V3 pool and a forged pool, saving nothing', async () => {
    // A second AlgebraPoolDeployer + AlgebraFactory from demo account 2, then its own DEMO/WETH pool.
    const deployer = demoAccounts[1]!;
    const c = clients();
    const nonce = await c.public.getTransactionCount({ address: deployer });
    const foreignDeployer = getContractAddress({ from: deployer, nonce: BigInt(nonce) });
    const foreignFactory = getContractAddress({ from: deployer, nonce: BigInt(nonce + 1) });
    for (const [artifact, args, expected] of [
      [algebraArtifacts.algebraPoolDeployer, [foreignFactory], foreignDeployer],
      [algebraArtifacts.algebraFactory, [foreignDeployer], foreignFactory],
    ] as const) {
      const hash = await c.wallet.deployContract({
        abi: artifact.abi as Abi,
        bytecode: artifact.bytecode as Hex,
        args,
        account: deployer,
        chain: devnetViemChain,
      } as never);
      expect((await c.public.waitForTransactionReceipt({ hash })).contractAddress?.toLowerCase()).toBe(
        expected.toLowerCase(),
      );
    }
    await send(deployer, foreignFactory, algebraFactoryAbi as Abi, 'createPool', [a().weth, a().demo, '0x']);
    const foreignPool = await c.public.readContract({
      address: foreignFactory,
      abi: algebraFactoryAbi,
      functionName: 'poolByPair',
      args: [a().weth, a().demo],
    });
    await send(deployer, foreignPool, algebraPoolAbi as Abi, 'initialize', [100n * 2n ** 96n]);

    const foreign = await api('POST', `projects/pool/${suite.demoProject}/`, {
      dex: 'algebra',
      token: 'weth',
      pool_address: foreignPool,
    });
    expect(foreign.statusCode, foreign.body).toBe(400);
    expect(foreign.json().detail).toBe(
      `This pool does not belong to Algebra Integral: its factory is ${getAddress(foreignFactory)}.`,
    );
    // Uniswap V3's SMPL/WETH pool answers factory(), token0() and token1() alike: its factory is not this DEX's.
    const v3 = await api('POST', `projects/pool/${suite.smplProject}/`, {
      dex: 'algebra',
      token: 'weth',
      pool_address: a().pools.smplWethV3,
    });
    expect(v3.statusCode).toBe(400);
    expect(v3.json().detail).toBe(
      `This pool does not belong to Algebra Integral: its factory is ${getAddress(a().uniswapV3Factory)}.`,
    );
    // A contract that names the real factory and DEMO/WETH, with a globalState() answer too short
    // to decode: the factory does not list it, and its state read fails instead of crashing.
    const forged = await deployForged(a().algebra.factory, a().weth, a().demo);
    const forgedRes = await api('POST', `projects/pool/${suite.demoProject}/`, {
      dex: 'algebra',
      token: 'weth',
      pool_address: forged,
    });
    expect(forgedRes.statusCode).toBe(400);
    expect(forgedRes.json().detail).toBe(
      "Algebra Integral's factory does not list this contract as the pool of these tokens.",
    );
    const pool = { address: forged, token0: a().weth, token1: a().demo };
    const answers = await c.public.multicall({
      allowFailure: true,
      multicallAddress: MULTICALL3,
      contracts: algebra.stateCalls(pool) as never[],
    });
    expect(answers[0]!.status).toBe('failure');
    expect(algebra.readState(answers as never, pool)).toBeNull();
    expect((await api('GET', `projects/${suite.demoProject}/pools/`)).json()).toEqual([]);
    expect((await api('GET', `projects/${suite.smplProject}/pools/`)).json()).toEqual([]);
  });
});

const FORGED_SOURCE = `
pragma solidity 0.8.30;
contract ForgedAlgebraPool {
    address public factory; address public token0; address public token1;
    constructor(address f, address t0, address t1) { factory = f; token0 = t0; token1 = t1; }
    function tickSpacing() external pure returns (int24) { return 60; }
    function globalState() external pure returns (uint256) { assembly { mstore(0, 0x1234) return(16, 16) } }
}`;

async function deployForged(factory: Address, weth: Address, demo: Address): Promise<Address> {
  const input = {
    language: 'Solidity',
    sources: { 'F.sol': { content: FORGED_SOURCE } },
    settings: { outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input)));
  const contract = out.contracts['F.sol'].ForgedAlgebraPool;
  const [token0, token1] = BigInt(weth) < BigInt(demo) ? [weth, demo] : [demo, weth];
  const c = clients();
  const hash = await c.wallet.deployContract({
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
    args: [factory, token0, token1],
    account: demoAccounts[1]!,
    chain: devnetViemChain,
  } as never);
  return (await c.public.waitForTransactionReceipt({ hash })).contractAddress!;
}

describe('the attached DEMO/WETH pool', () => {
  let pool: Pool;

  beforeAll(async () => {
    const res = await api('POST', `projects/pool/${suite.demoProject}/`, {
      dex: 'algebra',
      token: 'weth',
      pool_address: poolAddress(),
      pool_version: 'algebra',
    });
    expect(res.statusCode, res.body).toBe(201);
    pool = res.json();
    await catchUp();
  }, 120_000);

  it('answers the family, the static fee, the tick spacing and no plugin', () => {
    expect(pool).toMatchObject({
      pool_address: poolAddress(),
      pool_version: 'algebra',
      fee: 500,
      shape: { stable: null, tick_spacing: 60, bin_step: null, dynamic_fee: false, plugin: null },
      v4: null,
      dex: { id: 'algebra', name: 'Algebra Integral' },
      token: { symbol: 'WETH' },
    });
  });

  it("shows the pool's own price (globalState, and a tiny swap the router simulates) and its balances as liquidity", async () => {
    const res = await api('GET', `projects/user/pools/funds/${pool.id}/`);
    expect(res.statusCode).toBe(200);
    const shown = res.json<Pool>();
    const c = clients();
    const block = BigInt(shown.pool_funds!.block_number!);
    const [price] = await c.public.readContract({
      address: poolAddress(),
      abi: algebraPoolAbi,
      functionName: 'globalState',
      blockNumber: block,
    });
    const wethIsToken0 = BigInt(a().weth) < BigInt(a().demo);
    // token1 per token0 from the sqrt price; the shown price is WETH per DEMO (both 18 decimals).
    const p = (Number(price) / 2 ** 96) ** 2;
    const fromState = wethIsToken0 ? 1 / p : p;
    expect(Number(shown.price) / fromState).toBeCloseTo(1, 12);
    // The pool's quote: 10^12 wei of WETH in (paid as ETH), simulated at the same block; the fee
    // (0.05 %) is taken from the input, the rest buys DEMO at the pool's price.
    const amountIn = 10n ** 12n;
    const { result } = await c.public.simulateContract({
      account: demoAccounts[0]!,
      address: a().algebra.router,
      abi: routerAbi,
      functionName: 'swapExactIn',
      args: [poolAddress(), wethIsToken0, amountIn, demoAccounts[0]!],
      value: amountIn,
      blockNumber: block,
    });
    const demoOut = -(wethIsToken0 ? result[1] : result[0]);
    const quoted = (Number(amountIn) * (1 - 500 / 1e6)) / Number(demoOut);
    expect(Number(shown.price) / quoted).toBeCloseTo(1, 5);
    // Liquidity: what the pool holds of each token at the block read.
    const held = async (token: Address) =>
      c.public.readContract({
        address: token,
        abi: erc20,
        functionName: 'balanceOf',
        args: [poolAddress()],
        blockNumber: block,
      });
    expect(shown.pool_funds!.amount_token).toBe(formatUnits(await held(a().weth), 18));
    expect(shown.pool_funds!.amount_project_token).toBe(formatUnits(await held(a().demo), 18));
  });

  it("stores every Swap, Mint and Burn of the pool's history once, with the pool-side amounts of its logs", async () => {
    const stored = await eventsOf(lower());
    const onChain = await chainEventsOf(poolAddress());
    expect(onChain.filter((e) => e.eventName === 'Swap').length).toBeGreaterThan(10);
    expect(onChain.some((e) => e.eventName === 'Mint') && onChain.some((e) => e.eventName === 'Burn')).toBe(true);
    expect(stored.map((e) => `${e.txHash}:${e.logIndex}`)).toEqual(onChain.map((e) => e.key));
    onChain.forEach((e, i) => {
      const sign = e.eventName === 'Burn' ? -1n : 1n;
      expect(stored[i], e.key).toMatchObject({
        type: e.eventName.toLowerCase(),
        amount0: (sign * e.args.amount0).toString(),
        amount1: (sign * e.args.amount1).toString(),
        sqrtPriceX96: e.eventName === 'Swap' ? e.args.price!.toString() : null,
      });
    });
  });

  it('a new swap is indexed as a buy with its Integral Swap log (overrideFee, pluginFee)', async () => {
    const buy = await swapOnDevnet(clients(), {
      from: demoAccounts[0]!,
      pool: 'demo-weth-algebra',
      side: 'buy',
      amount: '0.05',
    });
    await catchUp();
    const [row] = (await eventsOf(lower())).filter((e) => e.txHash === buy.hash.toLowerCase());
    const wethIsToken0 = BigInt(a().weth) < BigInt(a().demo);
    expect(row).toMatchObject({ type: 'swap' });
    // 0.05 WETH into the pool, DEMO out.
    expect(BigInt(wethIsToken0 ? row!.amount0 : row!.amount1)).toBe(5n * 10n ** 16n);
    expect(BigInt(wethIsToken0 ? row!.amount1 : row!.amount0)).toBeLessThan(0n);
    const activity = await api('GET', `projects/activity/?pool=${pool.id}&limit=1`);
    expect(activity.json().events[0]).toMatchObject({
      kind: 'buy',
      amount_token: '0.05',
      tx_hash: buy.hash.toLowerCase(),
    });
  });

  it('a reorganisation rolls back its orphaned swap, snapshots and 24 h figures, and follows the new chain', async () => {
    const [token0, token1] = BigInt(a().weth) < BigInt(a().demo) ? [a().weth, a().demo] : [a().demo, a().weth];
    await expectReorgFollowed({
      rpcUrl: suite.devnet.rpcUrl,
      ctx: suite.ctx,
      get: (url) => api('GET', url),
      poolId: pool.id,
      pool: poolAddress(),
      catchUp,
      buy: async () =>
        (
          await swapOnDevnet(clients(), {
            from: demoAccounts[1]!,
            pool: 'demo-weth-algebra',
            side: 'buy',
            amount: '0.07',
          })
        ).hash,
      sell: async () =>
        (
          await swapOnDevnet(clients(), {
            from: demoAccounts[2]!,
            pool: 'demo-weth-algebra',
            side: 'sell',
            amount: '300',
          })
        ).hash,
      chainEvents: async () =>
        (await chainEventsOf(poolAddress())).map((e) => {
          const sign = e.eventName === 'Burn' ? -1n : 1n;
          return `${e.key}:${sign * e.args.amount0}:${sign * e.args.amount1}`;
        }),
      // An Algebra pool's liquidity is its two balances (decision 0070).
      reservesAt: async (blockNumber) =>
        Promise.all(
          [token0, token1].map((t) =>
            clients().public.readContract({
              address: t,
              abi: erc20,
              functionName: 'balanceOf',
              args: [poolAddress()],
              blockNumber,
            }),
          ),
        ) as Promise<[bigint, bigint]>,
    });
  }, 120_000);
});

describe('the new-pool watch', () => {
  it("sees the factory's Pool event for a project token, notifies once, and the pool attaches after verification", async () => {
    const watch = () =>
      new PoolWatch(suite.ctx.database.db, suite.ctx.app.chain, suite.ctx.app.chain.registry.get(31337)!);
    await watch().tick(); // the watch starts at the head: earlier pools are for 'Add Pool'
    const creator = demoAccounts[2]!;
    const receipt = await send(creator, a().algebra.factory, algebraFactoryAbi as Abi, 'createPool', [
      a().demo,
      a().usdc,
      '0x',
    ]);
    const created = await clients().public.readContract({
      address: a().algebra.factory,
      abi: algebraFactoryAbi,
      functionName: 'poolByPair',
      args: [a().demo, a().usdc],
    });
    expect((await watch().tick()).found).toBe(1);
    expect((await watch().tick()).found).toBe(0); // once
    const list = (await api('GET', `projects/${suite.demoProject}/discovered-pools/`)).json<{
      pools: {
        id: number;
        pool_address: string;
        pool_version: string;
        fee: number | null;
        shape: unknown;
        paired_token: { symbol: string | null };
      }[];
    }>();
    const found = list.pools.find((p) => p.pool_address.toLowerCase() === created.toLowerCase());
    // The Pool event says nothing of the fee: neither a fee nor a dynamic one is claimed before verification.
    expect(found).toMatchObject({
      pool_version: 'algebra',
      fee: null,
      shape: { dynamic_fee: false, tick_spacing: null },
      paired_token: { symbol: 'USDC' },
    });
    const [notice] = await suite.ctx.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, suite.user.userId),
          eq(notifications.navigationUrl, `/projects/${suite.demoProject}`),
        ),
      );
    expect(notice!.message).toBe(
      `A DEMO/USDC pool was created at ${getAddress(created)} in block ${receipt.blockNumber}. Open the project to attach it in one click.`,
    );
    // Not initialised yet: no price, so it is refused until it has one.
    const early = await api('POST', `projects/${suite.demoProject}/discovered-pools/${found!.id}/attach/`);
    expect(early.statusCode).toBe(400);
    await send(creator, created, algebraPoolAbi as Abi, 'initialize', [2n ** 96n]);
    const attached = await api('POST', `projects/${suite.demoProject}/discovered-pools/${found!.id}/attach/`);
    expect(attached.statusCode, attached.body).toBe(201);
    expect(attached.json()).toMatchObject({
      pool_address: getAddress(created),
      pool_version: 'algebra',
      fee: 500,
      shape: { tick_spacing: 60, dynamic_fee: false, plugin: null },
    });
  });
});
