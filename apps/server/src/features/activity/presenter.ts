import type { ActivityEvent } from '@tokendesk/contract';
import type { NetworkRegistry } from '../../chain/networks';
import { toChecksumAddress } from '../../lib/addresses';
import { poolLabelOf } from '../../market/pool-label';
import { toActivityEvent } from '../../market/pool-view';
import type { ActivityRow } from './repository';

/** An activity row as the API shows it; the pool's label comes from the row's own join (pools, projects): no query per row. */
export function toApiActivityEvent(registry: NetworkRegistry, row: ActivityRow): ActivityEvent | null {
  const event = toActivityEvent(row.side, row.poolId, row.event, row.poolVersion, row.poolStable);
  return (
    event && {
      ...event,
      pool_label: poolLabelOf(registry, row),
      trader: row.event.trader === null ? null : toChecksumAddress(row.event.trader),
    }
  );
}

/**
 * The paired side's value in USD, only where the paired token is a USD stablecoin (networks.ts
 * `usdPegged`): counted at exactly 1 USD, so the value is the amount itself. Anything else would
 * need a past price TokenDesk does not record (decision 0033): null, never today's rate.
 */
export function exactUsdValue(
  registry: NetworkRegistry,
  row: Pick<ActivityRow, 'networkId' | 'tokenId'>,
  event: Pick<ActivityEvent, 'amount_token'>,
): string | null {
  return registry.token(row.networkId, row.tokenId)?.usdPegged ? event.amount_token : null;
}
