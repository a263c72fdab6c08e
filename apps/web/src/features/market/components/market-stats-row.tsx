import {
  formatAmountCompact,
  formatPriceFull,
  formatUsdCompact,
  type Project,
  type ProjectMarket,
} from '@tokendesk/contract';
import { CircleDollarSign } from 'lucide-react';
import type { ReactNode } from 'react';
import { ChangeValue } from '../../../components/change-value';
import { ErrorState } from '../../../components/status-message';
import { UsdFigure, UsdStaleBadge } from '../../../components/usd-figure';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { UNKNOWN } from '../../../lib/format';
import { useProjectMarket } from '../api/get-project-market';

/**
 * The project's market at a glance (product §2.8): USD price with its 24 h change, liquidity,
 * market cap, FDV, 24 h volume and holders, each USD figure with its route and block on hover.
 * Without a USD route the figures are '—' and the row says why; nothing is estimated.
 */
export function MarketStatsRow({ project }: { project: Project }) {
  const market = useProjectMarket(project.id);
  return (
    <Card aria-labelledby="market-stats-title" data-testid="market-stats">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-5 py-3 sm:px-6">
        <h2 id="market-stats-title" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <CircleDollarSign className="h-4 w-4 text-indigo-600" aria-hidden="true" />
          Market
        </h2>
        {market.data?.stale && <UsdStaleBadge />}
      </div>
      {market.isPending ? (
        <StatsGrid busy>
          {LABELS.map((label) => (
            <Stat key={label} label={label}>
              <Skeleton className="h-7 w-24" />
            </Stat>
          ))}
        </StatsGrid>
      ) : market.isError && !market.data ? (
        <ErrorState message="Failed to load the market figures." onRetry={() => void market.refetch()} />
      ) : (
        <MarketStats market={market.data} symbol={project.token_symbol} />
      )}
    </Card>
  );
}

const LABELS = ['Price (USD)', 'Liquidity', 'Market cap', 'FDV', 'Volume 24h', 'Holders'] as const;

function MarketStats({ market, symbol }: { market: ProjectMarket; symbol: string }) {
  const noUsd = market.price_usd === null;
  // One reason under the row rather than six copies of it: every USD figure lacks the same route.
  const reason = noUsd ? market.usd_unavailable_reason : null;
  const supplyNote = market.total_supply === null ? market.supply_unavailable_reason : null;
  return (
    <>
      <StatsGrid>
        <Stat label="Price (USD)">
          <UsdFigure
            value={market.price_usd}
            source={market.usd}
            reason={market.usd_unavailable_reason}
            reasonAs="title"
            staleBadge={false}
            testId="market-price-usd"
            className="text-lg font-semibold text-slate-900"
          />
          <span
            className="mt-0.5 block text-xs"
            title="Change over 24 h of the price in the paired token of the pool that sets it (past USD rates are not recorded)"
          >
            24h <ChangeValue value={market.change_24h} />
          </span>
        </Stat>
        <Stat label="Liquidity">
          <UsdFigure
            value={market.liquidity_usd}
            source={market.usd}
            reason={market.usd_unavailable_reason}
            reasonAs="title"
            staleBadge={false}
            format={formatUsdCompact}
            testId="market-liquidity-usd"
            className="text-lg font-semibold text-slate-900"
          />
        </Stat>
        <Stat label="Market cap">
          <UsdFigure
            value={market.market_cap_usd}
            source={market.usd}
            reason={noUsd ? market.usd_unavailable_reason : market.supply_unavailable_reason}
            reasonAs="title"
            staleBadge={false}
            format={formatUsdCompact}
            testId="market-cap-usd"
            className="text-lg font-semibold text-slate-900"
          />
          {market.circulating_supply !== null && (
            <span
              className="mt-0.5 block text-xs text-slate-500"
              title={`${formatPriceFull(market.circulating_supply)} ${symbol}: totalSupply() less the balances of the burn addresses`}
            >
              {formatAmountCompact(market.circulating_supply)} {symbol} circulating
            </span>
          )}
        </Stat>
        <Stat label="FDV">
          <UsdFigure
            value={market.fdv_usd}
            source={market.usd}
            reason={noUsd ? market.usd_unavailable_reason : market.supply_unavailable_reason}
            reasonAs="title"
            staleBadge={false}
            format={formatUsdCompact}
            testId="market-fdv-usd"
            className="text-lg font-semibold text-slate-900"
          />
          {market.total_supply !== null && (
            <span
              className="mt-0.5 block text-xs text-slate-500"
              title={`${formatPriceFull(market.total_supply)} ${symbol}: totalSupply()`}
            >
              {formatAmountCompact(market.total_supply)} {symbol} total
            </span>
          )}
        </Stat>
        <Stat label="Volume 24h">
          <UsdFigure
            value={market.volume_24h_usd}
            source={market.usd}
            reason={market.usd_unavailable_reason}
            reasonAs="title"
            staleBadge={false}
            format={formatUsdCompact}
            testId="market-volume-usd"
            className="text-lg font-semibold text-slate-900"
          />
        </Stat>
        <Stat label="Holders">
          <span className="text-lg font-semibold text-slate-900 tabular-nums" data-testid="market-holders">
            {market.holders === null ? UNKNOWN : market.holders.toLocaleString('en-US')}
          </span>
        </Stat>
      </StatsGrid>
      {(reason || supplyNote) && (
        <div
          className="flex flex-col gap-1 border-t border-slate-100 px-5 py-3 text-xs text-slate-600 sm:px-6"
          data-testid="market-usd-reason"
        >
          {noUsd && <p>{reason?.trim() || 'No USD value: no route from this token to a USD stablecoin.'}</p>}
          {supplyNote && <p>Market cap and FDV: {supplyNote}</p>}
        </div>
      )}
    </>
  );
}

/** Six columns on a wide screen, three on a tablet, two on a phone (390 px). */
function StatsGrid({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <dl
      className="grid grid-cols-2 gap-x-4 gap-y-4 px-5 py-4 sm:grid-cols-3 sm:px-6 lg:grid-cols-6"
      aria-busy={busy || undefined}
    >
      {children}
    </dl>
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
