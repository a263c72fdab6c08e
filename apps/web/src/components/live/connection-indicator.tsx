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
    // Phones: the header's row is full (375 px), so the pill hangs from the header's lower edge, out
    // of the row's flow; from 640 px it sits in the row before the buttons. It hangs at the left, in
    // line with the page's content, 6 px over the edge: centred, it sat under the + button (the row's
    // buttons end 12 px above the edge), touching it; lower, it would touch the page's heading.
    <span
      role="status"
      className="flex shrink-0 items-center max-sm:absolute max-sm:top-[calc(100%-6px)] max-sm:left-4"
    >
      <Tooltip content={explanation}>
        <button
          type="button"
          data-connection={status}
          aria-describedby="connection-explanation"
          className="cursor-default rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          <Badge tone={TONES[status]} className="max-sm:shadow-sm">
            <Icon className="h-3 w-3" aria-hidden="true" />
            <span>{label}</span>
          </Badge>
        </button>
      </Tooltip>
      <span id="connection-explanation" className="sr-only">
        {explanation}
      </span>
    </span>
  );
}
