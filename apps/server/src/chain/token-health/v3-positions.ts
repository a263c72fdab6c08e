import { devnetAddresses } from '@tokendesk/devchain';
import { decodeFunctionResult, encodeFunctionData, parseAbi, type Address, type PublicClient } from 'viem';
import { rawCall, uintWord } from './raw-call';

/*
 * A Uniswap V3 pool has no LP token: its liquidity is in positions, most of them NFTs of the
 * NonfungiblePositionManager. The position manager keeps no list per pool, so owners cannot be
 * enumerated cheaply; the deployer's can (ERC721Enumerable by owner). The finding is the share of
 * the pool's in-range liquidity (pool.liquidity() at this block) held by the deployer's NFT
 * positions in this pool whose range contains the current tick.
 */

/**
 * Position managers per chain id, each cited from the DEX's own docs or deployment files. A manager
 * counts for a pool only when its factory() is the pool's factory(): PancakeSwap's and SushiSwap's
 * V3 pools share Uniswap's interface but not its position manager.
 */
const UNISWAP_V3_NPM = 'Uniswap V3 NonfungiblePositionManager';
// docs.uniswap.org/api/subgraph/subgraphs-devs/contracts/nonfungiblepositionmanager: Mainnet and Polygon.
const UNISWAP_V3_NPM_ETHEREUM_POLYGON: Address = '0xC36442b4a4522E871399CD717aBDD847Ab11FE88';
const POSITION_MANAGERS: Record<number, readonly { name: string; address: Address }[]> = {
  1: [{ name: UNISWAP_V3_NPM, address: UNISWAP_V3_NPM_ETHEREUM_POLYGON }],
  137: [{ name: UNISWAP_V3_NPM, address: UNISWAP_V3_NPM_ETHEREUM_POLYGON }],
  // packages/devchain: the Uniswap V3 NonfungiblePositionManager the demo world deploys.
  31337: [{ name: UNISWAP_V3_NPM, address: devnetAddresses.positionManager }],
};
/** The deployer's NFTs read at most: a wallet with thousands must not stall the card. */
export const MAX_DEPLOYER_POSITIONS = 50;

const poolAbi = parseAbi([
  'function factory() view returns (address)',
  'function token0() view returns (address)',
  'function token1() view returns (address)',
  'function fee() view returns (uint24)',
  'function liquidity() view returns (uint128)',
  'function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16, uint16, uint16, uint8, bool)',
]);
const npmAbi = parseAbi([
  'function factory() view returns (address)',
  'function balanceOf(address owner) view returns (uint256)',
  'function tokenOfOwnerByIndex(address owner, uint256 index) view returns (uint256)',
  'function positions(uint256 tokenId) view returns (uint96 nonce, address operator, address token0, address token1, uint24 fee, int24 tickLower, int24 tickUpper, uint128 liquidity, uint256, uint256, uint128, uint128)',
]);

export interface V3PositionFinding {
  status: 'measured' | 'not_supported' | 'unknown';
  deployer: Address | null;
  /** The deployer's in-range NFT liquidity in this pool (part) of the pool's in-range liquidity (total). */
  deployerShare: { part: bigint; total: bigint } | null;
  positionsRead: number;
  how: string;
}

async function read<T>(
  client: PublicClient,
  to: Address,
  abi: typeof poolAbi | typeof npmAbi,
  functionName: string,
  args: readonly unknown[],
  blockNumber: bigint,
): Promise<T | null> {
  const answer = await rawCall(client, {
    to,
    data: encodeFunctionData({ abi, functionName, args } as never),
    blockNumber,
  });
  if (answer.kind === 'failed') throw answer.error;
  if (answer.kind !== 'ok') return null;
  try {
    return decodeFunctionResult({ abi, functionName, data: answer.data } as never) as T;
  } catch {
    return null;
  }
}

