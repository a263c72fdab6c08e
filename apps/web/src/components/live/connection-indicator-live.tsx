import { formatClock } from '../../lib/live/format-clock';
import { useConnection } from '../../lib/live/connection-store';
import { ConnectionIndicatorView } from './connection-indicator';

export function ConnectionIndicator() {
  const { status, lastDataAt } = useConnection();
  return <ConnectionIndicatorView status={status} asOf={lastDataAt === null ? null : formatClock(lastDataAt)} />;
}
