import { cn } from '../lib/cn';

/** The TokenDesk mark and name. */
export function Brand({
  className,
  compact = false,
  textClassName,
}: {
  className?: string;
  compact?: boolean;
  textClassName?: string;
}) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <span
        aria-hidden="true"
        className="grid h-8 w-8 shrink-0 place-items-center rounded-lg bg-gradient-to-br from-indigo-500 to-violet-600 text-sm font-bold text-white shadow-sm"
      >
        T
      </span>
      {!compact && (
        <span className={cn('text-lg font-semibold tracking-tight text-slate-900', textClassName)}>TokenDesk</span>
      )}
    </span>
  );
}
