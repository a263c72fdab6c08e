import type { Pool } from '@tokendesk/contract';
import { Logo } from '../../../components/logo';
import { cn } from '../../../lib/cn';

/** DEX logo and name. */
export function DexLabel({ dex, className }: { dex: Pool['dex']; className?: string }) {
  return (
    <span className={cn('inline-flex min-w-0 items-center gap-1.5', className)}>
      <Logo src={dex.dex_logo} name={dex.name} size="xs" />
      <span className="truncate">{dex.name}</span>
    </span>
  );
}

/** Network logo and name. */
export function PoolNetworkLabel({ network, className }: { network: Pool['network']; className?: string }) {
  return (
    <span className={cn('inline-flex min-w-0 items-center gap-1.5', className)}>
      <Logo src={network.network_logo} name={network.name} size="xs" />
      <span className="truncate">{network.name}</span>
    </span>
  );
}