export async function readDeployerV3Share(
  client: PublicClient,
  chainId: number,
  pool: Address,
  deployer: Address | null,
  blockNumber: bigint,
): Promise<V3PositionFinding> {
  const managers = POSITION_MANAGERS[chainId] ?? [];
  const notListed = (why: string): V3PositionFinding => ({
    status: 'not_supported',
    deployer,
    deployerShare: null,
    positionsRead: 0,
    how: `${why} so the owners of its positions are not read.`,
  });
  if (managers.length === 0) return notListed('No position manager is listed for this network yet,');
  const factory = await read<Address>(client, pool, poolAbi, 'factory', [], blockNumber);
  if (!factory)
    return {
      status: 'unknown',
      deployer,
      deployerShare: null,
      positionsRead: 0,
      how: 'The pool did not answer factory() as a Uniswap V3 pool does.',
    };
  const factories = await Promise.all(
    managers.map((m) => read<Address>(client, m.address, npmAbi, 'factory', [], blockNumber)),
  );
  const npm = managers.find((_, i) => factories[i]?.toLowerCase() === factory.toLowerCase());
  if (!npm) return notListed(`No listed position manager belongs to this pool's factory (${factory}),`);
  const base = `The pool's liquidity() and slot0() tick at this block; the deployer's NFTs of the ${npm.name} (${npm.address}, whose factory() is the pool's) by tokenOfOwnerByIndex, each one's positions(): those of this pool whose range holds the current tick.`;
  if (!deployer)
    return {
      status: 'unknown',
      deployer,
      deployerShare: null,
      positionsRead: 0,
      how: `${base} The deployer is not known yet (it is found while the holders are indexed).`,
    };
  const [token0, token1, fee, liquidity, slot0] = await Promise.all([
    read<Address>(client, pool, poolAbi, 'token0', [], blockNumber),
    read<Address>(client, pool, poolAbi, 'token1', [], blockNumber),
    read<number>(client, pool, poolAbi, 'fee', [], blockNumber),
    read<bigint>(client, pool, poolAbi, 'liquidity', [], blockNumber),
    read<readonly [bigint, number]>(client, pool, poolAbi, 'slot0', [], blockNumber),
  ]);
  if (!token0 || !token1 || fee === null || liquidity === null || !slot0) {
    return {
      status: 'unknown',
      deployer,
      deployerShare: null,
      positionsRead: 0,
      how: `${base} The pool did not answer as a Uniswap V3 pool.`,
    };
  }
  const tick = slot0[1];
  const owned = await rawCall(client, {
    to: npm.address,
    data: encodeFunctionData({ abi: npmAbi, functionName: 'balanceOf', args: [deployer] }),
    blockNumber,
  });
  if (owned.kind === 'failed') throw owned.error;
  const count = owned.kind === 'ok' ? uintWord(owned.data) : null;
  if (count === null)
    return {
      status: 'unknown',
      deployer,
      deployerShare: null,
      positionsRead: 0,
      how: `${base} The position manager did not answer balanceOf.`,
    };
  const n = Number(count > BigInt(MAX_DEPLOYER_POSITIONS) ? BigInt(MAX_DEPLOYER_POSITIONS) : count);
  const ids = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      read<bigint>(client, npm.address, npmAbi, 'tokenOfOwnerByIndex', [deployer, BigInt(i)], blockNumber),
    ),
  );
  const positions = await Promise.all(
    ids.map((id) =>
      id === null
        ? null
        : read<readonly [bigint, Address, Address, Address, number, number, number, bigint]>(
            client,
            npm.address,
            npmAbi,
            'positions',
            [id],
            blockNumber,
          ),
    ),
  );
  let part = 0n;
  for (const p of positions) {
    if (!p) continue;
    const [, , t0, t1, f, lower, upper, l] = p;
    if (t0.toLowerCase() !== token0.toLowerCase() || t1.toLowerCase() !== token1.toLowerCase() || f !== fee) continue;
    if (lower <= tick && tick < upper) part += l;
  }
  const capped =
    count > BigInt(MAX_DEPLOYER_POSITIONS)
      ? ` Only the first ${MAX_DEPLOYER_POSITIONS} of the deployer's ${count} NFTs were read.`
      : '';
  return {
    status: 'measured',
    deployer,
    deployerShare: { part: part > liquidity ? liquidity : part, total: liquidity },
    positionsRead: n,
    how: `${base}${capped}`,
  };
}
