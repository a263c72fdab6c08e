import { cn } from '../../lib/cn';

export interface ProgressBarProps {
  /** 0–100; values outside are clamped (product §6: bars cap at 100%). */
  value: number;
  label: string;
  className?: string;
  barClassName?: string;
}

export function ProgressBar({ value, label, className, barClassName }: ProgressBarProps) {
  const clamped = Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamped)}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-slate-100', className)}
    >
      <div
        className={cn('h-full rounded-full transition-[width]', barClassName ?? 'bg-indigo-500')}
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}
