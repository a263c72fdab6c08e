import { shortenAddress, type Pool, type PoolSummary } from '@tokendesk/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Droplets } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Logo } from '../../../components/logo';
import { EmptyState, ErrorState } from '../../../components/status-message';
import { Card, CardHeader } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatAmount, pairLabel, UNKNOWN } from '../../../lib/format';
import { paths } from '../../../lib/paths';

/** Product §2.6: the balance is the paired-token reserve with 2 to 6 decimals. */
const BALANCE = { maxDecimals: 6 } as const;

export interface LatestPoolsCardProps {
  /** The count and the five newest pools without chain reads: rows and labels never wait for a node. */
  pools: UseQueryResult<PoolSummary>;
  /** The same five pools with reserves read from the chain: the Balance column. */
  livePools: UseQueryResult<Pool[]>;
}

export function LatestPoolsCard({ pools, livePools }: LatestPoolsCardProps) {
  const navigate = useNavigate();
  const byId = new Map((livePools.data ?? []).map((pool) => [pool.id, pool]));

  function balance(pool: Pool) {
    const live = byId.get(pool.id);
    if (live) {
      return (
        <>
          {formatAmount(live.pool_funds?.amount_token, BALANCE)}{' '}
          <span className="text-slate-500">{pool.token.symbol}</span>
        </>
      );
    }
    if (livePools.isFetching) return <Skeleton className="ml-auto h-4 w-20" />;
    return <span className="text-slate-500">{UNKNOWN}</span>;
  }

  return (
    <Card aria-labelledby="latest-funds-title" className="min-w-0">
      <CardHeader
        titleId="latest-funds-title"
        title="Latest Funds"
        actions={
          pools.data && pools.data.pool_count > 0 ? (
            <Link to={paths.pools} className="rounded text-sm font-medium text-indigo-600 hover:text-indigo-700">
              View all
            </Link>
          ) : undefined
        }
      />
      {pools.isPending ? (
        <div aria-label="Loading funds" className="flex flex-col gap-3 px-5 py-5 sm:px-6">
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} className="h-6 w-full" />
          ))}
        </div>
      ) : pools.isError && !pools.data ? (
        <ErrorState
          message="Failed to load funds. Please try again."
          onRetry={() => void pools.refetch()}
          retrying={pools.isFetching}
        />
      ) : pools.data.latest_pools.length === 0 ? (
        <EmptyState
          icon={Droplets}
          title="No funds yet"
          description="Create a project, then add a liquidity pool to it: its reserves show up here."
        />
      ) : (
        // Narrow cards keep Pool and Balance; the other columns join as the card widens.
        <div className="@container overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-slate-100 text-left text-xs tracking-wide text-slate-500 uppercase">
                <th scope="col" className="px-5 py-2.5 font-medium sm:px-6">
                  Pool
                </th>
                <th scope="col" className="hidden px-3 py-2.5 font-medium @lg:table-cell">
                  Token
                </th>
                <th scope="col" className="px-5 py-2.5 text-right font-medium sm:px-6 @md:px-3">
                  Balance
                </th>
                <th scope="col" className="hidden px-3 py-2.5 font-medium @md:table-cell">
                  DEX
                </th>
                <th scope="col" className="hidden px-3 py-2.5 font-medium @2xl:table-cell">
                  Network
                </th>
                <th scope="col" className="hidden px-5 py-2.5 font-medium sm:px-6 @3xl:table-cell">
                  Address
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {pools.data.latest_pools.map((pool) => (
                <tr
                  key={pool.id}
                  // The row is a big target for the mouse; keyboard users reach the link in the first cell.
                  onClick={() => navigate(paths.pool(pool.id))}
                  className="cursor-pointer transition-colors hover:bg-slate-50"
                >
                  <td className="px-5 py-3 sm:px-6">
                    <Link
                      to={paths.pool(pool.id)}
                      onClick={(event) => event.stopPropagation()}
                      title={pairLabel(pool.project.token_symbol, pool.token.symbol)}
                      // A 32-character symbol would push the balance out of a phone's view.
                      className="block max-w-[9rem] truncate rounded font-semibold whitespace-nowrap text-slate-900 hover:text-indigo-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 @md:max-w-[14rem]"
                    >
                      {pairLabel(pool.project.token_symbol, pool.token.symbol)}
                    </Link>
                  </td>
                  <td className="hidden px-3 py-3 @lg:table-cell">
                    <span className="inline-flex items-center gap-1.5 whitespace-nowrap text-slate-700">
                      <Logo src={pool.token.token_logo} name={pool.token.symbol} size="sm" />
                      {pool.token.symbol}
                    </span>
                  </td>
                  <td className="px-5 py-3 text-right font-medium whitespace-nowrap text-slate-900 tabular-nums sm:px-6 @md:px-3">
                    {balance(pool)}
                  </td>
                  <td className="hidden px-3 py-3 @md:table-cell">
                    <span className="inline-flex items-center gap-1.5 whitespace-nowrap text-slate-700">
                      <Logo src={pool.dex.dex_logo} name={pool.dex.name} size="sm" />
                      {pool.dex.name}
                    </span>
                  </td>
                  <td className="hidden px-3 py-3 @2xl:table-cell">
                    <span className="inline-flex items-center gap-1.5 whitespace-nowrap text-slate-700">
                      <Logo src={pool.network.network_logo} name={pool.network.name} size="sm" />
                      {pool.network.name}
                    </span>
                  </td>
                  <td
                    className="hidden px-5 py-3 font-mono text-xs whitespace-nowrap text-slate-500 sm:px-6 @3xl:table-cell"
                    title={pool.pool_address}
                  >
                    {shortenAddress(pool.pool_address)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
