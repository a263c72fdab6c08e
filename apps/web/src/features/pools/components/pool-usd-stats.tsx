import { formatUsdCompact, type Pool } from '@tokendesk/contract';
import { CircleDollarSign } from 'lucide-react';
import type { ReactNode } from 'react';
import { UsdFigure, UsdStaleBadge } from '../../../components/usd-figure';
import { Card } from '../../../components/ui/card';
import { UNKNOWN } from '../../../lib/format';
import { usdMissingText } from '../../../lib/usd-text';

/**
 * A 24 h count of the pool answer (buys, sells, unique traders): a number, null while unknown, or
 * undefined when this server does not send the field. Read without assuming the field exists so the
 * card works on either side of the change that adds them.
 */
export function poolCount(pool: Pool, field: 'buys_24h' | 'sells_24h' | 'traders_24h'): number | null | undefined {
  const value: unknown = (pool as Record<string, unknown>)[field];
  if (value === null) return null;
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * The pool in USD (docs/decisions/0032): price, liquidity (both sides valued) and 24 h volume, each
 * with its route and block on hover, and the 24 h buys, sells and unique traders. Without a USD
 * route the figures are '—' and the card says why.
 */
export function PoolUsdStats({ pool }: { pool: Pool }) {
  const counts = (['buys_24h', 'sells_24h', 'traders_24h'] as const).map((field) => poolCount(pool, field));
  const hasCounts = counts.some((count) => count !== undefined);
  const [buys, sells, traders] = counts;
  const figure = (value: string | null, compact = false) => (
    <UsdFigure
      value={value}
      source={pool.usd}
      reason={pool.usd_unavailable_reason}
      reasonAs="title"
      staleBadge={false}
      format={compact ? formatUsdCompact : undefined}
      className="text-lg font-semibold text-slate-900"
    />
  );
  return (
    <Card aria-labelledby="pool-usd-title" data-testid="pool-usd-stats">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-5 py-3 sm:px-6">
        <h2 id="pool-usd-title" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <CircleDollarSign className="h-4 w-4 text-indigo-600" aria-hidden="true" />
          In USD
        </h2>
        {pool.usd?.stale && <UsdStaleBadge />}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-4 px-5 py-4 sm:grid-cols-3 sm:px-6 lg:grid-cols-6">
        <Stat label="Price (USD)">{figure(pool.price_usd)}</Stat>
        <Stat label="Liquidity">{figure(pool.liquidity_usd, true)}</Stat>
        <Stat label="Volume 24h">{figure(pool.volume_24h_usd, true)}</Stat>
        {hasCounts && (
          <>
            <Stat label="Buys 24h">
              <Count value={buys} testId="pool-buys-24h" />
            </Stat>
            <Stat label="Sells 24h">
              <Count value={sells} testId="pool-sells-24h" />
            </Stat>
            <Stat label="Traders 24h">
              <Count value={traders} testId="pool-traders-24h" />
            </Stat>
          </>
        )}
      </dl>
      {pool.price_usd === null && (
        <p className="border-t border-slate-100 px-5 py-3 text-xs text-slate-600 sm:px-6" data-testid="pool-usd-reason">
          {usdMissingText(pool.usd_unavailable_reason)}
        </p>
      )}
    </Card>
  );
}

function Count({ value, testId }: { value: number | null | undefined; testId: string }) {
  return (
    <span className="text-lg font-semibold text-slate-900 tabular-nums" data-testid={testId}>
      {value === null || value === undefined ? (
        <span className="text-slate-500">{UNKNOWN}</span>
      ) : (
        value.toLocaleString('en-US')
      )}
    </span>
  );
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 min-w-0 break-words">{children}</dd>
    </div>
  );
}
