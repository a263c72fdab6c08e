import type { TokenHealth, TokenLiquiditySafety, TokenTradeSimulation } from '@tokendesk/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Address, PublicClient } from 'viem';
import type { NetworkConfig } from '../../chain/networks';
import { readTokenHealth, type HealthPoolInput } from '../../chain/token-health/read-token-health';
import type { Db } from '../../db/client';
import { pools, tokenHolderSync, type PoolRow, type ProjectRow } from '../../db/schema';
import { presentPoolAddress, toChecksumAddress } from '../../lib/addresses';

/** Pool versions whose pool is its own LP token with getReserves() and swap(): simulated and measured here. */
const LP_STYLE_VERSIONS = new Set<PoolRow['poolVersion']>(['v2', 'camelot-v2', 'solidly']);
/** Pools per card: the project's first ones by id; a card must not fan out into hundreds of simulations. */
export const HEALTH_POOLS_MAX = 10;

/** Every address answered EIP-55 checksummed, as in every route (decision 0027). */
const checksum = (a: string | null) => (a === null ? null : toChecksumAddress(a));
const pct = (bps: number | null) => (bps === null ? null : bps / 100);
/** A share of `total` in %, to 2 decimals, rounded down so a share is never shown larger than it is. */
const sharePct = (part: bigint, total: bigint) => (total === 0n ? 0 : Number((part * 10_000n) / total) / 100);

export async function tokenHealth(
  db: Db,
  client: PublicClient,
  network: NetworkConfig,
  project: ProjectRow,
): Promise<TokenHealth> {
  const rows = await db
    .select()
    .from(pools)
    .where(and(eq(pools.projectId, project.id), eq(pools.userId, project.userId)))
    .orderBy(asc(pools.id))
    .limit(HEALTH_POOLS_MAX);
  const dexName = (row: PoolRow) => network.dexes.find((d) => d.id === row.dexId)?.name ?? row.dexId;
  const inputs: HealthPoolInput[] = rows.map((row) => ({
    id: row.id,
    address: row.poolAddress as Address,
    // A V4 pool id is not an address: never treated as one.
    lpStyle: LP_STYLE_VERSIONS.has(row.poolVersion) && /^0x[0-9a-f]{40}$/.test(row.poolAddress),
    v3: row.poolVersion === 'v3' && /^0x[0-9a-f]{40}$/.test(row.poolAddress),
    paired: row.pairedTokenAddress as Address,
    pairedSymbol: row.pairedTokenSymbol,
  }));
  // The deployer as the holder indexer found it (the deployment transaction's sender); null until then.
  const [sync] = await db
    .select({ deployer: tokenHolderSync.deployer })
    .from(tokenHolderSync)
    .where(
      and(eq(tokenHolderSync.networkId, project.networkId), eq(tokenHolderSync.tokenAddress, project.contractAddress)),
    )
    .limit(1);
  const deployer = sync?.deployer && /^0x[0-9a-fA-F]{40}$/.test(sync.deployer) ? (sync.deployer as Address) : null;
  const read = await readTokenHealth(client, network.chainId, project.contractAddress as Address, inputs, deployer);
  const positionsOf = new Map(read.positions.map((p) => [p.poolId, p.finding]));
  const block = read.block.toString();
  const byId = new Map(rows.map((r) => [r.id, r]));

  const trading: TokenTradeSimulation[] = read.trading.map(({ poolId, finding }) => {
    const row = byId.get(poolId)!;
    const base = {
      pool_id: poolId,
      pool_address: presentPoolAddress(row.poolAddress),
      dex_name: dexName(row),
      paired_symbol: row.pairedTokenSymbol,
      block,
    };
    if (!finding) {
      return {
        ...base,
        status: 'not_simulated',
        buy_tax_pct: null,
        sell_tax_pct: null,
        how: `Trades are simulated for V2-style and Solidly pools; this ${dexName(row)} pool is not simulated yet.`,
      };
    }
    return {
      ...base,
      status: finding.status,
      buy_tax_pct: pct(finding.buyTaxBps),
      sell_tax_pct: pct(finding.sellTaxBps),
      how: finding.how,
    };
  });

  const liquidity: TokenLiquiditySafety[] = read.liquidity.map(({ poolId, finding }) => {
    const row = byId.get(poolId)!;
    const base = {
      pool_id: poolId,
      pool_address: presentPoolAddress(row.poolAddress),
      dex_name: dexName(row),
      paired_symbol: row.pairedTokenSymbol,
      block,
    };
    const none = { burned_pct: null, locked_pct: null, locks: [], deployer: null, deployer_in_range_pct: null };
    const v3 = positionsOf.get(poolId);
    if (!finding && v3) {
      return {
        ...base,
        ...none,
        status: v3.status,
        deployer: checksum(v3.deployer),
        deployer_in_range_pct: v3.deployerShare ? sharePct(v3.deployerShare.part, v3.deployerShare.total) : null,
        how: v3.how,
      };
    }
    if (!finding) {
      return {
        ...base,
        ...none,
        status: 'not_supported',
        how: `This ${dexName(row)} pool has no LP token: its liquidity is in positions, whose owners are not read yet.`,
      };
    }
    const total = finding.totalSupply ?? 0n;
    return {
      ...base,
      status: finding.status,
      burned_pct: finding.burned === null ? null : sharePct(finding.burned, total),
      locked_pct: finding.locked === null ? null : sharePct(finding.locked, total),
      locks: finding.locks.map((l) => ({
        locker_name: l.lockerName,
        locker_address: toChecksumAddress(l.lockerAddress),
        share_pct: sharePct(l.amount, total),
        unlock_at: l.unlockAt?.toISOString() ?? null,
      })),
      deployer: null,
      deployer_in_range_pct: null,
      how: finding.how,
    };
  });

  return {
    project_id: project.id,
    token: toChecksumAddress(project.contractAddress),
    block,
    ownership: { ...read.ownership, owner: checksum(read.ownership.owner), block },
    privileged: {
      status: read.privileged.status,
      functions: read.privileged.functions.map((f) => ({ ...f })),
      block,
      how: read.privileged.how,
    },
    proxy: {
      ...read.proxy,
      implementation: checksum(read.proxy.implementation),
      admin: checksum(read.proxy.admin),
      beacon: checksum(read.proxy.beacon),
      block,
    },
    trading,
    liquidity,
  };
}
