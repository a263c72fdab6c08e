import { formatPrice, shortenAddress, type Pool } from '@tokendesk/contract';
import { Coins, SearchX, TriangleAlert } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ChangeValue } from '../../../components/change-value';
import { BackLink, DetailFrame, DetailPage, useRecordId } from '../../../components/detail-page';
import { CopyButton } from '../../../components/copy-button';
import { ExplorerLink } from '../../../components/explorer-link';
import { Logo } from '../../../components/logo';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { explorerAddressUrl, formatAmount, formatDateTime, pairLabel, priceTitle, UNKNOWN } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { PoolActivityCard } from '../../../features/activity/components/pool-activity-card';
import { useLivePool } from '../../../features/pools/api/get-pool';
import { PoolNetworkLabel } from '../../../features/pools/components/pool-label';
import { PoolUsdStats } from '../../../features/pools/components/pool-usd-stats';
import { TopTradersCard } from '../../../features/traders/components/top-traders-card';
import { PoolPriceChart } from '../../../features/candles/components/candle-chart';
import { isStale, StaleBadge } from '../../../features/pools/components/stale-badge';
import { hasHooks, PoolIdItem, V4PoolFactsCard } from '../../../features/pools/components/v4-pool-facts';
import { poolFeeLabel, poolLaunchpadLabel } from '../../../components/pool-identity';
import { PoolFamilyFactsCard } from '../../../features/pools/components/pool-family-facts';
import { isDynamicFee, poolPlugin, poolShapeLabels } from '../../../lib/pool-family';
import { paths } from '../../../lib/paths';

/** Product §2.11: 'Pool Balance' with 2 to 6 decimals. */
const BALANCE = { maxDecimals: 6 } as const;

const back = <BackLink to={paths.pools}>Back to Funds</BackLink>;

export function PoolDetailRoute() {
  const id = useRecordId();
  return id === null ? <PoolNotFound /> : <PoolDetail id={id} />;
}

/** Product §2.11 words it as a load failure ('Failed to load fund'), unlike the other detail pages. */
function PoolNotFound() {
  useDocumentTitle('Fund not found');
  return (
    <DetailFrame back={back} width="5xl">
      <Card>
        <div role="alert" className="flex flex-col items-center px-4 py-10 text-center">
          <span
            className="grid h-12 w-12 place-items-center rounded-full bg-slate-100 text-slate-400"
            aria-hidden="true"
          >
            <SearchX className="h-6 w-6" />
          </span>
          <p className="mt-4 text-sm font-semibold text-slate-900">Failed to load fund</p>
          <p className="mt-1 text-sm text-slate-600">Fund not found. Please try again.</p>
          <Link to={paths.pools} className={buttonClasses('outline', 'sm', 'mt-5')}>
            View all funds
          </Link>
        </div>
      </Card>
    </DetailFrame>
  );
}

function PoolDetail({ id }: { id: number }) {
  const livePool = useLivePool(id);
  const label = livePool.data ? pairLabel(livePool.data.project.token_symbol, livePool.data.token.symbol) : null;
  useDocumentTitle(label ? `${label} Pool` : 'Fund');

  return (
    <DetailPage
      back={back}
      width="5xl"
      query={livePool}
      notFound={<PoolNotFound />}
      loadingText="Loading fund details..."
      errorMessage="Failed to load fund details. Please try again later."
    >
      {(pool) => (
        <PoolDetails
          pool={pool}
          refreshing={livePool.isFetching}
          onRefresh={() => void livePool.refetch()}
          activity={<PoolActivityCard pool={pool} />}
        />
      )}
    </DetailPage>
  );
}

interface PoolDetailsProps {
  pool: Pool;
  refreshing: boolean;
  onRefresh: () => void;
  activity: ReactNode;
}

