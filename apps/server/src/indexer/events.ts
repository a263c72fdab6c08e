import { decodeEventLog, parseAbi, toEventSelector, type Hex, type Log } from 'viem';

/**
 * Pool events, V2 and V3 (and PancakeSwap V3's wider Swap). Amounts are normalised to the pool's
 * point of view: signed, positive into the pool.
 */
const v2 = parseAbi([
  'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
  'event Mint(address indexed sender, uint256 amount0, uint256 amount1)',
  'event Burn(address indexed sender, uint256 amount0, uint256 amount1, address indexed to)',
  'event Sync(uint112 reserve0, uint112 reserve1)',
]);
const v3 = parseAbi([
  'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)',
  'event Mint(address sender, address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)',
  'event Burn(address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)',
]);
const pancakeV3 = parseAbi([
  'event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint128 protocolFeesToken0, uint128 protocolFeesToken1)',
]);

const ALL = [...v2, ...v3, ...pancakeV3];
/** topic0 of every event we read, for the eth_getLogs filter. */
export const EVENT_TOPICS: Hex[] = [...new Set(ALL.map((e) => toEventSelector(e)))];
const SYNC_TOPIC = toEventSelector(v2[3]!);
const abiByTopic = new Map<Hex, typeof ALL>();
for (const e of ALL) abiByTopic.set(toEventSelector(e), [e] as unknown as typeof ALL);

export interface DecodedEvent {
  kind: 'event';
  type: 'swap' | 'mint' | 'burn';
  amount0: bigint;
  amount1: bigint;
  sqrtPriceX96: bigint | null;
}
export interface DecodedSync {
  kind: 'sync';
  reserve0: bigint;
  reserve1: bigint;
}

/** Null for logs that are not ours (a non-pool contract, or an event we do not track). */
export function decodePoolLog(log: Pick<Log, 'topics' | 'data'>): DecodedEvent | DecodedSync | null {
  const topic = log.topics[0];
  if (!topic) return null;
  const abi = abiByTopic.get(topic);
  if (!abi) return null;
  let decoded;
  try {
    decoded = decodeEventLog({ abi, topics: log.topics as [Hex, ...Hex[]], data: log.data, strict: true });
  } catch {
    return null; // same topic, different shape: not a pool we understand
  }
  const a = decoded.args as Record<string, bigint>;
  if (topic === SYNC_TOPIC) return { kind: 'sync', reserve0: a.reserve0!, reserve1: a.reserve1! };
  switch (decoded.eventName) {
    case 'Swap':
      if ('amount0In' in a) {
        return { kind: 'event', type: 'swap', amount0: a.amount0In! - a.amount0Out!, amount1: a.amount1In! - a.amount1Out!, sqrtPriceX96: null };
      }
      return { kind: 'event', type: 'swap', amount0: a.amount0!, amount1: a.amount1!, sqrtPriceX96: a.sqrtPriceX96! };
    case 'Mint':
      return { kind: 'event', type: 'mint', amount0: a.amount0!, amount1: a.amount1!, sqrtPriceX96: null };
    case 'Burn':
      return { kind: 'event', type: 'burn', amount0: -a.amount0!, amount1: -a.amount1!, sqrtPriceX96: null };
    default:
      return null;
  }
}
