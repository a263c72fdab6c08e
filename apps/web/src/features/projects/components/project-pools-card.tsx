import { formatPrice, PROJECT_POOLS_LIMIT, type Pool, type Project } from '@tokendesk/contract';
import { Droplets, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Logo } from '../../../components/logo';
import { RowLink } from '../../../components/row-link';
import { EmptyState, ErrorState, LoadingState } from '../../../components/status-message';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { serverMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { pairLabel, priceTitle } from '../../../lib/format';
import { PoolFactBadges, PoolIdentityText } from '../../../components/pool-identity';
import { useDeletePool } from '../api/delete-pool';
import { usePoolDeleteSummary } from '../api/get-pool-delete-summary';
import { useProjectPools } from '../api/get-project-pools';
import { AddPoolDialog } from './add-pool-dialog';
import { paths } from '../../../lib/paths';

/** Product §2.8: the project's pools, 'Add Pool', and an inline two-step delete per pool. */
export function ProjectPoolsCard({ project }: { project: Project }) {
  const pools = useProjectPools(project.id);
  const [adding, setAdding] = useState(false);

  return (
    <Card aria-labelledby="project-pools-title">
      <CardHeader
        titleId="project-pools-title"
        icon={<Droplets className="h-5 w-5" aria-hidden="true" />}
        title="Liquidity Pools"
        description="Open a pool to see its reserves and price."
        actions={
          pools.data && pools.data.length > 0 ? (
            <Button size="sm" onClick={() => setAdding(true)}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add Pool
            </Button>
          ) : undefined
        }
      />
      {pools.isPending ? (
        <LoadingState>Loading pools...</LoadingState>
      ) : pools.isError ? (
        <ErrorState
          message={serverMessage(pools.error) ?? 'Failed to load pools. Please try again.'}
          onRetry={() => void pools.refetch()}
          retrying={pools.isFetching}
        />
      ) : pools.data.length === 0 ? (
        <EmptyState
          icon={Droplets}
          title="No pools added yet"
          description={`Attach a DEX pool of ${project.token_symbol} to follow its liquidity and price.`}
          action={
            <Button onClick={() => setAdding(true)}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add First Pool
            </Button>
          }
        />
      ) : (
        <>
          <ul className="@container divide-y divide-slate-100" aria-label="Liquidity pools">
            {pools.data.map((pool) => (
              <PoolRow key={pool.id} pool={pool} />
            ))}
          </ul>
          {/* The route answers at most PROJECT_POOLS_LIMIT pools; the funds list pages through all of them. */}
          {pools.data.length >= PROJECT_POOLS_LIMIT && (
            <p className="border-t border-slate-100 px-5 py-3 text-center text-xs text-slate-500 sm:px-6">
              The newest {PROJECT_POOLS_LIMIT} pools are shown.{' '}
              <Link to={paths.projectPools(project.id)} className="font-medium text-indigo-600 hover:underline">
                See all pools of {project.token_symbol} in Funds
              </Link>
            </p>
          )}
        </>
      )}
      <AddPoolDialog project={project} open={adding} onOpenChange={setAdding} />
    </Card>
  );
}

function PoolRow({ pool }: { pool: Pool }) {
  const label = pairLabel(pool.project.token_symbol, pool.token.symbol);
  const deletePool = useDeletePool({ onGone: () => toast.success(`${label} on ${pool.dex.name} was removed.`) });
  const [confirming, setConfirming] = useState(false);
  // Not once the deletion runs: asked again afterwards, the server would answer 404.
  const summary = usePoolDeleteSummary(pool.id, { enabled: confirming && deletePool.isIdle });
  const alertCount = summary.data?.alert_count;
  const cancelRef = useRef<HTMLButtonElement>(null);
  const trashRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  // Focus follows the two steps: to 'Cancel' when asked, back to the trash icon when cancelled.
  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
    else if (wasConfirming.current) trashRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  function remove() {
    deletePool.mutate(pool.id, {
      onError: (failure) => {
        setConfirming(false);
        toast.error(serverMessage(failure) ?? 'Failed to delete pool. Please try again.');
      },
    });
  }

  return (
    <li
      className={cn(
        'relative grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 px-5 py-4 transition-colors hover:bg-slate-50 sm:px-6',
        '@xl:grid-cols-[auto_minmax(0,1fr)_minmax(0,11rem)_auto]',
      )}
    >
      <Logo src={pool.dex.dex_logo} name={pool.dex.name} size="md" className="row-span-2 @xl:row-span-1" />
      <div className="min-w-0">
        <RowLink to={paths.pool(pool.id)}>{label}</RowLink>
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
          <span>{pool.dex.name}</span>
          <PoolFactBadges pool={pool} />
          <PoolIdentityText pool={pool} />
        </p>
      </div>
      <p className="col-start-2 row-start-2 min-w-0 text-xs text-slate-500 @xl:col-start-3 @xl:row-start-1 @xl:text-right">
        <span className="text-sm font-semibold text-slate-900 tabular-nums @xl:block" title={priceTitle(pool.price)}>
          {formatPrice(pool.price)}
        </span>{' '}
        {pool.price === null ? 'Price unknown' : `${pool.token.symbol} per ${pool.project.token_symbol}`}
      </p>
      <div
        className={cn(
          'relative z-10 flex items-center justify-end gap-2',
          confirming
            ? 'col-span-3 row-start-3 pt-2 @xl:col-span-1 @xl:col-start-4 @xl:row-start-1 @xl:pt-0'
            : 'col-start-3 row-span-2 row-start-1 @xl:col-start-4 @xl:row-span-1',
        )}
      >
        {confirming ? (
          <div
            role="group"
            aria-label={`Delete ${label} on ${pool.dex.name}`}
            className="flex flex-wrap items-center justify-end gap-2"
            onKeyDown={(event) => {
              if (event.key === 'Escape' && !deletePool.isPending) setConfirming(false);
            }}
          >
            <span className="min-w-0 text-sm font-medium text-red-700" aria-live="polite">
              {alertCount
                ? `Delete pool and its ${alertCount === 1 ? 'alert' : `${alertCount} alerts`}?`
                : 'Delete pool?'}
            </span>
            <Button
              ref={cancelRef}
              variant="outline"
              size="sm"
              onClick={() => setConfirming(false)}
              disabled={deletePool.isPending}
            >
              Cancel
            </Button>
            <Button
              variant="destructive"
              size="sm"
              onClick={remove}
              // A moment until the count is in: the user confirms knowing what goes.
              disabled={deletePool.isPending || (summary.isFetching && !summary.data)}
              loading={deletePool.isPending}
            >
              {deletePool.isPending ? 'Deleting...' : 'Delete'}
            </Button>
          </div>
        ) : (
          <button
            ref={trashRef}
            type="button"
            aria-label={`Delete pool ${label} on ${pool.dex.name}`}
            title="Delete pool"
            onClick={() => {
              deletePool.reset();
              setConfirming(true);
            }}
            className="grid h-9 w-9 cursor-pointer place-items-center rounded-lg text-slate-400 transition-colors hover:bg-red-50 hover:text-red-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </button>
        )}
      </div>
    </li>
  );
}
