import { formatPrice, formatUsd, PRICES_PANEL_LIMIT } from '@tokendesk/contract';
import { useQuery } from '@tanstack/react-query';
import { LineChart, RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChangeValue } from '../../../components/change-value';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { formatTime, pairLabel, priceTitle } from '../../../lib/format';
import { usePrices } from '../api/get-prices';
import { poolsSummaryQueryOptions } from '../api/get-pools-summary';
import { paths } from '../../../lib/paths';
import { useConnection, useLoadErrorText } from '../../../lib/live/connection-store';
import { useStaleRegion } from '../../../components/live/offline-banner';

/** Product §2.2: the panel sits beside the page from 1280 px; narrower screens open it as a drawer. */
export const PRICES_PANEL_QUERY = '(min-width: 1280px)';

/** Product §2.2: the price of each pool, refreshed every 30 s. */
export function MarketPricesPanel({ className, headerActions }: { className?: string; headerActions?: ReactNode }) {
  const prices = usePrices();
  const loadErrorText = useLoadErrorText();
  // Beside the page or in the drawer, its prices go stale with the rest while offline (issue 31).
  const stale = useStaleRegion();
  const live = useConnection().status === 'live';
  const refreshing = prices.isFetching;
  // A full panel may be cut off: then the count of all pools says how many more there are.
  const cutOff = (prices.data?.length ?? 0) >= PRICES_PANEL_LIMIT;
  const summary = useQuery({ ...poolsSummaryQueryOptions, enabled: cutOff });
  const poolCount = summary.data?.pool_count;

  return (
    <section aria-labelledby="market-prices-title" {...stale} className={cn('flex min-h-0 flex-col', className)}>
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-5 py-4">
        <h2 id="market-prices-title" className="mr-auto flex items-center gap-2 text-sm font-semibold text-slate-900">
          <LineChart className="h-4 w-4 text-indigo-600" aria-hidden="true" />
          Market Prices
        </h2>
        <button
          type="button"
          onClick={() => void prices.refetch()}
          disabled={refreshing}
          aria-label="Refresh prices"
          title="Refresh prices"
          className="grid h-8 w-8 cursor-pointer place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:cursor-wait"
        >
          <RefreshCw className={cn('h-4 w-4', refreshing && 'animate-spin')} aria-hidden="true" />
        </button>
        {headerActions}
      </div>

      <div className="min-h-0 flex-1 overflow-y-auto">
        {prices.isPending ? (
          <ul aria-label="Loading prices" className="divide-y divide-slate-100">
            {[0, 1, 2].map((n) => (
              <li key={n} className="flex items-center justify-between gap-3 px-5 py-3">
                <div className="flex flex-col gap-1.5">
                  <Skeleton className="h-4 w-24" />
                  <Skeleton className="h-3 w-16" />
                </div>
                <Skeleton className="h-4 w-14" />
              </li>
            ))}
          </ul>
        ) : prices.isError && !prices.data ? (
          <div role="alert" className="px-5 py-8 text-center text-sm text-slate-500">
            <p>{loadErrorText(prices.error, 'Prices could not be loaded.')}</p>
            <button
              type="button"
              onClick={() => void prices.refetch()}
              className="mt-2 cursor-pointer font-medium text-indigo-600 hover:text-indigo-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              Try Again
            </button>
          </div>
        ) : prices.data.length === 0 ? (
          <p className="px-5 py-8 text-center text-sm text-slate-500">No price data available</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Pool prices">
            {prices.data.map((item) => (
              <li key={item.pool_id}>
                <Link
                  to={paths.pool(item.pool_id)}
                  className="flex items-center justify-between gap-3 px-5 py-3 transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-inset"
                >
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-semibold text-slate-900">
                      {pairLabel(item.token, item.pair)}
                    </span>
                    <span className="block truncate text-xs text-slate-500">{item.dex}</span>
                  </span>
                  <span className="shrink-0 text-right">
                    <span
                      className="block text-sm font-semibold text-slate-900 tabular-nums"
                      title={priceTitle(item.price)}
                    >
                      {formatPrice(item.price)}
                    </span>
                    {/* Plain text with a title: the row is a link, so no focusable tooltip inside it. */}
                    <span
                      className="block text-xs text-slate-500 tabular-nums"
                      title={
                        item.price_usd === null
                          ? 'No USD price: no route from this pool to a USD stablecoin'
                          : `$${priceTitle(item.price_usd)} (USD)`
                      }
                      data-testid="price-usd"
                    >
                      {item.price_usd === null ? 'no USD price' : formatUsd(item.price_usd)}
                    </span>
                    <ChangeValue value={item.change_24h} className="text-xs" />
                  </span>
                </Link>
              </li>
            ))}
            {cutOff && (poolCount === undefined || poolCount > prices.data.length) && (
              <li className="px-5 py-3 text-xs text-slate-500">
                {poolCount === undefined
                  ? `The ${prices.data.length} newest pools. `
                  : `The ${prices.data.length} newest of ${poolCount.toLocaleString('en-US')} pools. `}
                <Link
                  to={paths.pools}
                  className="rounded font-medium text-indigo-600 hover:text-indigo-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                >
                  View all in Funds
                </Link>
              </li>
            )}
          </ul>
        )}
      </div>

      <div className="border-t border-slate-200 px-5 py-3 text-xs text-slate-500">
        {prices.dataUpdatedAt > 0 && (
          <p>
            Last updated {formatTime(prices.dataUpdatedAt)}
            {prices.isError && <span className="text-red-600"> · refresh failed</span>}
          </p>
        )}
        <p>{live ? 'Updates live' : 'Auto-refreshes every 30s'}</p>
      </div>
    </section>
  );
}
