import { encodeFunctionData, maxUint256, parseEther, parseUnits, stringToHex, type Abi, type Address } from 'viem';
import { erc20Abi, positionManagerAbi, uniswapV2PairAbi, uniswapV2RouterAbi, uniswapV3PoolAbi, wethAbi } from './abis.js';
import { DEPLOYER, DEPLOYER_NONCES, demoAccounts, devnetAddresses as A, devnetTokens, V3_FEE, type DevnetAddresses } from './addresses.js';
import { uniswapArtifacts, type Artifact } from './artifacts.js';
import { assertDevnet, devnetClients, mined, type DevnetClients } from './client.js';
import { bytes32Token, demoERC20, devnetMarker, multicall3RuntimeCode } from './generated/contracts.js';
import { sendContractTx, swapOnDevnet, type DevnetSwap } from './swap.js';

/** Thrown when the chain holds only part of the seed (or someone else's use of the deployer). */
export class PartialSeedError extends Error {
  constructor(detail: string) {
    super(`the devnet holds an incomplete demo deployment (${detail}); start from an empty chain`);
    this.name = 'PartialSeedError';
  }
}

export type SeedStatus = 'empty' | 'complete' | 'partial';

/** All contract addresses of the seed, pools included (Multicall3 is set separately). */
function seededAddresses(): Address[] {
  const { deployer: _deployer, multicall3: _multicall3, pools, ...contracts } = A;
  return [...Object.values(contracts), ...Object.values(pools)];
}

async function hasCode(clients: DevnetClients, address: Address): Promise<boolean> {
  const code = await clients.public.getCode({ address });
  return code !== undefined && code !== '0x';
}

export async function seedStatus(clients: DevnetClients): Promise<SeedStatus> {
  const [nonce, withCode] = await Promise.all([
    clients.public.getTransactionCount({ address: DEPLOYER }),
    Promise.all(seededAddresses().map((a) => hasCode(clients, a))),
  ]);
  if (withCode.every(Boolean) && nonce > DEPLOYER_NONCES.notAToken) return 'complete';
  if (nonce === 0 && !withCode.some(Boolean)) return 'empty';
  return 'partial';
}

/**
 * Deploys the demo contracts, pools and history into a local anvil chain (31337) unless they are
 * already there. Idempotent: a complete seed (code at every address, the deployer past its last
 * nonce) is left alone; an empty chain is seeded; anything in between throws PartialSeedError —
 * addresses depend on the deployer's nonces, so a half-done seed cannot be resumed safely.
 */
