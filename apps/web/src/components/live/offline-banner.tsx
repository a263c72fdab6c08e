import { CloudOff } from 'lucide-react';
import { formatClock } from '../../lib/live/format-clock';
import { unreachableMessage } from '../../lib/live/connection-state';
import { useConnection } from '../../lib/live/connection-store';

export const OFFLINE_MESSAGE_ID = 'offline-message';

export function OfflineBannerView({ asOf }: { asOf: string | null }) {
  return (
    <div
      id={OFFLINE_MESSAGE_ID}
      className="mb-6 flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-800"
    >
      <CloudOff className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <p>
        <span className="font-medium">{unreachableMessage(asOf)}</span>{' '}
        <span>Figures shown are from then and are dimmed until TokenDesk answers again.</span>
      </p>
    </div>
  );
}

/**
 * The one message for an unreachable server (issue 31), at the top of the page instead of an error
 * in every area. The figures under it are marked stale (data-stale, index.css) and described by it.
 */
export function OfflineBanner() {
  const { status, lastDataAt } = useConnection();
  if (status !== 'offline') return null;
  return <OfflineBannerView asOf={lastDataAt === null ? null : formatClock(lastDataAt)} />;
}

/** The attributes of a region whose chain figures go stale while offline. */
export function useStaleRegion(): { 'data-stale'?: true; 'aria-describedby'?: string } {
  const { status } = useConnection();
  return status === 'offline' ? { 'data-stale': true, 'aria-describedby': OFFLINE_MESSAGE_ID } : {};
}
