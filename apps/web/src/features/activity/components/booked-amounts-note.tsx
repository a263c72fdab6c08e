import { cn } from '../../../lib/cn';

/**
 * Amounts come from the pool's own events, so for a token that takes a fee on transfer they are
 * what the pool received or paid out, not what the wallet sent or got.
 */
export function BookedAmountsNote({ className }: { className?: string }) {
  return (
    <p className={cn('text-xs text-slate-500', className)} data-testid="booked-amounts-note">
      Amounts are what the pool booked. For a token that takes a fee on transfer, the sender paid more or the recipient
      received less.
    </p>
  );
}
