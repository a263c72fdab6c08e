import type { PoolShape } from '@tokendesk/contract';
import { familyOf, type DexFamily, type DexVersion } from '../chain/networks';
import type { PoolFacts } from '../chain/dex/types';
import { adapterOf } from '../chain/dex/registry';
import { toChecksumAddress } from '../lib/addresses';

/**
 * What the API shows about a stored pool's shape (fee, stable, tick spacing, bin step, plugin), from
 * its family's adapter. Here, below the features, because attached pools (features/pools) and the
 * pools the new-pool watch found (features/discovered-pools) answer it alike.
 */
export type StoredPool = {
  poolVersion: DexVersion;
  poolAddress: string;
  fee: number | null;
  tickSpacing: number | null;
  hooks: string | null;
  stable?: boolean | null;
  binStep?: number | null;
};
/** What the pool's family says the UI shows about it (chain/dex/*: fee, tick spacing, hooks …). */
export const factsOf = (row: StoredPool) => adapterOf({ version: row.poolVersion }).facts(row);

/** The family's facts as the API's PoolShape (decision 0067): what the family has not is null. */
export function presentShape(facts: PoolFacts, family: DexFamily): PoolShape {
  return {
    stable: facts.stable ?? null,
    tick_spacing: facts.tickSpacing ?? null,
    bin_step: facts.binStep ?? null,
    dynamic_fee: facts.dynamicFee === true,
    // Only Algebra's hooks column is a plugin; V4's hooks are answered in v4.hooks.
    plugin: family === 'algebra' && facts.hooks && BigInt(facts.hooks) !== 0n ? toChecksumAddress(facts.hooks) : null,
  };
}
export const shapeOf = (row: StoredPool) => presentShape(factsOf(row), familyOf({ version: row.poolVersion }));
export const feeOf = (row: StoredPool) => factsOf(row).fee;
