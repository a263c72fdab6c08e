import { type DiscoveredPool, type Project } from '@tokendesk/contract';
import { Link2, Radar, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { CopyButton } from '../../../components/copy-button';
import { ExplorerLink } from '../../../components/explorer-link';
import { Logo } from '../../../components/logo';
import { ErrorState } from '../../../components/status-message';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { serverMessage } from '../../../lib/api-client';
import { formatDateTime, pairLabel } from '../../../lib/format';
import { isV4Pool, PoolFactBadges, PoolIdentityText } from '../../../components/pool-identity';
import { useAttachDiscoveredPool, useDiscoveredPools, useDismissDiscoveredPool } from '../api/discovered-pools';
import { pairedTokenLabel } from './paired-token';
import { useNetwork } from '../../../components/network-label';

/**
 * Pools of the project's token that the new-pool watch saw being created and that are not attached:
 * one click attaches one (verified on chain by the server), one click dismisses it. Nothing is shown
 * while there are none, so the page stays as it was for projects without news.
 */
export function DiscoveredPoolsCard({ project }: { project: Project }) {
  const found = useDiscoveredPools(project.id);
  const network = useNetwork(project.network);

  if (found.isPending || (found.data && found.data.length === 0)) return null;

  return (
    <Card aria-labelledby="discovered-pools-title" className="border-indigo-200">
      <CardHeader
        titleId="discovered-pools-title"
        icon={<Radar className="h-5 w-5" aria-hidden="true" />}
        title="New pools found"
        description={`Created on ${network?.name ?? 'this network'}'s DEXes since TokenDesk started watching ${project.token_symbol}. Attach one to follow its liquidity and price.`}
      />
      {found.isError && !found.data ? (
        <ErrorState
          message={serverMessage(found.error) ?? 'Failed to load the pools found for this project. Please try again.'}
          onRetry={() => void found.refetch()}
          retrying={found.isFetching}
        />
      ) : (
        <ul className="@container divide-y divide-slate-100" aria-label="New pools found">
          {found.data.map((pool) => (
            <DiscoveredPoolRow key={pool.id} project={project} pool={pool} explorer={network?.network_explorer} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function DiscoveredPoolRow({
  project,
  pool,
  explorer,
}: {
  project: Project;
  pool: DiscoveredPool;
  explorer: string | null | undefined;
}) {
  const attach = useAttachDiscoveredPool();
  const dismiss = useDismissDiscoveredPool();
  const [error, setError] = useState<string | null>(null);
  const label = pairLabel(project.token_symbol, pairedTokenLabel(pool.paired_token));
  const busy = attach.isPending || dismiss.isPending;
  const input = { projectId: project.id, discoveredId: pool.id };

  function onAttach() {
    setError(null);
    // The promise, not mutate's callbacks: on success the row leaves the list (and unmounts)
    // before the mutation settles, and mutate's callbacks do not run for an unmounted row.
    attach.mutateAsync(input).then(
      () => toast.success(`${label} on ${pool.dex.name} was attached.`),
      (failure: unknown) => setError(serverMessage(failure) ?? 'Failed to attach the pool. Please try again.'),
    );
  }

  function onDismiss() {
    setError(null);
    dismiss.mutateAsync(input).then(
      () => toast.success(`${label} on ${pool.dex.name} was dismissed. 'Add Pool' can still attach it.`),
      (failure: unknown) => setError(serverMessage(failure) ?? 'Failed to dismiss the pool. Please try again.'),
    );
  }

  return (
    <li className="flex flex-col gap-3 px-5 py-4 sm:px-6">
      <div className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-3 @xl:grid-cols-[auto_minmax(0,1fr)_auto]">
        <Logo src={pool.dex.dex_logo} name={pool.dex.name} size="md" />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
            <span className="truncate text-sm font-semibold text-slate-900" title={pool.paired_token.address}>
              {label}
            </span>
            <PoolFactBadges pool={pool} />
            <span className="text-xs text-slate-500">{pool.dex.name}</span>
          </p>
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
            <span className="inline-flex items-center">
              <PoolIdentityText pool={pool} />
              <CopyButton
                value={pool.pool_address}
                label={`Copy ${isV4Pool(pool) ? 'pool ID' : 'address'} of ${label} on ${pool.dex.name}`}
              />
              {/* A V4 pool id is not an address: an explorer would not find it. */}
              {!isV4Pool(pool) && (
                <ExplorerLink explorer={explorer} address={pool.pool_address} label={`View ${label} on explorer`} />
              )}
            </span>
            <span>Created in block {pool.block_number}</span>
            <span>Found {formatDateTime(pool.found_at)}</span>
          </p>
        </div>
        <div className="col-span-2 flex items-center justify-end gap-2 @xl:col-span-1">
          <Button
            variant="ghost"
            size="sm"
            onClick={onDismiss}
            disabled={busy}
            loading={dismiss.isPending}
            aria-label={`Dismiss ${label} on ${pool.dex.name}`}
          >
            {!dismiss.isPending && <X className="h-4 w-4" aria-hidden="true" />}
            {dismiss.isPending ? 'Dismissing...' : 'Dismiss'}
          </Button>
          <Button
            size="sm"
            onClick={onAttach}
            disabled={busy}
            loading={attach.isPending}
            aria-label={`Attach ${label} on ${pool.dex.name}`}
          >
            {!attach.isPending && <Link2 className="h-4 w-4" aria-hidden="true" />}
            {attach.isPending ? 'Attaching...' : 'Attach'}
          </Button>
        </div>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
    </li>
  );
}