export async function deployDemo(rpcUrl: string, opts: { log?: (line: string) => void } = {}): Promise<DevnetAddresses> {
  const log = opts.log ?? (() => {});
  const clients = devnetClients(rpcUrl);
  await assertDevnet(clients);
  await ensureMulticall3(clients);
  const status = await seedStatus(clients);
  if (status === 'complete') return A;
  if (status === 'partial') throw new PartialSeedError(`deployer nonce ${await clients.public.getTransactionCount({ address: DEPLOYER })}`);
  const accounts = (await clients.wallet.getAddresses()).map((a) => a.toLowerCase());
  for (const account of [DEPLOYER, ...demoAccounts]) {
    if (!accounts.includes(account.toLowerCase())) throw new Error(`anvil does not sign for ${account}: start it with the default mnemonic`);
  }
  const started = Date.now();
  await seed(clients, log);
  const missing = (await Promise.all(seededAddresses().map(async (a) => ((await hasCode(clients, a)) ? null : a)))).filter(Boolean);
  if (missing.length > 0) throw new Error(`seed finished but these addresses have no code: ${missing.join(', ')}`);
  log(`devnet: demo contracts, pools and history seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return A;
}

/** Multicall3 lives at its canonical address on every real network; put the same code there. */
export async function ensureMulticall3(clients: DevnetClients): Promise<void> {
  const code = await clients.public.getCode({ address: A.multicall3 });
  if (code?.toLowerCase() === multicall3RuntimeCode.toLowerCase()) return;
  await clients.test.setCode({ address: A.multicall3, bytecode: multicall3RuntimeCode });
}

const MAX = maxUint256;
const DEADLINE = maxUint256;
const [A1, A2, A3, A4] = demoAccounts as [Address, Address, Address, Address];

function token(key: (typeof devnetTokens)[number]['key']) {
  const t = devnetTokens.find((x) => x.key === key);
  if (!t) throw new Error(`unknown token ${key}`);
  return t;
}

/** Amounts of the deployer's initial liquidity: DEMO at 0.0001 ETH = 0.30 USDC, SMPL at 0.000005 ETH. */
const LIQUIDITY = {
  demoWeth: { demo: parseUnits('1000000', 18), eth: parseEther('100') },
  demoUsdc: { demo: parseUnits('600000', 18), usdc: parseUnits('180000', 6) },
  smplWeth: { smpl: parseUnits('20000000', 9), weth: parseEther('100') },
};

/** What each demo account receives from the deployer before trading. */
const DEMO_ACCOUNT_FUNDING = { demo: parseUnits('200000', 18), usdc: parseUnits('50000', 6), smpl: parseUnits('5000000', 9) };

/** Full range for tick spacing 60 (fee 0.3%). */
const MIN_TICK_60 = -887220;
const MAX_TICK_60 = 887220;

type HistoryStep =
  | ({ kind: 'swap' } & DevnetSwap)
  | { kind: 'v2-add-liquidity'; from: Address; eth: string; maxDemo: string }
  | { kind: 'v2-remove-half'; from: Address }
  | { kind: 'v3-mint-narrow'; from: Address }
  | { kind: 'v3-remove-half'; from: Address };

const swap = (from: Address, pool: DevnetSwap['pool'], side: DevnetSwap['side'], amount: string): HistoryStep => ({
  kind: 'swap',
  from,
  pool,
  side,
  amount,
});

/**
 * The seeded history: fixed amounts, four accounts, both directions in every pool, one liquidity
 * add and one removal on each protocol. Each step is mined in its own block.
 */
export const HISTORY: readonly HistoryStep[] = [
  swap(A1, 'demo-weth', 'buy', '0.8'),
  swap(A2, 'smpl-weth', 'buy', '0.5'),
  swap(A3, 'demo-usdc', 'sell', '20000'),
  swap(A2, 'demo-weth', 'sell', '15000'),
  swap(A4, 'demo-usdc', 'buy', '1200'),
  swap(A1, 'smpl-weth', 'sell', '600000'),
  { kind: 'v2-add-liquidity', from: A3, eth: '2', maxDemo: '25000' },
  swap(A4, 'demo-weth', 'buy', '0.35'),
  swap(A1, 'smpl-weth', 'buy', '1.2'),
  swap(A2, 'demo-usdc', 'buy', '2500'),
  { kind: 'v3-mint-narrow', from: A4 },
  swap(A3, 'demo-weth', 'sell', '8000'),
  swap(A2, 'smpl-weth', 'sell', '900000'),
  swap(A1, 'demo-usdc', 'sell', '30000'),
  swap(A3, 'smpl-weth', 'buy', '0.25'),
  swap(A4, 'demo-weth', 'sell', '12000'),
  { kind: 'v2-remove-half', from: A3 },
  swap(A1, 'demo-usdc', 'buy', '400'),
  swap(A4, 'smpl-weth', 'sell', '400000'),
  swap(A2, 'demo-weth', 'buy', '1.5'),
  { kind: 'v3-remove-half', from: A4 },
  swap(A3, 'demo-usdc', 'sell', '5000'),
  swap(A1, 'smpl-weth', 'buy', '0.6'),
  swap(A2, 'demo-weth', 'buy', '0.15'),
];

async function seed(clients: DevnetClients, log: (line: string) => void): Promise<void> {
  const { wallet } = clients;
  const chain = wallet.chain;
  const u = uniswapArtifacts();

  async function deploy(key: keyof typeof DEPLOYER_NONCES, artifact: Artifact, args: readonly unknown[]): Promise<void> {
    const hash = await wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args, account: DEPLOYER, chain } as never);
    const receipt = await mined(clients, hash);
    if (receipt.contractAddress?.toLowerCase() !== A[key].toLowerCase()) {
      throw new Error(`${key} deployed at ${receipt.contractAddress}, expected ${A[key]}: the deployer's nonce order changed`);
    }
  }
  async function write(from: Address, address: Address, abi: Abi, functionName: string, args: readonly unknown[], value?: bigint) {
    return mined(clients, await sendContractTx(clients, from, { address, abi, functionName, args, value }));
  }
  const erc20 = (t: { key: Parameters<typeof token>[0] }) => {
    const meta = token(t.key);
    const artifact: Artifact = { abi: demoERC20.abi as Abi, bytecode: demoERC20.bytecode };
    return deploy(t.key as keyof typeof DEPLOYER_NONCES, artifact, [meta.name, meta.symbol, meta.decimals, parseUnits(String(meta.supply), meta.decimals), DEPLOYER]);
  };

  log('devnet: deploying tokens, Uniswap V2 and V3 contracts');
  await deploy('weth', u.weth9, []);
  await erc20({ key: 'usdc' });
  await erc20({ key: 'usdt' });
  await erc20({ key: 'demo' });
  await erc20({ key: 'smpl' });
  const b32 = token('bytes32Token');
  await deploy('bytes32Token', { abi: bytes32Token.abi as Abi, bytecode: bytes32Token.bytecode }, [
    stringToHex(b32.name, { size: 32 }),
    stringToHex(b32.symbol, { size: 32 }),
    b32.decimals,
    parseUnits(String(b32.supply), b32.decimals),
    DEPLOYER,
  ]);
  await deploy('uniswapV2Factory', u.uniswapV2Factory, [DEPLOYER]);
  await deploy('uniswapV2Router', u.uniswapV2Router02, [A.uniswapV2Factory, A.weth]);
  await deploy('uniswapV3Factory', u.uniswapV3Factory, []);
  // No token descriptor: tokenURI() of a position NFT reverts, which nothing here needs.
  await deploy('positionManager', u.nonfungiblePositionManager, [A.uniswapV3Factory, A.weth, '0x0000000000000000000000000000000000000000']);
  await deploy('uniswapV3Router', u.swapRouter, [A.uniswapV3Factory, A.weth]);

  log('devnet: adding liquidity to DEMO/WETH, DEMO/USDC (V2) and SMPL/WETH (V3 0.3%)');
  await write(DEPLOYER, A.demo, erc20Abi, 'approve', [A.uniswapV2Router, MAX]);
  await write(DEPLOYER, A.usdc, erc20Abi, 'approve', [A.uniswapV2Router, MAX]);
  await write(DEPLOYER, A.smpl, erc20Abi, 'approve', [A.positionManager, MAX]);
  await write(DEPLOYER, A.weth, wethAbi, 'deposit', [], LIQUIDITY.smplWeth.weth);
  await write(DEPLOYER, A.weth, erc20Abi, 'approve', [A.positionManager, MAX]);
  await write(DEPLOYER, A.uniswapV2Router, uniswapV2RouterAbi, 'addLiquidityETH', [A.demo, LIQUIDITY.demoWeth.demo, 0n, 0n, DEPLOYER, DEADLINE], LIQUIDITY.demoWeth.eth);
  await write(DEPLOYER, A.uniswapV2Router, uniswapV2RouterAbi, 'addLiquidity', [
    A.demo, A.usdc, LIQUIDITY.demoUsdc.demo, LIQUIDITY.demoUsdc.usdc, 0n, 0n, DEPLOYER, DEADLINE,
  ]);
  const v3 = v3Order(LIQUIDITY.smplWeth.smpl, LIQUIDITY.smplWeth.weth);
  await write(DEPLOYER, A.positionManager, positionManagerAbi, 'createAndInitializePoolIfNecessary', [
    v3.token0, v3.token1, V3_FEE, sqrtPriceX96(v3.amount0, v3.amount1),
  ]);
  await write(DEPLOYER, A.positionManager, positionManagerAbi, 'mint', [
    {
      token0: v3.token0, token1: v3.token1, fee: V3_FEE, tickLower: MIN_TICK_60, tickUpper: MAX_TICK_60,
      amount0Desired: v3.amount0, amount1Desired: v3.amount1, amount0Min: 0n, amount1Min: 0n,
      recipient: DEPLOYER, deadline: DEADLINE,
    },
  ]);

  log('devnet: funding demo accounts');
  for (const account of demoAccounts) {
    await write(DEPLOYER, A.demo, erc20Abi, 'transfer', [account, DEMO_ACCOUNT_FUNDING.demo]);
    await write(DEPLOYER, A.usdc, erc20Abi, 'transfer', [account, DEMO_ACCOUNT_FUNDING.usdc]);
    await write(DEPLOYER, A.smpl, erc20Abi, 'transfer', [account, DEMO_ACCOUNT_FUNDING.smpl]);
  }
  for (const account of demoAccounts) {
    await write(account, A.demo, erc20Abi, 'approve', [A.uniswapV2Router, MAX]);
    await write(account, A.usdc, erc20Abi, 'approve', [A.uniswapV2Router, MAX]);
    await write(account, A.smpl, erc20Abi, 'approve', [A.uniswapV3Router, MAX]);
  }
  await write(A3, A.pools.demoWethV2, uniswapV2PairAbi, 'approve', [A.uniswapV2Router, MAX]);
  await write(A4, A.weth, wethAbi, 'deposit', [], parseEther('10'));
  await write(A4, A.weth, erc20Abi, 'approve', [A.positionManager, MAX]);
  await write(A4, A.smpl, erc20Abi, 'approve', [A.positionManager, MAX]);

  log(`devnet: seeding history (${HISTORY.length} steps)`);
  const times = await historyTimestamps(clients, HISTORY.length + 1);
  for (const [i, step] of HISTORY.entries()) {
    const at = times?.[i];
    if (at !== undefined) await clients.test.setNextBlockTimestamp({ timestamp: at });
    await runStep(clients, step, write);
  }

  // Last of all, so that its code means "seed complete" (see seedStatus).
  const nonce = await clients.public.getTransactionCount({ address: DEPLOYER });
  if (nonce !== DEPLOYER_NONCES.notAToken) throw new Error(`deployer nonce is ${nonce} before the marker, expected ${DEPLOYER_NONCES.notAToken}`);
  const end = times?.[HISTORY.length];
  if (end !== undefined) await clients.test.setNextBlockTimestamp({ timestamp: end });
  await deploy('notAToken', { abi: devnetMarker.abi as Abi, bytecode: devnetMarker.bytecode }, []);
}

