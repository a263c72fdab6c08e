import { shortenAddress } from '@tokendesk/contract';
import { cn } from '../lib/cn';
import { isPoolIdVersion, poolFactLabels, poolFeeText, poolPlugin, type PoolFactsInput } from '../lib/pool-family';
import { Badge } from './ui/badge';

/**
 * What names a pool on screen. V2/V3 pools are contracts with an address; a Uniswap V4 pool has no
 * address of its own — the network's PoolManager holds it — and is named by its pool id
 * (keccak256 of its key), which the API returns in pool_address (docs/decisions/0041, 0042).
 * Shared by the pool, project and fund screens, so it lives outside the features.
 */
interface PoolLike extends PoolFactsInput {
  pool_address: string;
  v4?: { dynamic_fee: boolean; launchpad?: string | null } | null;
  /** A found pool carries its launchpad at the top, an attached one in v4. */
  launchpad?: string | null;
}

export const isV4Pool = (pool: Pick<PoolLike, 'pool_version'>): boolean => isPoolIdVersion(pool.pool_version);

/** 'Pool ID' for a V4 pool, 'Pool address' otherwise. */
export const poolIdentityLabel = (pool: Pick<PoolLike, 'pool_version'>): string =>
  isV4Pool(pool) ? 'Pool ID' : 'Pool address';

/**
 * The fee as shown next to a pool: its tier ('0.3%'), 'Dynamic fee' where the pool sets the fee of
 * each swap (a V4 hook, an Algebra pool), null for V2 (its fee is fixed by the DEX). The family rules
 * are in lib/pool-family.
 */
export const poolFeeLabel = (pool: PoolFactsInput): string | null => poolFeeText(pool);

/**
 * 'Clanker pool' for a V4 pool made by a launchpad's hook (decision 0063): the server names the
 * launchpad only for hooks the launchpad's own repository lists, so the label is never a guess.
 */
export function poolLaunchpadLabel(pool: Pick<PoolLike, 'pool_version' | 'v4' | 'launchpad'>): string | null {
  if (!isV4Pool(pool)) return null;
  const name = pool.v4?.launchpad ?? pool.launchpad ?? null;
  return name ? `${name} pool` : null;
}

/**
 * The shortened address or pool id in monospace, the full value on hover. A V4 id reads 'ID 0x1234…'
 * so it is not taken for an address (an explorer would not find it).
 */
export function PoolIdentityText({
  pool,
  className,
}: {
  pool: Pick<PoolLike, 'pool_address' | 'pool_version'>;
  className?: string;
}) {
  const v4 = isV4Pool(pool);
  return (
    <span className={cn('font-mono', className)} title={v4 ? `Pool ID ${pool.pool_address}` : pool.pool_address}>
      {v4 && <span className="font-sans">ID </span>}
      {shortenAddress(pool.pool_address)}
    </span>
  );
}

/**
 * A pool row's small badges: its fee, its family's shape ('Stable pool', 'Tick spacing 200',
 * 'Bin step 25 (0.25%)'), its launchpad, and 'Plugin' for an Algebra pool with one (a plugin can
 * change fees, as a V4 hook can).
 */
export function PoolFactBadges({ pool }: { pool: PoolLike }) {
  const launchpad = poolLaunchpadLabel(pool);
  const small = 'px-1.5 py-0 text-[10px]';
  return (
    <>
      {poolFactLabels(pool).map((label) => (
        <Badge key={label} className={small}>
          {label}
        </Badge>
      ))}
      {launchpad && (
        <Badge tone="info" className={small}>
          {launchpad}
        </Badge>
      )}
      {poolPlugin(pool) && (
        <Badge tone="warning" className={small} title={`Plugin ${poolPlugin(pool)}`}>
          Plugin
        </Badge>
      )}
    </>
  );
}
