import type { ActivityEvent } from '@tokendesk/contract';
import type { NetworkRegistry } from '../../chain/networks';
import { poolLabelOf } from '../../market/pool-label';
import { toActivityEvent } from '../../market/pool-view';
import type { ActivityRow } from './repository';

/** An activity row as the API shows it; the pool's label comes from the row's own join (pools, projects): no query per row. */
export function toApiActivityEvent(registry: NetworkRegistry, row: ActivityRow): ActivityEvent | null {
  const event = toActivityEvent(row.side, row.poolId, row.event, row.poolVersion);
  return event && { ...event, pool_label: poolLabelOf(registry, row) };
}
