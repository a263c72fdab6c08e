import { Minus, TrendingDown, TrendingUp } from 'lucide-react';
import { cn } from '../lib/cn';
import { changeDirection, formatChange } from '../lib/format';

/**
 * A 24h change: green up, red down, '—' while there is no 24h of history (product §2.2). The 700
 * shades: emerald-600 on white is 3.7:1, below WCAG AA's 4.5:1 for text this size (axe).
 */
export function ChangeValue({ value, className }: { value: string | null | undefined; className?: string }) {
  const direction = changeDirection(value);
  const text = formatChange(value);
  if (direction === null) {
    return (
      <span className={cn('text-slate-500', className)} title="Not enough price history yet">
        {text}
        <span className="sr-only"> (no 24h history yet)</span>
      </span>
    );
  }
  const Icon = direction === 'up' ? TrendingUp : direction === 'down' ? TrendingDown : Minus;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 font-medium tabular-nums',
        direction === 'up' ? 'text-emerald-700' : direction === 'down' ? 'text-red-700' : 'text-slate-500',
        className,
      )}
    >
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {text}
    </span>
  );
}
