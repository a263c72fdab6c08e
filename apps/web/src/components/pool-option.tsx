import type { Pool } from '@tokendesk/contract';
import { pairLabel } from '../lib/format';

/** 'PROJECT/PAIR - DEX': a pool as the selects name it, the format of the alert and activity labels. */
export function poolOptionLabel(pool: Pool): string {
  return `${pairLabel(pool.project.token_symbol, pool.token.symbol)} - ${pool.dex.name}`;
}

/** A pool in a searchable select: its label, then its project and its shortened address. */
export function PoolOption({ pool }: { pool: Pool }) {
  return (
    <>
      <span className="block truncate font-medium">{poolOptionLabel(pool)}</span>
      <span className="block truncate text-xs text-slate-500">
        {pool.project.name} ·{' '}
        <span className="font-mono">
          {pool.pool_address.slice(0, 10)}…{pool.pool_address.slice(-4)}
        </span>
      </span>
    </>
  );
}
