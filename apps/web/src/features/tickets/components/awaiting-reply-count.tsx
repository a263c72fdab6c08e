import { awaitingReplyText } from '@tokendesk/contract';
import { cn } from '../../../lib/cn';

/**
 * The staff console's header count (docs/decisions/0040): tickets whose last word is the user's,
 * over every page and whatever the filter shows. Nothing until the server has answered.
 */
export function AwaitingReplyCount({ count }: { count: number | undefined }) {
  if (count === undefined) return null;
  return (
    <span
      data-testid="awaiting-reply-count"
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium',
        count > 0 ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-700',
      )}
    >
      {awaitingReplyText(count)}
    </span>
  );
}
