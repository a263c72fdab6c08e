import type { Pool } from '@tokendesk/contract';
import { Clock } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';

/**
 * pool_funds.stale: the figures are older than three poll intervals of the network (the node is
 * lagging or unreachable): the last ones known, shown with a 'stale' badge rather than hidden.
 */
export function isStale(funds: Pool['pool_funds'] | undefined): boolean {
  return funds?.stale === true;
}

export function StaleBadge({ className }: { className?: string }) {
  return (
    <Badge
      tone="warning"
      className={className}
      title="These are the last figures read; the network has not answered for a while."
    >
      <Clock className="h-3 w-3" aria-hidden="true" />
      stale
    </Badge>
  );
}
