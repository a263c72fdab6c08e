import { formatPrice, formatUsdCompact } from '@tokendesk/contract';
import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { ChangeValue } from '../../../components/change-value';
import { Logo } from '../../../components/logo';
import { ErrorState } from '../../../components/status-message';
import { UsdFigure } from '../../../components/usd-figure';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { serverMessage } from '../../../lib/api-client';
import { formatAmount, pairLabel, priceTitle } from '../../../lib/format';
import { useLivePool } from '../api/get-pool';
import { DexLabel, PoolNetworkLabel } from './pool-label';
import { StaleBadge, isStale } from './stale-badge';
import { paths } from '../../../lib/paths';
import { useLoadErrorText } from '../../../lib/live/connection-store';

const BALANCE = { maxDecimals: 6 } as const;

/** A pool at a glance (price, reserves, 24h change); the whole card opens /funds/{id}. */
export function PoolSummaryCard({ poolId }: { poolId: number }) {
  const fund = useLivePool(poolId);
  const loadErrorText = useLoadErrorText();

  if (fund.isPending) {
    return (
      <Card aria-label="Loading pool" className="px-5 py-4">
        <div className="flex items-center gap-3">
          <Skeleton className="h-10 w-10 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-3 w-48" />
          </div>
        </div>
      </Card>
    );
  }
  if (fund.isError && !fund.data) {
    return (
      <Card>
        <ErrorState
          message={loadErrorText(
            fund.error,
            serverMessage(fund.error) ?? 'The pool could not be loaded. Please try again.',
          )}
          onRetry={() => void fund.refetch()}
          retrying={fund.isFetching}
        />
      </Card>
    );
  }

  const pool = fund.data;
  const label = pairLabel(pool.project.token_symbol, pool.token.symbol);
  const funds = pool.pool_funds;
  return (
    <Card className="relative transition-colors hover:bg-slate-50">
      <div className="@container px-5 py-4 sm:px-6">
        <div className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-4 gap-y-3 @2xl:grid-cols-[auto_minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,1.4fr)_auto]">
          <Logo src={pool.token.token_logo} name={pool.token.symbol} size="lg" />
          <div className="min-w-0">
            <Link
              to={paths.pool(pool.id)}
              className="block truncate text-base font-semibold text-slate-900 after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-indigo-500"
            >
              {label} Pool
            </Link>
            <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
              <DexLabel dex={pool.dex} />
              <PoolNetworkLabel network={pool.network} />
              {isStale(funds) && <StaleBadge />}
            </p>
          </div>
          <ChevronRight
            className="col-start-3 row-start-1 h-4 w-4 text-slate-400 @2xl:col-start-5"
            aria-hidden="true"
          />
          <div className="col-span-3 min-w-0 @2xl:col-span-1 @2xl:col-start-3 @2xl:row-start-1">
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Price</p>
            <p className="mt-0.5 flex flex-wrap items-baseline gap-x-2 text-sm">
              <span className="font-semibold text-slate-900 tabular-nums" title={priceTitle(pool.price)}>
                {formatPrice(pool.price)}
              </span>
              <span className="text-xs text-slate-500">{pool.token.symbol}</span>
              <span className="text-xs text-slate-500">
                24h <ChangeValue value={pool.change_24h} />
              </span>
            </p>
            <p className="relative z-10 text-xs text-slate-500" data-testid="pool-price-usd">
              <UsdFigure
                value={pool.price_usd}
                source={pool.usd}
                reason={pool.usd_unavailable_reason}
                reasonAs="title"
              />{' '}
              in USD
            </p>
          </div>
          <div className="col-span-3 min-w-0 @2xl:col-span-1 @2xl:col-start-4 @2xl:row-start-1">
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Reserves</p>
            <p className="mt-0.5 text-sm break-all text-slate-900 tabular-nums">
              {formatAmount(funds?.amount_token, BALANCE)} <span className="text-slate-500">{pool.token.symbol}</span>
            </p>
            <p className="text-sm break-all text-slate-900 tabular-nums">
              {formatAmount(funds?.amount_project_token, BALANCE)}{' '}
              <span className="text-slate-500">{pool.project.token_symbol}</span>
            </p>
            <p className="relative z-10 text-xs text-slate-500" data-testid="pool-liquidity-usd">
              Liquidity{' '}
              <UsdFigure
                value={pool.liquidity_usd}
                source={pool.usd}
                reason={pool.usd_unavailable_reason}
                reasonAs="title"
                format={formatUsdCompact}
                className="font-medium text-slate-900"
              />
            </p>
          </div>
        </div>
      </div>
    </Card>
  );
}
