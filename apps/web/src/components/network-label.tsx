import type { Network } from '@tokendesk/contract';
import { Logo } from './logo';
import { cn } from '../lib/cn';
import { useNetworks } from '../lib/networks';

/** The project's network by id; the networks list is cached for the session. */
export function useNetwork(networkId: number): Network | undefined {
  const networks = useNetworks();
  return networks.data?.find((network) => network.id === networkId);
}

/** Logo and name of a network; 'Chain {id}' until (or unless) the list is known. */
export function NetworkLabel({ networkId, className }: { networkId: number; className?: string }) {
  const network = useNetwork(networkId);
  const name = network?.name ?? `Chain ${networkId}`;
  return (
    <span className={cn('inline-flex min-w-0 items-center gap-1.5', className)}>
      <Logo src={network?.network_logo} name={name} size="xs" />
      <span className="truncate">{name}</span>
    </span>
  );
}