type Write = (from: Address, address: Address, abi: Abi, functionName: string, args: readonly unknown[], value?: bigint) => Promise<unknown>;

async function runStep(clients: DevnetClients, step: HistoryStep, write: Write): Promise<void> {
  switch (step.kind) {
    case 'swap':
      await swapOnDevnet(clients, step);
      return;
    case 'v2-add-liquidity':
      await write(step.from, A.uniswapV2Router, uniswapV2RouterAbi, 'addLiquidityETH', [
        A.demo, parseUnits(step.maxDemo, 18), 0n, 0n, step.from, DEADLINE,
      ], parseEther(step.eth));
      return;
    case 'v2-remove-half': {
      const lp = await clients.public.readContract({ address: A.pools.demoWethV2, abi: uniswapV2PairAbi, functionName: 'balanceOf', args: [step.from] });
      await write(step.from, A.uniswapV2Router, uniswapV2RouterAbi, 'removeLiquidityETH', [A.demo, lp / 2n, 0n, 0n, step.from, DEADLINE]);
      return;
    }
    case 'v3-mint-narrow': {
      const [, tick] = await clients.public.readContract({ address: A.pools.smplWethV3, abi: uniswapV3PoolAbi, functionName: 'slot0' });
      const v3 = v3Order(parseUnits('1000000', 9), parseEther('5'));
      await write(step.from, A.positionManager, positionManagerAbi, 'mint', [
        {
          token0: v3.token0, token1: v3.token1, fee: V3_FEE,
          tickLower: Math.floor((tick - 6000) / 60) * 60, tickUpper: Math.floor((tick + 6000) / 60) * 60,
          amount0Desired: v3.amount0, amount1Desired: v3.amount1, amount0Min: 0n, amount1Min: 0n,
          recipient: step.from, deadline: DEADLINE,
        },
      ]);
      return;
    }
    case 'v3-remove-half': {
      const tokenId = await clients.public.readContract({ address: A.positionManager, abi: positionManagerAbi, functionName: 'tokenOfOwnerByIndex', args: [step.from, 0n] });
      const position = await clients.public.readContract({ address: A.positionManager, abi: positionManagerAbi, functionName: 'positions', args: [tokenId] });
      // decreaseLiquidity and collect in one transaction (the pool's Burn and Collect in one block).
      const max128 = 2n ** 128n - 1n;
      const calls = [
        encodeFunctionData({ abi: positionManagerAbi, functionName: 'decreaseLiquidity', args: [{ tokenId, liquidity: position[7] / 2n, amount0Min: 0n, amount1Min: 0n, deadline: DEADLINE }] }),
        encodeFunctionData({ abi: positionManagerAbi, functionName: 'collect', args: [{ tokenId, recipient: step.from, amount0Max: max128, amount1Max: max128 }] }),
      ];
      await write(step.from, A.positionManager, MULTICALL_ABI, 'multicall', [calls]);
      return;
    }
  }
}

