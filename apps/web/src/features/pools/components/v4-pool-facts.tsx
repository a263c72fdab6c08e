import { shortenAddress, type Pool } from '@tokendesk/contract';
import { Layers } from 'lucide-react';
import { CopyButton } from '../../../components/copy-button';
import { ExplorerLink } from '../../../components/explorer-link';
import { poolFeeLabel } from '../../../components/pool-identity';
import { Badge } from '../../../components/ui/badge';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';

type V4 = NonNullable<Pool['v4']>;

const NO_HOOKS = /^0x0{40}$/i;

/** True when the V4 key names a hooks contract (address 0 means none). */
export const hasHooks = (v4: Pick<V4, 'hooks'>): boolean => !NO_HOOKS.test(v4.hooks);

/** The note every hooked pool carries: its figures come from the chain, but a hook decides them. */
export const HOOKS_NOTE = 'This pool has hooks: they can change amounts and fees.';

/**
 * The pool id of a V4 pool where other pools show their address: shortened, copyable, and no
 * explorer link — an id is not an address, an explorer would not find it.
 */
export function PoolIdItem({ poolId }: { poolId: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Pool ID</dt>
      <dd className="mt-1">
        <span className="flex items-center gap-0.5 text-sm">
          <span className="font-mono text-slate-900" title={poolId}>
            {shortenAddress(poolId)}
          </span>
          <CopyButton value={poolId} label="Copy pool ID" />
        </span>
        <span className="mt-1 block text-xs text-slate-500">
          A Uniswap V4 pool has no address of its own: the network's PoolManager holds it.
        </span>
      </dd>
    </div>
  );
}

/** The hooks contract and the permissions its address grants, or 'No hooks'. */
export function HooksFacts({ v4, explorer }: { v4: V4; explorer: string }) {
  if (!hasHooks(v4)) return <p className="text-sm text-slate-700">No hooks</p>;
  return (
    <div className="flex min-w-0 flex-col gap-2">
      {v4.launchpad && <p className="text-sm font-medium text-slate-900">{v4.launchpad}'s launchpad hook</p>}
      <p className="flex items-center gap-0.5 text-sm">
        <span className="font-mono text-slate-900" title={v4.hooks}>
          {shortenAddress(v4.hooks)}
        </span>
        <CopyButton value={v4.hooks} label="Copy hooks address" />
        <ExplorerLink explorer={explorer} address={v4.hooks} label="View hooks contract on explorer" />
      </p>
      {v4.hook_flags.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Hook permissions">
          {v4.hook_flags.map((flag) => (
            <li key={flag}>
              <Badge className="font-mono">{flag}</Badge>
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-amber-800">{HOOKS_NOTE}</p>
    </div>
  );
}

/** The card of a V4 pool's key on the pool page: fee, tick spacing, hooks (its id is under Addresses). */
export function V4PoolFactsCard({ pool }: { pool: Pool }) {
  const v4 = pool.v4;
  if (!v4) return null;
  const fee = poolFeeLabel(pool);
  return (
    <Card aria-labelledby="v4-pool-title">
      <CardHeader
        titleId="v4-pool-title"
        icon={<Layers className="h-5 w-5" aria-hidden="true" />}
        title="Uniswap V4 pool"
      />
      <CardBody>
        <dl className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,2fr)]">
          <div className="min-w-0">
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Fee</dt>
            <dd className="mt-1 text-sm text-slate-900">
              {fee ?? '—'}
              {v4.dynamic_fee && <span className="block text-xs text-slate-500">Set by the hook for each swap.</span>}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Tick spacing</dt>
            <dd className="mt-1 text-sm text-slate-900 tabular-nums">{v4.tick_spacing}</dd>
          </div>
          <div className="min-w-0">
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">Hooks</dt>
            <dd className="mt-1">
              <HooksFacts v4={v4} explorer={pool.network.network_explorer} />
            </dd>
          </div>
        </dl>
      </CardBody>
    </Card>
  );
}
