import { api, TOP_TRADERS_LIMIT, type TopTraders, type TraderRange } from '@tokendesk/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formatUnits } from 'viem';
import { workspaceData } from '../../plugins/workspace-access';
import { queryRows, type Db } from '../../db/client';
import type { PoolRow, ProjectRow } from '../../db/schema';
import { ownedPoolWithProject } from '../../domain/tenancy';
import { toChecksumAddress } from '../../lib/addresses';
import { notFound } from '../../lib/http-errors';
import { DAY_MS } from '../../market/pool-figures';
import { route } from '../../plugins/endpoint-routes';

const RANGE_MS: Record<TraderRange, number> = { '24h': DAY_MS, '7d': 7 * DAY_MS };

interface TraderRow {
  trader: string;
  buys: number | string;
  sells: number | string;
  volume: string;
  bought: string;
  sold: string;
}

/**
 * The pool's swaps after `since` grouped by sender (decision 0033), largest paired-token volume
 * first, in one statement over the (network, pool, block time) index; and how many swaps of the
 * range have no sender read yet. A Buy takes the project token out of the pool, as the activity
 * list counts it, so the project side's signed amount says which a swap was. Buys, sells and unread
 * swaps are transactions, volumes the sums of their fills (decision 0078).
 */
async function topTraders(db: Db, pool: PoolRow, since: Date): Promise<{ rows: TraderRow[]; unread: number }> {
  const project = sql.raw(pool.projectIsToken0 ? 'e.amount0' : 'e.amount1');
  const paired = sql.raw(pool.projectIsToken0 ? 'e.amount1' : 'e.amount0');
  const range = sql`e.network_id = ${pool.networkId} and e.pool_address = ${pool.poolAddress} and e.type = 'swap' and e.block_time > ${since.toISOString()}::timestamptz`;
  const [rows, [unread]] = await Promise.all([
    queryRows<TraderRow>(
      db,
      sql`select e.trader,
            count(distinct e.tx_hash) filter (where ${project} < 0) as buys,
            count(distinct e.tx_hash) filter (where ${project} >= 0) as sells,
            sum(abs(${paired}))::text as volume,
            coalesce(sum(-${project}) filter (where ${project} < 0), 0)::text as bought,
            coalesce(sum(${project}) filter (where ${project} >= 0), 0)::text as sold
          from pool_events e
          where ${range} and e.trader is not null
          group by e.trader
          order by sum(abs(${paired})) desc, e.trader
          limit ${TOP_TRADERS_LIMIT}`,
    ),
    queryRows<{ n: number | string }>(
      db,
      sql`select count(distinct e.tx_hash) as n from pool_events e where ${range} and e.trader is null`,
    ),
  ]);
  return { rows, unread: Number(unread?.n ?? 0) };
}

function toApiTraders(
  range: TraderRange,
  pool: PoolRow,
  project: ProjectRow,
  rows: TraderRow[],
  unread: number,
): TopTraders {
  const projectUnits = (raw: bigint) => formatUnits(raw, project.tokenDecimal);
  return {
    range,
    traders: rows.map((r) => {
      const bought = BigInt(r.bought);
      const sold = BigInt(r.sold);
      return {
        address: toChecksumAddress(r.trader),
        buys: Number(r.buys),
        sells: Number(r.sells),
        volume: formatUnits(BigInt(r.volume), pool.pairedTokenDecimals),
        bought: projectUnits(bought),
        sold: projectUnits(sold),
        net: projectUnits(bought - sold),
      };
    }),
    complete: unread === 0,
    unread_swaps: unread,
  };
}

export const traderRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, api.traders.list, async (request): Promise<TopTraders> => {
    const owned = await ownedPoolWithProject(app.db, workspaceData(request).user.id, request.params.id);
    if (!owned) throw notFound('Pool not found.');
    const { range } = request.query;
    const { rows, unread } = await topTraders(app.db, owned.pool, new Date(Date.now() - RANGE_MS[range]));
    return toApiTraders(range, owned.pool, owned.project, rows, unread);
  });
};
