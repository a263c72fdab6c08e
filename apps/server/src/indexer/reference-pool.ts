import type { Address } from 'viem';
import type { ChainService } from '../chain/chain-service';
import { withDeadline } from '../chain/client';
import type { NetworkConfig } from '../chain/networks';
import type { TrackedPool } from '../chain/pool-state';
import { readReferencePools } from '../chain/reference-pools';
import { adapterOf } from '../chain/dex/registry';
import type { Db } from '../db/client';
import { normalizeAddress } from '../lib/addresses';
import { deepestReferencePool } from '../market/usd/reference-choice';
import { recordReferencePool, storedReferencePool } from './reference-store';

/** After a failed or fruitless choice (no pool deep enough), the next try waits this long: three calls, not three per tick. */
const RETRY_MS = 10 * 60_000;

/**
 * The network's reference pool (decision 0064): the wrapped native's deepest pool against a USD
 * stablecoin, the one the live USD route uses, indexed with the tracked pools so that each of its
 * swaps is a past USD rate. It is chosen once (three RPC calls) and then kept, so the rate history
 * comes from one pool. It is indexed only while some tracked pool is paired with the wrapped native
 * or the native coin: a network whose pools all pair with stablecoins needs no rates.
 */
export class ReferencePoolKeeper {
  private retryAt = 0;

  constructor(
    private readonly db: Db,
    private readonly chain: ChainService,
    private readonly network: NetworkConfig,
    private readonly minLiquidityUsd: number,
    private readonly onRequest?: (method: string) => void,
  ) {}

  /** The reference pool to index beside `tracked`, or null when none is needed or none qualifies. */
  async poolFor(tracked: readonly TrackedPool[]): Promise<TrackedPool | null> {
    const native = this.network.tokens.find((t) => t.wrappedNative);
    const stables = this.network.tokens.filter((t) => t.usdPegged);
    if (!native || stables.length === 0) return null;
    const valued = new Set(
      this.network.tokens.filter((t) => t.wrappedNative || t.native).map((t) => normalizeAddress(t.address)),
    );
    const needed = tracked.some(
      (p) => valued.has(normalizeAddress(p.token0)) || valued.has(normalizeAddress(p.token1)),
    );
    if (!needed) return null;
    let row = await storedReferencePool(this.db, this.network.id);
    if (!row && Date.now() >= this.retryAt) {
      this.retryAt = Date.now() + RETRY_MS;
      this.onRequest?.('eth_call');
      const read = await withDeadline(this.network, () =>
        readReferencePools(
          this.chain.client(this.network),
          this.network.multicall3,
          this.network.dexes,
          native,
          stables,
        ),
      );
      const best = deepestReferencePool(read.pools, native, stables, this.minLiquidityUsd);
      if (best) {
        row = await recordReferencePool(this.db, {
          networkId: this.network.id,
          poolAddress: normalizeAddress(best.pool.address),
          poolVersion: adapterOf(best.pool.dex).version,
          baseAddress: normalizeAddress(native.address),
          baseSymbol: native.symbol,
          baseDecimals: native.decimals,
          stableAddress: normalizeAddress(best.stable.address),
          stableSymbol: best.stable.symbol,
          stableDecimals: best.stable.decimals,
          baseIsToken0: best.pool.baseIsToken0,
          label: best.label,
          chosenBlock: read.blockNumber,
        });
      }
    }
    if (!row) return null;
    const [token0, token1] = row.baseIsToken0
      ? [row.baseAddress, row.stableAddress]
      : [row.stableAddress, row.baseAddress];
    return {
      address: row.poolAddress as Address,
      version: row.poolVersion,
      token0: token0 as Address,
      token1: token1 as Address,
    };
  }
}
