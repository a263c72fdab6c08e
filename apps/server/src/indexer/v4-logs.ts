import { decodeEventLog, type Address, type Hex, type Log, type PublicClient } from 'viem';
import { isV4Dex, type NetworkConfig, type V4DexConfig } from '../chain/networks';
import { v4PoolManagerEvents, V4_INITIALIZE_TOPIC, V4_POOL_EVENT_TOPICS } from '../chain/v4-abis';
import { liquidityAmounts } from '../chain/v4-math';
import { readV4States } from '../chain/v4-pools';
import { isPoolId } from '../lib/addresses';
import type { DecodedEvent } from './events';
import { getLogsChunked } from './get-logs';
import type { SkippedItem } from './skipped-items';

/*
 * Uniswap V4 activity for the pool indexer (docs/decisions/0042). Every V4 pool's events come from
 * the network's one PoolManager, told apart by topic 1 (the pool id): one eth_getLogs with an
 * OR-list of the tracked ids per chunk, paged like the V2/V3 logs. Stored in pool_events in the
 * V3 convention (the pool's side, positive into the pool), so buy/sell, volume, candles and alerts
 * need no V4 case.
 */

export const v4DexOf = (network: NetworkConfig): V4DexConfig | undefined => network.dexes.find(isV4Dex);

/** Which tracked "addresses" are V4 pool ids. */
export const splitV4 = (addresses: readonly Address[]) => ({
  factory: addresses.filter((a) => !isPoolId(a)),
  v4: addresses.filter((a) => isPoolId(a)) as Hex[],
});

/**
 * Swap, ModifyLiquidity and Initialize logs of the given pools (Initialize only gives a range's
 * first price; it is never stored as an event). Ids go as topic-1 OR-lists of `maxIds` each.
 */
export async function v4PoolLogs(
  client: PublicClient,
  dex: V4DexConfig,
  ids: readonly Hex[],
  from: bigint,
  to: bigint,
  options: { maxRange: bigint; maxIds: number; onRequest?: () => void },
): Promise<Log[]> {
  const logs: Log[] = [];
  for (let i = 0; i < ids.length; i += options.maxIds) {
    const chunk = ids.slice(i, i + options.maxIds);
    const found = await getLogsChunked(
      client,
      [dex.poolManager],
      [...V4_POOL_EVENT_TOPICS, V4_INITIALIZE_TOPIC],
      from,
      to,
      {
        maxRange: options.maxRange,
        maxAddresses: 1,
        moreTopics: [chunk],
        onRequest: options.onRequest,
      },
    );
    logs.push(...found.logs);
  }
  return logs;
}

type V4Log =
  | { event: 'Initialize'; id: Hex; sqrtPriceX96: bigint }
  | { event: 'Swap'; id: Hex; amount0: bigint; amount1: bigint; sqrtPriceX96: bigint }
  | { event: 'ModifyLiquidity'; id: Hex; tickLower: number; tickUpper: number; liquidityDelta: bigint }
  | { event: 'Donate'; id: Hex };

function decodeV4(log: Pick<Log, 'topics' | 'data'>): V4Log | null {
  try {
    const d = decodeEventLog({
      abi: v4PoolManagerEvents,
      topics: log.topics as [Hex, ...Hex[]],
      data: log.data,
      strict: true,
    });
    const id = d.args.id.toLowerCase() as Hex;
    switch (d.eventName) {
      case 'Initialize':
        return { event: 'Initialize', id, sqrtPriceX96: d.args.sqrtPriceX96 };
      case 'Swap':
        return {
          event: 'Swap',
          id,
          amount0: d.args.amount0,
          amount1: d.args.amount1,
          sqrtPriceX96: d.args.sqrtPriceX96,
        };
      case 'ModifyLiquidity':
        return {
          event: 'ModifyLiquidity',
          id,
          tickLower: Number(d.args.tickLower),
          tickUpper: Number(d.args.tickUpper),
          liquidityDelta: d.args.liquidityDelta,
        };
      case 'Donate':
        return { event: 'Donate', id };
    }
  } catch {
    return null;
  }
}

const big = (v: unknown) => BigInt(v as string);
export const logKey = (log: Pick<Log, 'transactionHash' | 'logIndex'>) =>
  `${String(log.transactionHash).toLowerCase()}:${Number(big(log.logIndex))}`;

export interface V4Decoded {
  /** By logKey: the event to store and the pool id it belongs to; null for logs not stored (Initialize, Donate). */
  events: Map<string, { poolAddress: Hex; event: DecodedEvent } | null>;
  skipped: SkippedItem[];
}

