import { cn } from '../../lib/cn';

/** A grey placeholder while a figure loads; hidden from screen readers (the region says 'loading'). */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn('block animate-pulse rounded-md bg-slate-200', className)} />;
}
