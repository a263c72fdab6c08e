import { ChevronDown } from 'lucide-react';
import type { Ref, SelectHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';
import { inputClasses } from './input';

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>;
}

/**
 * A native select: the platform picker on phones, full keyboard support and form semantics for free.
 * Styled like the text inputs.
 */
export function Select({ className, children, ...props }: SelectProps) {
  return (
    <div className="relative min-w-0">
      <select
        className={cn(inputClasses, 'cursor-pointer appearance-none pr-9 disabled:cursor-not-allowed', className)}
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 text-slate-400"
        aria-hidden="true"
      />
    </div>
  );
}
