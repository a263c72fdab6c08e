import { cn } from '../lib/cn';
import { nameInitials } from '../lib/format';

/** Product §2.7: four colours, cycling by the project id. */
const colours = [
  'bg-indigo-100 text-indigo-700',
  'bg-emerald-100 text-emerald-700',
  'bg-amber-100 text-amber-800',
  'bg-rose-100 text-rose-700',
] as const;

const sizes = {
  sm: 'h-8 w-8 text-xs',
  md: 'h-10 w-10 text-sm',
  lg: 'h-12 w-12 text-base',
} as const;

export interface InitialsBadgeProps {
  id: number;
  name: string;
  size?: keyof typeof sizes;
  className?: string;
}

/** Two uppercase letters of a project name on the project's colour. */
export function InitialsBadge({ id, name, size = 'md', className }: InitialsBadgeProps) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-grid shrink-0 place-items-center rounded-lg font-semibold select-none',
        colours[Math.abs(id) % colours.length],
        sizes[size],
        className,
      )}
    >
      {nameInitials(name)}
    </span>
  );
}