/**
 * The PoolManager logs of one range as pool events:
 * - Swap: amount0/amount1 are the swapper's balance deltas (negative = paid in), so the pool's side
 *   is their negation; sqrtPriceX96 is the price after the swap.
 * - ModifyLiquidity carries a liquidity delta, not amounts: they are derived as Pool.modifyLiquidity
 *   derives them, at the pool's price at that log, which is the last Initialize or Swap of the pool
 *   before it in the range, else StateView's getSlot0 at the end of the previous block (no Swap of
 *   the pool came in between, or it would be in the range). Where that read fails (a node without
 *   the old state), the log is skipped and recorded, never stored with made-up amounts.
 * - Donate is read but not stored (no activity kind shows it; it moves neither price nor liquidity).
 */
export async function decodeV4Logs(client: PublicClient, dex: V4DexConfig, logs: readonly Log[]): Promise<V4Decoded> {
  const sorted = [...logs].sort((a, b) =>
    big(a.blockNumber) === big(b.blockNumber)
      ? Number(big(a.logIndex) - big(b.logIndex))
      : big(a.blockNumber) < big(b.blockNumber)
        ? -1
        : 1,
  );
  const decoded = sorted.map((log) => ({ log, v4: decodeV4(log) }));

  // Liquidity changes with no earlier price in the range: their pool's price at the previous block.
  const price = new Map<Hex, bigint>();
  const needed = new Map<bigint, Set<Hex>>();
  for (const { log, v4 } of decoded) {
    if (!v4) continue;
    if (v4.event === 'Initialize' || v4.event === 'Swap') price.set(v4.id, v4.sqrtPriceX96);
    else if (v4.event === 'ModifyLiquidity' && !price.has(v4.id)) {
      const block = big(log.blockNumber) - 1n;
      const set = needed.get(block) ?? new Set<Hex>();
      set.add(v4.id);
      needed.set(block, set);
      price.set(v4.id, -1n); // asked once: later logs of the pool follow from this one
    }
  }
  const before = new Map<string, bigint | Error>();
  for (const [block, ids] of needed) {
    const list = [...ids];
    try {
      const states = await readV4States(client, dex.stateView, list, block);
      list.forEach((id, i) =>
        before.set(
          `${block}:${id}`,
          states[i]?.sqrtPriceX96 ?? new Error(`StateView getSlot0 failed at block ${block}`),
        ),
      );
    } catch (err) {
      for (const id of list) before.set(`${block}:${id}`, err as Error);
    }
  }

  const events: V4Decoded['events'] = new Map();
  const skipped: SkippedItem[] = [];
  price.clear();
  for (const { log, v4 } of decoded) {
    const key = logKey(log);
    const blockNumber = big(log.blockNumber);
    if (!v4) {
      skipped.push({
        part: 'pools',
        item: key,
        reason: 'undecodable-log',
        error: new Error(`A log of the V4 PoolManager ${String(log.address)} does not decode as a V4 pool event.`),
        blockNumber,
      });
      events.set(key, null);
      continue;
    }
    switch (v4.event) {
      case 'Initialize':
        price.set(v4.id, v4.sqrtPriceX96);
        events.set(key, null);
        break;
      case 'Donate':
        events.set(key, null);
        break;
      case 'Swap':
        price.set(v4.id, v4.sqrtPriceX96);
        events.set(key, {
          poolAddress: v4.id,
          event: {
            kind: 'event',
            type: 'swap',
            amount0: -v4.amount0,
            amount1: -v4.amount1,
            sqrtPriceX96: v4.sqrtPriceX96,
          },
        });
        break;
      case 'ModifyLiquidity': {
        let sqrtPriceX96 = price.get(v4.id);
        if (sqrtPriceX96 === undefined) {
          const read = before.get(`${blockNumber - 1n}:${v4.id}`);
          if (read instanceof Error || read === undefined || read === 0n) {
            skipped.push({
              part: 'pools',
              item: key,
              reason: 'v4-price-unknown',
              error: read instanceof Error ? read : new Error('The pool had no price before this liquidity change.'),
              blockNumber,
            });
            events.set(key, null);
            break;
          }
          sqrtPriceX96 = read;
          price.set(v4.id, read);
        }
        if (v4.liquidityDelta === 0n) {
          events.set(key, null); // a poke: fees collected, no liquidity moved
          break;
        }
        const { amount0, amount1 } = liquidityAmounts(sqrtPriceX96, v4.tickLower, v4.tickUpper, v4.liquidityDelta);
        events.set(key, {
          poolAddress: v4.id,
          event: {
            kind: 'event',
            type: v4.liquidityDelta > 0n ? 'mint' : 'burn',
            amount0,
            amount1,
            sqrtPriceX96: null,
          },
        });
        break;
      }
    }
  }
  return { events, skipped };
}
