import { CloudOff, Radio, RefreshCw } from 'lucide-react';
import { Badge } from '../ui/badge';
import { Tooltip } from '../ui/tooltip';
import type { ConnectionStatus } from '../../lib/live/connection-state';
import { connectionTexts } from '../../lib/live/connection-state';

const TONES = { live: 'success', connecting: 'neutral', reconnecting: 'warning', offline: 'danger' } as const;
const ICONS = { live: Radio, connecting: RefreshCw, reconnecting: RefreshCw, offline: CloudOff } as const;

/**
 * The header's 'Live' / 'Reconnecting…' / 'Offline' (issue 31). The word says it, not the colour
 * alone; the pill is a button so the explanation is reachable by keyboard (focus shows the tooltip),
 * and the label sits in a status region, so a change is announced without moving focus.
 */
export function ConnectionIndicatorView({ status, asOf }: { status: ConnectionStatus; asOf: string | null }) {
  const { label, explanation } = connectionTexts(status, asOf);
  const Icon = ICONS[status];
  return (
    <span role="status" className="flex shrink-0 items-center">
      <Tooltip content={explanation}>
        <button
          type="button"
          data-connection={status}
          aria-describedby="connection-explanation"
          className="cursor-default rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          <Badge tone={TONES[status]}>
            <Icon className="h-3 w-3" aria-hidden="true" />
            {/* Below 400 px the icon (a different one per state) stands for the word, which screen readers still get. */}
            <span className="max-[399px]:sr-only">{label}</span>
          </Badge>
        </button>
      </Tooltip>
      <span id="connection-explanation" className="sr-only">
        {explanation}
      </span>
    </span>
  );
}