const MULTICALL_ABI = [
  { type: 'function', name: 'multicall', stateMutability: 'payable', inputs: [{ name: 'data', type: 'bytes[]' }], outputs: [{ name: 'results', type: 'bytes[]' }] },
] as const satisfies Abi;

/** Token order and amounts of SMPL/WETH as the V3 pool sorts them (token0 < token1). */
function v3Order(smpl: bigint, weth: bigint) {
  const smplFirst = A.smpl.toLowerCase() < A.weth.toLowerCase();
  return smplFirst
    ? { token0: A.smpl, token1: A.weth, amount0: smpl, amount1: weth }
    : { token0: A.weth, token1: A.smpl, amount0: weth, amount1: smpl };
}

/** sqrt(amount1 / amount0) in Q64.96: the price at which these amounts are a balanced deposit. */
export function sqrtPriceX96(amount0: bigint, amount1: bigint): bigint {
  return sqrt((amount1 << 192n) / amount0);
}

function sqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = n;
  let y = (x + 1n) / 2n;
  while (y < x) {
    x = y;
    y = (x + n / x) / 2n;
  }
  return x;
}

/**
 * Block times for the history: spread over the last six hours when the chain's clock is far enough
 * behind the wall clock (startDevnet starts a fresh chain seven hours back), the last one now. On
 * a chain that started just now, null: blocks keep anvil's own times.
 */
async function historyTimestamps(clients: DevnetClients, count: number): Promise<bigint[] | null> {
  const latest = (await clients.public.getBlock()).timestamp;
  const now = BigInt(Math.floor(Date.now() / 1000));
  const span = 6n * 3600n;
  const first = latest + 60n > now - span ? latest + 60n : now - span;
  const last = now - 120n;
  if (last - first < BigInt(count) * 60n) return null;
  const step = (last - first) / BigInt(count - 1);
  // A fixed wobble so the trades are not evenly spaced; the final slot (the marker) is "now".
  const times = Array.from({ length: count - 1 }, (_, i) => first + BigInt(i) * step + (BigInt((i * 7) % 5) * step) / 8n);
  times.push(now);
  return times;
}
