import { formatPriceFull, formatUsd, type UsdSource } from '@tokendesk/contract';
import { Clock } from 'lucide-react';
import { cn } from '../lib/cn';
import { UNKNOWN } from '../lib/format';
import { usdMissingText, usdSourceText } from '../lib/usd-text';
import { Badge } from './ui/badge';
import { Tooltip } from './ui/tooltip';

export interface UsdFigureProps {
  /** The exact decimal string from the API; null when there is no USD figure. */
  value: string | null | undefined;
  /** How it was read; the tooltip names the route and the block. */
  source: UsdSource | null | undefined;
  /** Why it is null (the server's usd_unavailable_reason). */
  reason?: string | null;
  /** formatUsd by default; formatUsdCompact where space is short (the full figure is in the tooltip). */
  format?: (value: string) => string;
  /** 'note': the reason as a line under the '—' (stat rows); 'title': only on hover (dense rows). */
  reasonAs?: 'note' | 'title';
  className?: string;
  testId?: string;
  /** False where the card around the figures already shows one 'stale' badge for all of them. */
  staleBadge?: boolean;
}

/**
 * A USD figure as product §12 asks: the value with its provenance one hover or focus away, a
 * 'stale' badge when the route was not read recently, and '—' with the reason when there is none —
 * never a guessed or zero figure.
 */
export function UsdFigure({
  value,
  source,
  reason,
  format = formatUsd,
  reasonAs = 'note',
  className,
  testId,
  staleBadge = true,
}: UsdFigureProps) {
  if (value === null || value === undefined) {
    const why = usdMissingText(reason);
    return (
      <span className={cn('text-slate-500', className)} data-testid={testId} data-usd="none">
        <span title={reasonAs === 'title' ? why : undefined}>{UNKNOWN}</span>
        {reasonAs === 'note' ? (
          <span className="mt-0.5 block text-xs font-normal text-slate-500">{why}</span>
        ) : (
          <span className="sr-only"> ({why})</span>
        )}
      </span>
    );
  }
  const full = `$${formatPriceFull(value)}`;
  return (
    <span
      className={cn('inline-flex flex-wrap items-center gap-x-1.5 gap-y-0.5', className)}
      data-testid={testId}
      data-usd="value"
    >
      <Tooltip
        content={
          <>
            <span className="block font-medium tabular-nums">{full}</span>
            {source ? usdSourceText(source) : 'No route was reported for this figure.'}
          </>
        }
      >
        {/* Focusable so the provenance reaches keyboard users too (the tooltip opens on focus). */}
        <span
          tabIndex={0}
          className="cursor-help rounded tabular-nums decoration-slate-300 decoration-dotted underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none"
        >
          {format(value)}
        </span>
      </Tooltip>
      {staleBadge && source?.stale && <UsdStaleBadge />}
    </span>
  );
}

/** The 'stale' badge of the pool figures (features/pools stale-badge), for USD figures in any feature. */
export function UsdStaleBadge({ className }: { className?: string }) {
  return (
    <Badge
      tone="warning"
      className={className}
      title="The last USD figures read; a pool of the route has not been read for a while."
    >
      <Clock className="h-3 w-3" aria-hidden="true" />
      stale
    </Badge>
  );
}
