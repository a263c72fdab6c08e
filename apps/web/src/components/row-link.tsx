import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { cn } from '../lib/cn';

/**
 * A list row's title as its link, stretched over the whole row (the row is `relative`): the row
 * clicks through, yet it is one link with one name and one tab stop. Buttons in the row sit above
 * it (`relative z-10`). The focus ring is drawn round the row.
 */
export function RowLink({ className, ...props }: ComponentProps<typeof Link>) {
  return (
    <Link
      className={cn(
        "block truncate text-sm font-semibold text-slate-900 after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-indigo-500 focus-visible:after:ring-inset",
        className,
      )}
      {...props}
    />
  );
}
