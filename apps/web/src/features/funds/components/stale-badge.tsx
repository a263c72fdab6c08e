import type { Pool } from '@tokendesk/contract';
import { Clock } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';

/**
 * pool_funds.stale: the reserves are the last ones read, not current ones (the node did not answer
 * or the indexer is behind). Read defensively so a server without the flag simply shows none.
 */
export function isStale(funds: Pool['pool_funds'] | undefined): boolean {
  return (funds as { stale?: unknown } | null | undefined)?.stale === true;
}

export function StaleBadge({ className }: { className?: string }) {
  return (
    <Badge tone="warning" className={className} title="These figures are the last ones read; the chain could not be read just now.">
      <Clock className="h-3 w-3" aria-hidden="true" />
      stale
    </Badge>
  );
}
