import { formatUsdCompact, type Pool } from '@tokendesk/contract';
import { ChevronRight } from 'lucide-react';
import { Logo } from '../../../components/logo';
import { RowLink } from '../../../components/row-link';
import { UsdFigure } from '../../../components/usd-figure';
import { formatAmount, pairLabel } from '../../../lib/format';
import { PoolIdentityText } from '../../../components/pool-identity';
import { DexLabel, PoolNetworkLabel } from './pool-label';
import { paths } from '../../../lib/paths';

/** Product §2.11: paired-token reserve with at most 4 decimals. */
const LIST_AMOUNT = { maxDecimals: 4 } as const;

export function PoolsList({ pools }: { pools: Pool[] }) {
  return (
    <div className="@container">
      <div
        aria-hidden="true"
        className="hidden grid-cols-[minmax(0,1.3fr)_minmax(0,1.1fr)_minmax(0,1.2fr)_minmax(0,1.2fr)_minmax(0,0.9fr)_1rem] @5xl:grid-cols-[minmax(0,1.3fr)_minmax(0,1.1fr)_minmax(0,0.9fr)_minmax(0,1.2fr)_minmax(0,1.2fr)_minmax(0,0.9fr)_1rem] gap-4 border-b border-slate-100 px-6 py-2.5 text-xs font-medium tracking-wide text-slate-500 uppercase @3xl:grid"
      >
        <span>Pool</span>
        <span>DEX · Network</span>
        <span className="hidden @5xl:block">Address</span>
        <span className="text-right">Pool Balance</span>
        <span className="text-right">Project Token</span>
        <span className="text-right" title="Liquidity and price in USD">
          In USD
        </span>
        <span />
      </div>
      <ul className="divide-y divide-slate-100" aria-label="Funds">
        {pools.map((pool) => {
          const label = pairLabel(pool.project.token_symbol, pool.token.symbol);
          return (
            <li
              key={pool.id}
              className="relative grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-2 px-5 py-4 transition-colors hover:bg-slate-50 sm:px-6 @3xl:grid-cols-[minmax(0,1.3fr)_minmax(0,1.1fr)_minmax(0,1.2fr)_minmax(0,1.2fr)_minmax(0,0.9fr)_1rem] @5xl:grid-cols-[minmax(0,1.3fr)_minmax(0,1.1fr)_minmax(0,0.9fr)_minmax(0,1.2fr)_minmax(0,1.2fr)_minmax(0,0.9fr)_1rem]"
            >
              <div className="flex min-w-0 items-center gap-3">
                <Logo src={pool.token.token_logo} name={pool.token.symbol} size="md" />
                <div className="min-w-0">
                  <RowLink to={paths.pool(pool.id)}>{label}</RowLink>
                  <p className="truncate text-xs text-slate-500">{pool.project.name}</p>
                  {/* Between the phone layout and the widest one the address has no column of its own. */}
                  <p className="hidden truncate text-xs text-slate-500 @3xl:block @5xl:hidden">
                    <PoolIdentityText pool={pool} />
                  </p>
                </div>
              </div>
              <div className="col-span-2 row-start-2 flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600 @3xl:col-span-1 @3xl:row-start-auto @3xl:text-sm">
                <DexLabel dex={pool.dex} />
                <PoolNetworkLabel network={pool.network} className="text-slate-500" />
              </div>
              <PoolIdentityText
                pool={pool}
                className="col-span-2 row-start-3 text-xs text-slate-500 @3xl:hidden @5xl:col-span-1 @5xl:row-start-auto @5xl:block @5xl:text-sm"
              />
              <div className="col-start-2 row-start-1 text-right @3xl:col-start-auto @3xl:row-start-auto">
                <p className="text-sm font-semibold text-slate-900 tabular-nums">
                  {formatAmount(pool.pool_funds?.amount_token, LIST_AMOUNT)}{' '}
                  <span className="font-medium text-slate-500">{pool.token.symbol}</span>
                </p>
                <p className="text-xs text-slate-500 tabular-nums @3xl:hidden">
                  {formatAmount(pool.pool_funds?.amount_project_token, LIST_AMOUNT)} {pool.project.token_symbol}
                </p>
              </div>
              <p className="hidden text-right text-sm text-slate-700 tabular-nums @3xl:block">
                {formatAmount(pool.pool_funds?.amount_project_token, LIST_AMOUNT)}{' '}
                <span className="text-slate-500">{pool.project.token_symbol}</span>
              </p>
              <UsdCells pool={pool} />
              <ChevronRight className="hidden h-4 w-4 text-slate-400 @3xl:block" aria-hidden="true" />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * Liquidity and price in USD (docs/decisions/0032), each with its route on hover; '—' with the
 * reason on hover without a USD route. A line of its own on a phone, a right-aligned column wide.
 */
function UsdCells({ pool }: { pool: Pool }) {
  const reason = pool.usd_unavailable_reason;
  return (
    <div
      className="relative z-10 col-span-2 row-start-4 flex flex-wrap items-baseline gap-x-3 text-xs text-slate-500 @3xl:col-span-1 @3xl:row-start-auto @3xl:flex-col @3xl:items-end @3xl:gap-0"
      data-testid="fund-usd"
    >
      <span className="inline-flex items-baseline gap-1">
        <span className="@3xl:sr-only">Liquidity</span>
        <UsdFigure
          value={pool.liquidity_usd}
          source={pool.usd}
          reason={reason}
          reasonAs="title"
          format={formatUsdCompact}
          className="text-sm font-semibold text-slate-900"
        />
      </span>
      <span className="inline-flex items-baseline gap-1">
        <span className="@3xl:sr-only">Price</span>
        <UsdFigure value={pool.price_usd} source={pool.usd} reason={reason} reasonAs="title" />
      </span>
    </div>
  );
}
