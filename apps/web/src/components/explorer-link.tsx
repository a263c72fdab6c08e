import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { explorerAddressUrl } from '../lib/format';

export interface ExplorerLinkProps {
  explorer: string | null | undefined;
  address: string;
  /** Accessible name, e.g. 'View pool on explorer'. */
  label: string;
  /** Visible text; without it the link is an icon. */
  children?: ReactNode;
  className?: string;
}

/** A link to the address on the network's block explorer; nothing when the network has none. */
export function ExplorerLink({ explorer, address, label, children, className }: ExplorerLinkProps) {
  const href = explorerAddressUrl(explorer, address);
  if (!href) return null;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={children ? undefined : label}
      title={label}
      onClick={(event) => event.stopPropagation()}
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-md text-slate-500 transition-colors hover:text-indigo-600',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500',
        children
          ? 'text-sm font-medium text-indigo-600 hover:text-indigo-700'
          : 'h-7 w-7 justify-center hover:bg-slate-100',
        className,
      )}
    >
      {children}
      <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
    </a>
  );
}