function PoolDetails({ pool, refreshing, onRefresh, activity }: PoolDetailsProps) {
  const label = pairLabel(pool.project.token_symbol, pool.token.symbol);
  const fee = poolFeeLabel(pool);
  const launchpad = poolLaunchpadLabel(pool);
  const funds = pool.pool_funds;
  // A V4 pool id is not an address: no explorer link for it (docs/decisions/0041).
  const poolExplorerUrl = pool.v4 ? null : explorerAddressUrl(pool.network.network_explorer, pool.pool_address);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 items-center gap-4">
          <Logo src={pool.token.token_logo} name={pool.token.symbol} size="lg" />
          <div className="min-w-0">
            <h1 className="text-xl font-semibold tracking-tight break-words text-slate-900 sm:text-2xl">
              {label} Pool
            </h1>
            <div className="mt-1.5 flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <Badge tone="info">
                <Logo src={pool.dex.dex_logo} name={pool.dex.name} size="xs" />
                {pool.dex.name}
              </Badge>
              {fee && <Badge>{isDynamicFee(pool) ? fee : `Fee ${fee}`}</Badge>}
              {poolShapeLabels(pool).map((shape) => (
                <Badge key={shape}>{shape}</Badge>
              ))}
              {launchpad && <Badge tone="info">{launchpad}</Badge>}
              {pool.v4 && hasHooks(pool.v4) && <Badge tone="warning">Hooks</Badge>}
              {poolPlugin(pool) && <Badge tone="warning">Plugin</Badge>}
              <PoolNetworkLabel network={pool.network} />
              <span className="text-slate-400" aria-hidden="true">
                ·
              </span>
              <Link
                to={paths.project(pool.project.id)}
                className="font-medium text-indigo-600 hover:text-indigo-700 hover:underline"
              >
                {pool.project.name}
              </Link>
            </div>
          </div>
        </div>
        <Button variant="outline" size="sm" onClick={onRefresh} disabled={refreshing} loading={refreshing}>
          Refresh
        </Button>
      </div>

      <div className="@container">
        <div className="grid gap-4 @xl:grid-cols-2 @4xl:grid-cols-4">
          <Stat label="Pool Balance" className="@xl:col-span-2" badge={isStale(funds) ? <StaleBadge /> : undefined}>
            <p className="text-2xl font-semibold break-all text-slate-900 tabular-nums">
              {formatAmount(funds?.amount_token, BALANCE)}{' '}
              <span className="text-base font-medium text-slate-500">{pool.token.symbol}</span>
            </p>
            <p className="mt-1 text-sm break-all text-slate-600 tabular-nums">
              {formatAmount(funds?.amount_project_token, BALANCE)} {pool.project.token_symbol}{' '}
              <span className="text-slate-500">project token reserve</span>
            </p>
          </Stat>
          <Stat label="Price">
            <p className="text-2xl font-semibold break-all text-slate-900 tabular-nums" title={priceTitle(pool.price)}>
              {formatPrice(pool.price)}
            </p>
            <p className="mt-1 text-sm text-slate-500">
              {pool.token.symbol} per {pool.project.token_symbol}
            </p>
          </Stat>
          <Stat label="Last 24 hours">
            <dl className="flex flex-col gap-1.5 text-sm">
              <div className="flex items-center justify-between gap-2">
                <dt className="text-slate-500">24h change</dt>
                <dd>
                  <ChangeValue value={pool.change_24h} />
                </dd>
              </div>
              <div className="flex flex-wrap items-center justify-between gap-x-2">
                <dt className="text-slate-500">24h volume</dt>
                <dd className="ml-auto text-right font-medium break-all text-slate-900 tabular-nums">
                  {pool.volume_24h === null ? (
                    <span className="text-slate-500">{UNKNOWN}</span>
                  ) : (
                    `${formatAmount(pool.volume_24h, BALANCE)} ${pool.token.symbol}`
                  )}
                </dd>
              </div>
            </dl>
          </Stat>
        </div>
      </div>
      <p className="-mt-3 text-xs text-slate-500">
        {funds?.block_number ? (
          <>
            Reserves as of block {funds.block_number}
            {funds.updated_at && <> · read {formatDateTime(funds.updated_at)}</>}
            {isStale(funds) && (
              <span className="font-medium text-amber-700"> · stale: the network has not answered for a while</span>
            )}
          </>
        ) : (
          'The reserves could not be read from the chain right now.'
        )}
      </p>

      <PoolUsdStats pool={pool} />

      <PoolPriceChart poolId={pool.id} pairSymbol={pool.token.symbol} projectSymbol={pool.project.token_symbol} />

      {activity}

      <TopTradersCard pool={pool} />

      <V4PoolFactsCard pool={pool} />
      <PoolFamilyFactsCard pool={pool} />

      <Card aria-labelledby="fund-addresses-title">
        <CardHeader
          titleId="fund-addresses-title"
          icon={<Coins className="h-5 w-5" aria-hidden="true" />}
          title="Addresses"
        />
        <CardBody>
          <dl className="grid gap-4 sm:grid-cols-2">
            <AddressItem
              label={`${pool.project.token_symbol} contract`}
              address={pool.project.contract_address}
              explorer={pool.network.network_explorer}
              copyLabel="Copy contract address"
              explorerLabel="View contract on explorer"
            />
            {pool.v4 ? (
              <PoolIdItem poolId={pool.v4.pool_id} />
            ) : (
              <AddressItem
                label="Pool address"
                address={pool.pool_address}
                explorer={pool.network.network_explorer}
                copyLabel="Copy pool address"
                explorerLabel="View pool on explorer"
              />
            )}
          </dl>
        </CardBody>
      </Card>

      <div
        role="note"
        className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
      >
        <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0 text-amber-600" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-medium">
            {pool.v4
              ? 'Never send tokens to the PoolManager directly. Add liquidity through the DEX.'
              : 'Never send tokens to the pool address directly. Add liquidity through the DEX.'}
          </p>
          {poolExplorerUrl && (
            <a
              href={poolExplorerUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-1 inline-block font-medium text-amber-800 underline underline-offset-2 hover:text-amber-950"
            >
              View the pool on the explorer
            </a>
          )}
        </div>
      </div>
    </div>
  );
}

function Stat({
  label,
  className,
  badge,
  children,
}: {
  label: string;
  className?: string;
  badge?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card className={className} aria-labelledby={titleId}>
      <div className="px-5 py-4">
        <div className="flex items-center justify-between gap-2">
          <h2 id={titleId} className="text-xs font-medium tracking-wide text-slate-500 uppercase">
            {label}
          </h2>
          {badge}
        </div>
        <div className="mt-2">{children}</div>
      </div>
    </Card>
  );
}

interface AddressItemProps {
  label: string;
  address: string;
  explorer: string;
  copyLabel: string;
  explorerLabel: string;
}

function AddressItem({ label, address, explorer, copyLabel, explorerLabel }: AddressItemProps) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 flex items-center gap-0.5 text-sm">
        <span className="font-mono text-slate-900" title={address}>
          {shortenAddress(address)}
        </span>
        <CopyButton value={address} label={copyLabel} />
        <ExplorerLink explorer={explorer} address={address} label={explorerLabel} />
      </dd>
    </div>
  );
}
